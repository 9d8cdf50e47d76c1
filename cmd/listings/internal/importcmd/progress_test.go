package importcmd_test

import (
	"testing"
	"testing/synctest"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// An import of more than a minute's budget (40 rows of a create and a photo each, 80
// requests, with the personal key's 60 a minute) on a terminal of 80 columns: every
// line drawn in place fits, the wait for the budget included, and the time left only
// falls. The sandbox is served in-process in a synctest bubble: the wait is fake time.
func TestImportProgressFitsTheTerminalAndOnlyFalls(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := clitest.InProcess(t, sandbox.Options{}).WithKey(sandbox.KeyPersonal)
		c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir(), "COLUMNS": "80"}
		c.StderrTTY = true
		dir := photos(t, 40)
		var rows [][]string
		for i := 1; i <= 40; i++ {
			rows = append(rows, row(i))
		}
		r := c.Run("", "import", semicolonCSV(t, dir, rows))
		if r.Code != 0 {
			t.Fatalf("exit %d:\n%s", r.Code, r.Stderr[max(len(r.Stderr)-2000, 0):])
		}
		waited, last := clitest.ProgressLines(t, r.Stderr, 80)
		if !waited || last < 0 {
			t.Errorf("no wait (%v) or no time left (%s) drawn:\n%q", waited, last, r.Stderr[max(len(r.Stderr)-3000, 0):])
		}
	})
}
