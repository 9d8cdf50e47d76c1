package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/theme"
)

// bulkOptions are the fixture's options with the jobs journaled in a test directory.
func bulkOptions(t *testing.T, f *fixture) Options {
	opts := f.options()
	opts.Sandbox = false
	opts.JobsDir = t.TempDir()
	return opts
}

// TestBulkDeactivateMarked marks five listings, deactivates them in one action with
// one confirmation, and finds them inactive in place and on the service.
func TestBulkDeactivateMarked(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	opts := bulkOptions(t, f)
	m := f.model(opts, 100, 30)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "space", "space", "space", "space", "space")
	has(t, m, theme.MarkedMark+" 5 marked")
	m, _ = f.press(m, "x")
	has(t, m, "Deactivate 5 listings?", "5 of 5 listings change; 0 skipped", "5 requests", "y/enter start the job")
	if g.statusPosts() != 0 {
		t.Fatal("a request before the confirmation")
	}
	m, _ = f.press(m, "y")
	if g.statusPosts() != 5 {
		t.Fatalf("%d status requests, want 5", g.statusPosts())
	}
	has(t, m, "Jobs", "deactivate 5 listings", "5 done", "0 failed", "0 left")
	m, _ = f.press(m, "esc")
	s := tuitest.Screen(m)
	if n := strings.Count(s, "○ inactive"); n != 5 {
		t.Errorf("%d rows inactive in place, want 5:\n%s", n, s)
	}
	jobs, errs := bulk.List(opts.JobsDir)
	if len(jobs) != 1 || len(errs) != 0 || jobs[0].Resumable() {
		t.Fatalf("journal: %v %v", jobs, errs)
	}
	for _, p := range jobs[0].Head.Items {
		d, err := f.client.GetListing(t.Context(), p.ID, "")
		if err != nil || d.Listing.Status != api.StatusInactive {
			t.Errorf("listing %d: %v %v", p.ID, err, d)
		}
	}
	// J shows the panel again; the job is over, so the footer says nothing of it.
	m, _ = f.press(m, "J")
	has(t, m, "5 done")
	tuitest.Lacks(t, tuitest.Screen(m), "job: 5/5")
}

// TestBulkPlanCancelled sends nothing.
func TestBulkPlanCancelled(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.model(bulkOptions(t, f), 100, 30)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "*", "$")
	has(t, m, "Change the price of 28 listings", "change:")
	m, _ = f.press(m, "-", "1", "0", "%", "enter")
	has(t, m, "Change the price of 28 listings?", "active listings go back to moderation")
	m, _ = f.press(m, "n")
	has(t, m, "28 marked")
	if g.count("PATCH") != 0 || g.statusPosts() != 0 {
		t.Fatal("a write after n")
	}
}

func TestGoldenBulkPlan(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	tm := teaRun(t, f)
	waitScreen(t, tm, "1/28", meterText(2))
	for _, k := range []string{"tab", "tab", "tab", "tab"} { // all
		tm.Send(tuitest.Key(k))
	}
	waitScreen(t, tm, "[all 46]", "1/46")
	tm.Send(tuitest.Key("*"))
	tm.Send(tuitest.Key("x"))
	waitScreen(t, tm, "listings?", "start the job")
	golden.RequireEqual(t, finalView(t, tm, f))
}

// TestBulkPriceInPlace cuts three prices by 10 %: the rows show the new prices and
// the moderation they went back to, and the watch follows them.
func TestBulkPriceInPlace(t *testing.T) {
	f, _ := gated(t, sandbox.KeyPersonal)
	m := f.model(bulkOptions(t, f), 100, 30)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "space", "space", "$") // 1 500 and 400 UAH
	m, _ = f.press(m, "-", "1", "0", "%", "enter")
	has(t, m, "2 active listings go back to moderation", "“Ремонт квартир під ключ”: UAH 1,500 → UAH 1,350")
	m, _ = f.press(m, "y", "esc")
	s := tuitest.Screen(m)
	for _, want := range []string{"UAH 1,350 ◔ pending", "UAH 360 ◔ pending"} {
		if !strings.Contains(s, want) {
			t.Errorf("no row %q in place:\n%s", want, s)
		}
	}
	if w := m.watch.M.Summary(); !strings.Contains(w, "2") {
		t.Errorf("the watch does not follow them: %q", w)
	}
}
