package listing_test

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// A bulk job of more than a minute's budget (700 deactivations at 600 a minute) on a
// terminal of 80 columns: every line drawn in place fits, the wait for the budget
// included, and the time left only falls. The sandbox is served in-process in a
// synctest bubble, so the minute's wait is fake time.
func TestBulkProgressFitsTheTerminalAndOnlyFalls(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := clitest.InProcess(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 1400}}})
		c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir(), "COLUMNS": "80"}
		ids := activeIDs(t, c, 700)
		c.StderrTTY = true
		r := c.Run(strings.Join(ids, "\n"), "deactivate", "-")
		if r.Code != 0 {
			t.Fatalf("exit %d:\n%s", r.Code, r.Stderr[max(len(r.Stderr)-2000, 0):])
		}
		waited, last := clitest.ProgressLines(t, r.Stderr, 80)
		if !waited || last < 0 {
			t.Errorf("no wait (%v) or no time left (%s) drawn", waited, last)
		}
	})
}
