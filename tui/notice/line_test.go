package notice

import (
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
