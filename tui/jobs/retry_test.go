package jobs

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// A deactivation whose listing 2 failed on a server error and 3 on a rule: R in the
// history plans a retry of 2 alone, naming 3 and why, in the plan box; y journals and
// runs it as the panel's job, which sends 2 once more, and the history then has it,
// made of the first.
func TestRetryFromTheHistory(t *testing.T) {
	f := newFake()
	f.refuse[2] = &api.Error{Status: 500, Code: api.CodeInternalError, Hint: "try again later"}
	f.refuse[3] = &api.Error{Status: 422, Code: "not_editable", Hint: "the listing is sold"}
	dir := t.TempDir()
	m := newPanel(f, dir, false)
	m, r := startJob(t, m, deactivate(4))
	m, _ = drain(m, r)
	first := m.job.id

	m, _ = runLoop.Press(m, "h")
	m, _ = runLoop.Press(m, "enter")
	tuitest.Contains(t, tuitest.Screen(m), "1 listing failed for a reason that may pass now")
	m, _ = runLoop.Press(m, "R")
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "The retry of job "+first, "1 refused by the service's rules",
		"✎ 2 “Listing 2”: active → inactive", "3 “Listing 3”: left alone: not_editable: the listing is sold", "y/enter start the job")
	if !m.Capturing() {
		t.Error("the plan does not take y and n")
	}
	delete(f.refuse, 2)
	m, _ = runLoop.Press(m, "y") // runs the new job to its end
	tuitest.Contains(t, tuitest.Screen(m), "deactivate 1 listing", "1 done", "0 left")
	if f.calls[2] != 2 || f.calls[3] != 1 || f.calls[1] != 1 {
		t.Errorf("requests by listing: %v", f.calls)
	}
	m, _ = runLoop.Press(m, "h")
	if screen := tuitest.Screen(m); !strings.Contains(screen, "deactivate (retry)") {
		t.Errorf("the retry is not in the history:\n%s", screen)
	}
}
