package browser

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/theme"
)

// Every state of the table reads without colour (the tests draw as under NO_COLOR),
// in every theme and down to 60×15: each status by its symbol and word, the selected
// row by the cursor, a marked row by its mark, stale rows by the tab's mark, the tab
// on screen by its brackets.
func TestEveryStateReadsWithoutColour(t *testing.T) {
	defer theme.Use(theme.Current())
	for _, name := range []theme.Name{theme.Dark, theme.Light, theme.ANSI} {
		theme.Use(theme.PaletteOf(name, nil))
		for _, size := range [][2]int{{80, 24}, {60, 15}} {
			f := &fakeLister{data: fixture()}
			m := allTab(t, size[0], size[1])
			m.svc = f
			m, _ = loop.Press(m, "space") // marks the first row, selects the second
			f.err = &api.Error{Status: 503, Code: "unavailable"}
			m, _ = loop.Press(m, "r")
			v := m.View()
			if v != ansi.Strip(v) {
				t.Fatalf("%s %v: escapes under NO_COLOR:\n%q", name, size, v)
			}
			tuitest.CheckSize(t, v, size[0], size[1])
			lines := strings.Split(v, "\n")
			has := func(what, sub string) {
				t.Helper()
				if !strings.Contains(v, sub) {
					t.Errorf("%s %v: no %s (%q):\n%s", name, size, what, sub, v)
				}
			}
			for _, s := range []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending,
				api.StatusBlocked, api.StatusSold, api.StatusArchived} {
				if s != api.StatusInactive { // the selected row's status is checked below
					has("status "+string(s), format.Status(s))
				}
			}
			has("mark of the marked row", theme.MarkedMark+" iPhone")
			has("stale mark", theme.StaleMark())
			has("tab on screen", "[all")
			if l := lines[3]; !strings.HasPrefix(l, theme.Cursor+" Велосипед") || !strings.Contains(l, format.Status(api.StatusInactive)) {
				t.Errorf("%s %v: the selected row reads %q", name, size, l)
			}
		}
	}
}
