package notice

import (
	"github.com/charmbracelet/x/ansi"

	"strings"
	"testing"

	"github.com/listings-tui/listings/tui/theme"
)

// A warning reads as one without colour: a line said without a mark gets one, a line
// with its own mark keeps it alone, and a plain notice gets none.
func TestAWarningAlwaysHasItsMark(t *testing.T) {
	for _, tc := range []struct {
		l    Line
		want string
	}{
		{Line{Text: "cannot deactivate 7: it is sold", Warn: true}, " " + theme.WarningMark + " cannot deactivate 7"},
		{Line{Text: theme.WarningMark + " read-only", Warn: true}, " " + theme.WarningMark + " read-only"},
		{Line{Text: theme.ErrorMark + " not saved", Warn: true}, " " + theme.ErrorMark + " not saved"},
		{Line{Text: "language: en"}, " language: en"},
	} {
		tc.l.Fit(80, 2)
		if got := tc.l.Lines(); len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%q (warn %v) reads %q, want it to start %q", tc.l.Text, tc.l.Warn, got, tc.want)
		}
	}
}

// A line too long for its lines is cut, but what the user can do, after the last
// " · ", stays at its end (a wait's "esc gives up" in a longer language).
func TestALongLineKeepsWhatToDo(t *testing.T) {
	text := "waiting 42s for the request budget (the key's 60 requests a minute are spent), until 12:01:05 Kyiv time · esc gives up"
	for _, c := range []struct{ w, lines int }{{40, 1}, {40, 2}, {60, 1}} {
		l := Line{Text: text}
		l.Fit(c.w, c.lines)
		s := ansi.Strip(strings.Join(l.Lines(), "\n"))
		if len(l.Lines()) > c.lines || !strings.HasSuffix(strings.TrimSpace(s), "· esc gives up") {
			t.Errorf("%d×%d: %q", c.w, c.lines, s)
		}
	}
}
