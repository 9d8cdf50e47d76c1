package theme

import (
	"strings"
	"testing"

	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
)

var statuses = []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending,
	api.StatusBlocked, api.StatusSold, api.StatusArchived}

// withoutColour draws as under NO_COLOR (termenv's Ascii profile) with palette p,
// and puts the profile and the palette back after the test.
func withoutColour(t *testing.T, p Palette) {
	t.Helper()
	oldProfile, oldPalette := lipgloss.ColorProfile(), Current()
	t.Cleanup(func() { lipgloss.SetColorProfile(oldProfile); Use(oldPalette) })
	lipgloss.SetColorProfile(termenv.Ascii)
	Use(p)
}

// Every state the theme draws keeps a mark of its own without colour, in every
// palette: a status its symbol and word, the tab on screen its brackets, the focused
// button its brackets, the focused field its border.
func TestMarkersWithoutColour(t *testing.T) {
	for _, p := range palettes {
		t.Run(string(p.Name), func(t *testing.T) {
			withoutColour(t, p)
			symbols := map[string]api.Status{}
			for _, s := range statuses {
				got := Status(s)
				if got != ansi.Strip(got) {
					t.Errorf("%s is drawn with escapes under NO_COLOR: %q", s, got)
				}
				sym := format.StatusSymbol(s)
				if got != sym+" "+string(s) {
					t.Errorf("Status(%s) = %q, want its symbol and word", s, got)
				}
				if other, dup := symbols[sym]; dup || sym == Cursor || sym == MarkedMark {
					t.Errorf("%s shares its symbol %q with %q or a row's mark", s, sym, other)
				}
				symbols[sym] = s
			}
			if got := CurrentTab("2 Category") + Tab.Render("3 Details"); got != "[2 Category] 3 Details " {
				t.Errorf("the tab on screen among others reads %q", got)
			}

			yes := true
			confirm := huh.NewConfirm().Title("Hide the phone?").Value(&yes).WithTheme(Form())
			confirm.Focus()
			if v := confirm.View(); !strings.Contains(v, "[Yes]") || strings.Contains(v, "[No]") || !strings.Contains(v, "┃") {
				t.Errorf("the focused field and its chosen button have no mark without colour:\n%s", v)
			}
		})
	}
}
