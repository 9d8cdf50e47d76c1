package watch

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

const job = "price job 20261127-140501-price"

// jobWatch sends n listings of a job, from id 1000, as the jobs panel does.
func jobWatch(m Model, n int) (Model, []tea.Msg) {
	var all []tea.Msg
	for id := 1000; id < 1000+n; id++ {
		var out []tea.Msg
		m, out = loop.Step(m, msgs.Watch{ID: id, Title: "Bike", Group: job})
		all = append(all, out...)
	}
	return m, all
}

// A job's 666 listings are accepted quietly and are one line, which enter opens to
// the listings and esc closes; d on it stops watching them all.
// grouped is the panel with a listing on its own and a job's 666 listings, of which
// one approved, one blocked and one not found; out is what the adds told the root.
func grouped() (m Model, out []tea.Msg) {
	clk := newClock()
	p := newPoller(clk)
	m = New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 7, Title: "On its own"})
	p.status[1000], p.status[1001] = api.StatusActive, api.StatusBlocked
	p.errs[1002] = &api.Error{Status: 404, Code: "listing_not_found"}
	return jobWatch(m, 666) // each add checks one: the first 29 of them, within the budget
}

func TestGroupIsOneLine(t *testing.T) {
	m, out := grouped()
	if n := tuitest.Of[msgs.Notice](out); len(n) != 0 || m.store.Len() != 667 || m.store.Lines() != 2 {
		t.Fatalf("notices %v, %d listings in %d lines", n, m.store.Len(), m.store.Lines())
	}
	m.SetSize(80, 24)
	s := tuitest.Screen(m)
	if !strings.Contains(s, "▸  price job 20261127…: 663 pending, 1 approved, 1 blocked, 1 not found") ||
		strings.Count(s, "Bike") != 0 || !strings.Contains(s, "On its own") {
		t.Fatalf("top of the panel:\n%s", s)
	}
	golden.RequireEqual(t, []byte(m.View()))
	m, _ = loop.Press(m, "down", "enter")
	s = tuitest.Screen(m)
	if !strings.Contains(s, "Moderation watch › "+job) || strings.Count(s, "Bike") < 15 || strings.Contains(s, "On its own") {
		t.Fatalf("the group opened:\n%s", s)
	}
	if m.KeyMap().ShortHelp()[4].Help().Desc != "all watched" {
		t.Error("esc is not said to go back to the top")
	}
	// In the group, c clears its decided listings only.
	m, out = loop.Press(m, "c")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "Removed 3 decided listings" || m.store.Len() != 664 {
		t.Fatalf("c in the group: %v, %d left", out, m.store.Len())
	}
	m, out = loop.Press(m, "esc")
	if len(out) != 0 || m.open != "" || m.selected() != nil {
		t.Fatalf("esc: %v %q", out, m.open)
	}
	if _, out = loop.Press(m, "r"); len(tuitest.Of[msgs.Notice](out)) != 1 {
		t.Errorf("r on a group: %v", out)
	}
	m, out = loop.Press(m, "d")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "Stopped watching "+job+" (663 listings)" || m.store.Len() != 1 {
		t.Fatalf("d on the group: %v, %d left", out, m.store.Len())
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
}

// A group of one listing shows as the listing; the sizes hold with a group open.
func TestGroupOfOneAndSizes(t *testing.T) {
	clk := newClock()
	m := New(newPoller(clk), nil, 0, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 5, Title: "Lone", Group: "marked listings"})
	if s := tuitest.Screen(m); !strings.Contains(s, "Lone") || strings.Contains(s, "▸") {
		t.Fatalf("%s", s)
	}
	m, _ = jobWatch(m, 40)
	m, _ = loop.Press(m, "G", "enter")
	for _, sz := range [][2]int{{60, 15}, {80, 24}, {20, 5}} {
		m.SetSize(sz[0], sz[1])
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
	}
}

// The bounds: MaxLines lines, MaxListings listings; a job is told once that the watch
// is full, and the advice names c.
func TestGroupBounds(t *testing.T) {
	clk := newClock()
	m := New(newPoller(clk), nil, 0, clk.Now)
	for id := 1; id < MaxListings; id++ {
		group := job
		if id < MaxLines {
			group = ""
		}
		if _, _, err := m.store.Add(id, "", group, clk.Now()); err != nil {
			t.Fatalf("%d: %v", id, err)
		}
	}
	if _, _, err := m.store.Add(1<<20, "", "another job", clk.Now()); err == nil || !strings.Contains(err.Error(), "c in the panel (W)") {
		t.Fatalf("a new line past the bound: %v", err)
	}
	m, out := loop.Step(m, msgs.Watch{ID: MaxListings, Group: job})
	if len(out) != 0 || m.store.Len() != MaxListings {
		t.Fatalf("the last listing: %v %d", out, m.store.Len())
	}
	var notes []msgs.Notice
	for id := MaxListings + 1; id < MaxListings+100; id++ {
		m, out = loop.Step(m, msgs.Watch{ID: id, Group: job})
		notes = append(notes, tuitest.Of[msgs.Notice](out)...)
	}
	if len(notes) != 1 || !strings.Contains(notes[0].Text, job+": listing 10001 and those after it are not watched: the watch holds at most 10000 listings: c in the watch panel (W)") {
		t.Fatalf("%v", notes)
	}
}

// A listing watched on its own is checked before a job's, even when theirs are older.
func TestOwnListingBeforeTheJobs(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.perMinute = 600
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = jobWatch(m, 30)
	_, _, _ = m.store.Add(9, "", "", clk.Now().Add(time.Second))
	m, _ = tick(m, clk, 2*time.Second)
	if p.ids[len(p.ids)-1] != 9 {
		t.Errorf("checked %v", p.ids)
	}
}

// A group's name comes from another view: cleaned and bounded.
func TestGroupName(t *testing.T) {
	if g := groupName("price\x1b[31m job\n 1 "); g != "price job 1" {
		t.Errorf("%q", g)
	}
	if g := groupName(strings.Repeat("я", 200)); len([]rune(g)) != maxGroupName {
		t.Errorf("%d runes", len([]rune(g)))
	}
}
