package theme

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api"
)

var palettes = []Palette{darkPalette, lightPalette, ansiPalette}

// roles are the palette's colour fields, by name: every field but Name and Dark.
func roles(p Palette) map[string]lipgloss.TerminalColor {
	out := map[string]lipgloss.TerminalColor{}
	v := reflect.ValueOf(p)
	colour := reflect.TypeFor[lipgloss.TerminalColor]()
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Type == colour {
			c, _ := v.Field(i).Interface().(lipgloss.TerminalColor)
			out[f.Name] = c
		}
	}
	return out
}

// A role left out of a palette is a nil colour, which lipgloss draws as nothing: the
// palette would differ from the others without anyone choosing it.
func TestEveryPaletteSetsEveryRole(t *testing.T) {
	if n := len(roles(darkPalette)); n < 20 {
		t.Fatalf("only %d roles found: is Palette still made of lipgloss.TerminalColor fields?", n)
	}
	for _, p := range palettes {
		for role, c := range roles(p) {
			if c == nil {
				t.Errorf("the %s palette has no %s", p.Name, role)
			}
		}
	}
}

// Dark and light are exact colours; ansi only the terminal's 16 and its own.
func TestPaletteKinds(t *testing.T) {
	for _, p := range []Palette{darkPalette, lightPalette} {
		for role, c := range roles(p) {
			if _, ok := rgb(c); !ok {
				t.Errorf("%s.%s = %#v, want #rrggbb", p.Name, role, c)
			}
		}
	}
	for role, c := range roles(ansiPalette) {
		switch c := c.(type) {
		case lipgloss.NoColor:
		case lipgloss.ANSIColor:
			if c > 15 {
				t.Errorf("ansi.%s = %d, beyond the 16 colours", role, c)
			}
		default:
			t.Errorf("ansi.%s = %#v, want a colour 0–15 or the terminal's own", role, c)
		}
	}
}

// text roles must read at 4.5:1 on the backgrounds the palette is for (WCAG AA for
// body text), Faint at 3:1, borders at least be seen.
var (
	textRoles = []string{"Text", "Muted", "Accent", "Success", "Warning", "Error", "Info", "Stale", "Marked", "Promo",
		"Active", "Inactive", "Pending", "Blocked", "Sold", "Archived"}
	pairs = [][2]string{{"SelectionFg", "SelectionBg"}, {"BannerFg", "BannerBg"}, {"Text", "BannerBg"}, {"OnAccent", "Accent"}}
)

func TestContrast(t *testing.T) {
	for _, tc := range []struct {
		p   Palette
		bgs []string
	}{
		{darkPalette, []string{"#000000", "#1e1e1e", "#2b2b2b"}},
		{lightPalette, []string{"#ffffff", "#f2f2f2"}},
	} {
		r := roles(tc.p)
		for _, bg := range tc.bgs {
			b, _ := rgb(lipgloss.Color(bg))
			check := func(role string, min float64) {
				f, _ := rgb(r[role])
				if got := contrast(f, b); got < min {
					t.Errorf("%s.%s on %s: %.2f:1, want %.1f:1", tc.p.Name, role, bg, got, min)
				}
			}
			for _, role := range textRoles {
				check(role, 4.5)
			}
			check("Faint", 3)
			check("Border", 1.4)
		}
		for _, pr := range pairs {
			f, _ := rgb(r[pr[0]])
			b, _ := rgb(r[pr[1]])
			if got := contrast(f, b); got < 4.5 {
				t.Errorf("%s.%s on %s: %.2f:1, want 4.5:1", tc.p.Name, pr[0], pr[1], got)
			}
		}
	}
}

// rgb reads a #rrggbb colour.
func rgb(c lipgloss.TerminalColor) ([3]float64, bool) {
	s, ok := c.(lipgloss.Color)
	if !ok || len(s) != 7 || s[0] != '#' {
		return [3]float64{}, false
	}
	var out [3]float64
	for i := range out {
		v, err := strconv.ParseUint(string(s[1+2*i:3+2*i]), 16, 8)
		if err != nil {
			return out, false
		}
		out[i] = float64(v) / 255
	}
	return out, true
}

// contrast is the WCAG 2 contrast ratio of two colours, from their relative
// luminance (sRGB channels linearised).
func contrast(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(c [3]float64) float64 {
	lin := func(v float64) float64 {
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Name{"": Auto, "auto": Auto, " Dark ": Dark, "LIGHT": Light, "ansi": ANSI} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := Parse("solarized")
	if err == nil || err.Error() != `unknown theme "solarized": use auto, dark, light or ansi` {
		t.Errorf("Parse(solarized): %v", err)
	}
}

// The terminal is asked for auto only.
func TestPaletteOfAsksForAutoOnly(t *testing.T) {
	asked := 0
	light := func() bool { asked++; return false }
	for n, want := range map[Name]Name{Dark: Dark, Light: Light, ANSI: ANSI} {
		if got := PaletteOf(n, light).Name; got != want {
			t.Errorf("PaletteOf(%s) = %s", n, got)
		}
	}
	if asked != 0 {
		t.Errorf("the terminal was asked %d times for a theme named", asked)
	}
	if got := PaletteOf(Auto, light).Name; got != Light || asked != 1 {
		t.Errorf("auto on a light terminal: %s, asked %d times", got, asked)
	}
	if got := PaletteOf("", func() bool { return true }).Name; got != Dark {
		t.Errorf("auto on a dark terminal: %s", got)
	}
}

// Use changes every style: with colour on, each palette draws differently, and ansi
// with the terminal's numbered colours only, whatever the terminal could do.
func TestUseSetsTheStyles(t *testing.T) {
	old := lipgloss.ColorProfile()
	defer lipgloss.SetColorProfile(old)
	defer Use(Current())
	lipgloss.SetColorProfile(termenv.TrueColor)
	seen := map[string]Name{}
	for _, p := range palettes {
		Use(p)
		s := Title.Render("x") + Muted.Render("x") + Selected.Render("x") + Status(api.StatusPending) +
			Form().Focused.Title.Render("x")
		if other, dup := seen[s]; dup {
			t.Errorf("%s draws as %s does: %q", p.Name, other, s)
		}
		seen[s] = p.Name
		if p.Name == ANSI && (strings.Contains(s, "38;2;") || strings.Contains(s, "48;2;") || !strings.Contains(s, ";35m")) {
			t.Errorf("ansi draws with other colours than the 16: %q", s)
		}
	}
}

// An output that is not the terminal (a test's) is taken as dark, never asked.
func TestDarkBackgroundOfAnOutputGiven(t *testing.T) {
	if !DarkBackground(&strings.Builder{}) {
		t.Error("a test's output is light")
	}
}
