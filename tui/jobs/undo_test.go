package jobs

import (
	"context"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// nowSvc says the listings as they are now: the list's page.
type nowSvc struct {
	*fakeSvc
	now []api.Listing
}

func (s nowSvc) ListListings(context.Context, api.ListParams) (*api.ListPage, error) {
	return &api.ListPage{Listings: s.now}, nil
}

// u in the history plans the undo of a deactivation from the listings as they are
// now (one activated again since is left alone, and named), shows it in the plan box,
// and y runs it as the panel's job: the three go back to active, one request each.
func TestUndoFromTheHistory(t *testing.T) {
	f := newFake()
	svc := nowSvc{fakeSvc: f}
	for i := 1; i <= 4; i++ {
		st := api.StatusInactive
		if i == 4 {
			st = api.StatusActive // activated again since the job
		}
		svc.now = append(svc.now, api.Listing{ID: i, Title: "Listing", Status: st})
	}
	m := newPanel(svc, t.TempDir(), false)
	m, r := startJob(t, m, deactivate(4))
	m, _ = drain(m, r)
	first := m.job.id

	m, _ = runLoop.Press(m, "h")
	if !canUndo(m) {
		t.Fatalf("a finished deactivation cannot be undone:\n%s", tuitest.Screen(m))
	}
	m, out := runLoop.Press(m, "u")
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "The undo of job "+first, "3 listings back", "1 left alone",
		"✎ 1 “Listing 1”: inactive → active", "4 “Listing 4”: left alone: changed since the job: it is active")
	if n := tuitest.Of[msgs.Notice](out); len(n) == 0 {
		t.Error("no word that the undo is being planned")
	}
	m, _ = runLoop.Press(m, "y")
	tuitest.Contains(t, tuitest.Screen(m), "activate 3 listings", "3 done", "0 left")
	if f.calls[1] != 2 || f.calls[3] != 2 || f.calls[4] != 1 {
		t.Errorf("requests by listing: %v", f.calls)
	}
	m, _ = runLoop.Press(m, "h")
	if screen := tuitest.Screen(m); !strings.Contains(screen, "activate (undo)") {
		t.Errorf("the undo is not in the history:\n%s", screen)
	}
}

// The plan box names the keys the user has: with jobs.start on "g", its line says g,
// not the default y/enter, and g starts the job (the box once drew its keys by hand).
func TestPlanBoxShowsTheUsersKeys(t *testing.T) {
	f := newFake()
	svc := nowSvc{fakeSvc: f}
	for i := 1; i <= 4; i++ {
		st := api.StatusInactive
		if i == 4 {
			st = api.StatusActive
		}
		svc.now = append(svc.now, api.Listing{ID: i, Title: "Listing", Status: st})
	}
	m := newPanel(svc, t.TempDir(), false)
	m.SetKeymap(action.Keymap{"jobs.start": {"g"}})
	m, r := startJob(t, m, deactivate(4))
	m, _ = drain(m, r)
	m, _ = runLoop.Press(m, "h")
	m, _ = runLoop.Press(m, "u")
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "g start the job", "n/esc cancel")
	tuitest.Lacks(t, screen, "y/enter")
	m, _ = runLoop.Press(m, "g")
	tuitest.Contains(t, tuitest.Screen(m), "activate 3 listings", "3 done")
}
