package jobs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// The history lists every job of this service, of every kind, newest first, with
// its kind, when, counts and state (another service's is left out); enter opens
// one: what was refused before sending and what failed, with the reasons, before
// what was done; w writes an opened import's report; esc goes back a step at a time.
func TestHistoryListsEveryJobAndOpensOne(t *testing.T) {
	dir := t.TempDir()
	interrupted(t, dir, base, 6, 2)                 // a deactivation stopped, 4 left
	interrupted(t, dir, "https://other.test", 5, 5) // another service's
	s := importPlan(t, 3, 3)                        // rows 2 and 4 to create, row 3 refused
	h := s.Import.Header
	h.BaseURL, h.Created = base, now
	imp, err := catalog.NewJob(dir, h, now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	imp.Close()
	f := newFake()
	f.refuse[1003] = &api.Error{Status: 422, Code: "too_short", Field: "description", Hint: "at least 20 characters"}
	m := newPanel(f, dir, true)
	m, _ = runLoop.Drain(m, m.Init())
	m = resumeRun(m, "r") // the newest offered first: the import

	m, _ = runLoop.Press(m, "h")
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "Jobs · history", "2 jobs of this service, newest first", "import", "deactivate", "stopped", "done")
	tuitest.Lacks(t, screen, "other.test")
	if strings.Index(screen, "import") > strings.Index(screen, "deactivate") {
		t.Errorf("not newest first:\n%s", screen)
	}
	tuitest.CheckExactSize(t, m.View(), 100, 30)

	m, _ = runLoop.Press(m, "enter")
	screen = tuitest.Screen(m)
	tuitest.Contains(t, screen, "job "+imp.Head.Job, "import of stock.csv: 2 rows to send", "1 done", "1 failed",
		"1 row refused before sending", "row 3 “Row 2”: refused · price not a number", "row 4 “Row 3”: failed · description at least 20 characters",
		"row 2 “Row 1”: created · pending")
	if strings.Index(screen, "Row 2") > strings.Index(screen, "Row 1") {
		t.Errorf("what was not done is not first:\n%s", screen)
	}
	m, _ = runLoop.Press(m, "w")
	report := filepath.Join(filepath.Dir(h.File), "stock-report.csv")
	if _, err := os.Stat(report); err != nil {
		t.Errorf("w on an opened import wrote no report: %v", err)
	}
	tuitest.Contains(t, tuitest.Unbroken(tuitest.Screen(m)), "report: "+report)

	m, _ = runLoop.Press(m, "esc")
	tuitest.Contains(t, tuitest.Screen(m), "Jobs · history")
	m, _ = runLoop.Press(m, "esc")
	tuitest.Contains(t, tuitest.Screen(m), "job "+imp.Head.Job+" · import of stock.csv")
}
