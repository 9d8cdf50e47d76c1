package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// A wait for the budget is said under the view while it lasts, counting down, and esc
// gives it up.
func TestABudgetWaitIsShownAndCanBeGivenUp(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	until := f.clock.Now().Add(42 * time.Second)
	m.under.Waits.Note(api.Wait{For: 42 * time.Second, Until: until, PerMinute: 60})
	m, _ = f.run(m, msgs.Tick{})
	tuitest.Contains(t, flat(m), "waiting 42s for the request budget", "60 requests a minute are spent", "esc gives up")
	f.clock.Advance(30 * time.Second)
	m, _ = f.run(m, msgs.Tick{})
	tuitest.Contains(t, flat(m), "waiting 12s for the request budget")
	tuitest.CheckSize(t, m.View(), 100, 30)

	m, _ = f.press(m, "esc")
	if m.under.Wait.Text != "" || m.active != viewBrowser || !strings.Contains(flat(m), "gave up waiting") {
		t.Fatalf("esc: wait line %q, view %v\n%s", m.under.Wait.Text, m.active, tuitest.Screen(m))
	}
	// A load given up this way is no failure worth a banner.
	m, _ = f.run(m, msgs.Error{Op: "load listings", Err: api.ErrWaitAbandoned})
	if m.under.Banner != nil {
		t.Fatal("the abandoned wait made a banner")
	}
	// Once the wait is over, the line goes by itself.
	m.under.Waits.Note(api.Wait{For: time.Second, Until: f.clock.Now().Add(time.Second), PerMinute: 60})
	f.clock.Advance(2 * time.Second)
	m, _ = f.run(m, msgs.Tick{})
	if m.under.Wait.Text != "" {
		t.Fatalf("an ended wait is still shown: %q", m.under.Wait.Text)
	}
}

// A decision with its reason is wrapped, never cut, at 80 columns and at 60.
func TestDecisionNoticeWraps(t *testing.T) {
	text := "✖ Listing 10062 “Шабля козацька, репліка XVII ст.” was blocked: the listing contains the prohibited word “replica”; remove it and edit the listing to resubmit it"
	for _, size := range [][2]int{{80, 24}, {60, 15}} {
		f := newFixture(t, sandbox.KeyPersonal, nil)
		m := f.started(size[0], size[1])
		m, _ = f.run(m, msgs.Notice{Text: text})
		tuitest.CheckSize(t, m.View(), size[0], size[1])
		screen := flat(m)
		if !strings.Contains(screen, "edit the listing to resubmit it") {
			t.Errorf("%dx%d: the notice is cut:\n%s", size[0], size[1], tuitest.Screen(m))
		}
	}
}

// A job's wait for the budget is not the user's: the wait line does not show it (the
// jobs panel and the footer do), so esc cannot give the job's requests up.
func TestAJobsWaitIsNotTheUsers(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	note := m.under.Waits.Users() // what the client calls on each wait
	note(api.Wait{For: 42 * time.Second, Until: f.clock.Now().Add(42 * time.Second), PerMinute: 60, Background: true})
	m, _ = f.run(m, msgs.Tick{})
	if m.under.Wait.Text != "" {
		t.Fatalf("a job's wait is on the user's line: %q", m.under.Wait.Text)
	}
}
