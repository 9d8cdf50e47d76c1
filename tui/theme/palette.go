package theme

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Name is a theme as the config (tui.theme) and LISTINGS_THEME say it.
type Name string

const (
	// Auto picks Light or Dark from the terminal's background, asked once at start.
	Auto  Name = "auto"
	Dark  Name = "dark"
	Light Name = "light"
	// ANSI draws with the terminal's 16 colours and its own foreground only, so the
	// app follows whatever scheme the user gave the terminal.
	ANSI Name = "ansi"
)

// Names are the themes one may ask for, in the order the messages list them.
var Names = []Name{Auto, Dark, Light, ANSI}

// Allowed is the list of names for a message: "auto, dark, light or ansi".
func Allowed() string {
	s := make([]string, len(Names))
	for i, n := range Names {
		s[i] = string(n)
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Parse reads a theme's name; "" is Auto. Case and spaces around do not matter, since
// the name is typed by hand into a file or a variable.
func Parse(s string) (Name, error) {
	n := Name(strings.ToLower(strings.TrimSpace(s)))
	if n == "" {
		return Auto, nil
	}
	for _, k := range Names {
		if n == k {
			return n, nil
		}
	}
	return "", fmt.Errorf("unknown theme %q: use %s", s, Allowed())
}

// Palette is every colour of a theme, by role: what a colour is for, never which
// colour it is. Every role is set in every palette (TestEveryPaletteSetsEveryRole);
// lipgloss.NoColor{} is a choice too: the terminal's own colour.
type Palette struct {
	Name Name
	// Dark says the palette is drawn for a dark background. lipgloss is told, so that
	// a widget's own adaptive colour never makes it ask the terminal mid-run.
	Dark bool

	Text   lipgloss.TerminalColor // headings, values: the body's text
	Muted  lipgloss.TerminalColor // labels, hints, help's descriptions
	Faint  lipgloss.TerminalColor // placeholders, separators: text one may skip
	Border lipgloss.TerminalColor // box borders and rules, never text

	Accent   lipgloss.TerminalColor // titles, keys, the tab on screen, the focused field
	OnAccent lipgloss.TerminalColor // text on an Accent background (the focused button)

	Success lipgloss.TerminalColor
	Warning lipgloss.TerminalColor
	Error   lipgloss.TerminalColor
	Info    lipgloss.TerminalColor // links, the TOP badge

	Stale  lipgloss.TerminalColor // data shown from before a failed refresh
	Marked lipgloss.TerminalColor // a row marked for bulk work
	Promo  lipgloss.TerminalColor // the VIP badge

	SelectionFg lipgloss.TerminalColor // the row under the cursor
	SelectionBg lipgloss.TerminalColor
	BannerFg    lipgloss.TerminalColor // the error banner's first line
	BannerBg    lipgloss.TerminalColor

	// Status colours: each status also has its symbol and word (api/client/format).
	Active   lipgloss.TerminalColor
	Inactive lipgloss.TerminalColor
	Pending  lipgloss.TerminalColor
	Blocked  lipgloss.TerminalColor
	Sold     lipgloss.TerminalColor
	Archived lipgloss.TerminalColor
}

// hex is a colour of the Dark or Light palette, written as #rrggbb.
type hex = lipgloss.Color

// darkPalette is drawn for backgrounds from black to about #2b2b2b: every text role
// reads at 4.5:1 at least there, Faint at 3:1 (TestContrast).
var darkPalette = Palette{
	Name: Dark, Dark: true,
	Text: hex("#E6E6E6"), Muted: hex("#A0A0A0"), Faint: hex("#808080"), Border: hex("#4A4A4A"),
	Accent: hex("#A78BFA"), OnAccent: hex("#1A1A1A"),
	Success: hex("#4ADE80"), Warning: hex("#FACC15"), Error: hex("#F87171"), Info: hex("#60A5FA"),
	Stale: hex("#FB923C"), Marked: hex("#F0ABFC"), Promo: hex("#FACC15"),
	SelectionFg: hex("#F5F5F5"), SelectionBg: hex("#2E2552"),
	BannerFg: hex("#FCA5A5"), BannerBg: hex("#3B1418"),
	Active: hex("#4ADE80"), Inactive: hex("#A0A0A0"), Pending: hex("#FACC15"),
	Blocked: hex("#F87171"), Sold: hex("#60A5FA"), Archived: hex("#A0A0A0"),
}

// lightPalette is drawn for white and near-white backgrounds: no pale yellow or
// green text, every text role at 4.5:1 at least on #ffffff and #f2f2f2.
var lightPalette = Palette{
	Name: Light, Dark: false,
	Text: hex("#1A1A1A"), Muted: hex("#595959"), Faint: hex("#737373"), Border: hex("#BDBDBD"),
	Accent: hex("#5A3FC0"), OnAccent: hex("#FFFFFF"),
	Success: hex("#16723A"), Warning: hex("#7A5600"), Error: hex("#B42318"), Info: hex("#1D4ED8"),
	Stale: hex("#9A3412"), Marked: hex("#A21CAF"), Promo: hex("#7A5600"),
	SelectionFg: hex("#1A1A1A"), SelectionBg: hex("#E4DCFF"),
	BannerFg: hex("#9F1D14"), BannerBg: hex("#FDECEC"),
	Active: hex("#16723A"), Inactive: hex("#595959"), Pending: hex("#7A5600"),
	Blocked: hex("#B42318"), Sold: hex("#1D4ED8"), Archived: hex("#595959"),
}

// ansiPalette uses the terminal's colours 0–15 and its own foreground and background
// only. The body's text is the terminal's foreground, not a numbered colour: no
// number reads on both a light and a dark scheme. Bright colours (9–15) are left out
// for text for the same reason: they are pale on light schemes. Selection is black
// on white (0 on 7), the pair schemes keep apart whatever their background.
var ansiPalette = Palette{
	Name: ANSI,
	// Unknown, and not asked: the default of termenv, which lipgloss is told so that
	// it asks nothing either.
	Dark: true,
	Text: lipgloss.NoColor{}, Muted: lipgloss.NoColor{}, Faint: tc(8), Border: tc(8),
	Accent: tc(5), OnAccent: tc(0),
	Success: tc(2), Warning: tc(3), Error: tc(1), Info: tc(4),
	Stale: tc(3), Marked: tc(6), Promo: tc(3),
	SelectionFg: tc(0), SelectionBg: tc(7),
	BannerFg: tc(1), BannerBg: lipgloss.NoColor{},
	Active: tc(2), Inactive: lipgloss.NoColor{}, Pending: tc(3),
	Blocked: tc(1), Sold: tc(4), Archived: lipgloss.NoColor{},
}

// tc is terminal colour n.
func tc(n uint) lipgloss.ANSIColor { return lipgloss.ANSIColor(n) }

// PaletteOf is the palette of a theme; Auto (or "") takes Dark or Light as dark says.
// dark is called for Auto only, so the terminal is asked only when the user left the
// choice to it.
func PaletteOf(n Name, dark func() bool) Palette {
	switch n {
	case Light:
		return lightPalette
	case ANSI:
		return ansiPalette
	case Auto, "":
		if dark != nil && !dark() {
			return lightPalette
		}
	}
	return darkPalette
}
