package watch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestScheduleGrowth(t *testing.T) {
	got := Schedule(DefaultInterval, 9)
	want := []time.Duration{15 * time.Second, 22500 * time.Millisecond, 33750 * time.Millisecond,
		50625 * time.Millisecond, 75937500 * time.Microsecond, 113906250 * time.Microsecond,
		2 * time.Minute, 2 * time.Minute, 2 * time.Minute}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("step %d: %v, want %v", i, got[i], want[i])
		}
	}
	if c := Schedule(30*time.Second, 12)[11]; c != 4*time.Minute {
		t.Errorf("cap for a 30s base: %v", c)
	}
	if c := Schedule(5*time.Second, 20)[19]; c != 2*time.Minute {
		t.Errorf("cap for a 5s base: %v", c)
	}
}

func TestScheduleThroughTheModel(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	m, out := loop.Step(m, msgs.Watch{ID: 10062, Title: "Headlight"})
	if p.count() != 1 || len(tuitest.Of[msgs.Notice](out)) != 1 {
		t.Fatalf("the first check is immediate: %d calls, %v", p.count(), out)
	}
	var gaps []time.Duration
	last := clk.Now()
	for range 15 * 60 {
		before := p.count()
		m, _ = tick(m, clk, time.Second)
		if p.count() > before {
			gaps = append(gaps, clk.Now().Sub(last))
			last = clk.Now()
		}
	}
	// Ticks are whole seconds, so each wait is rounded up to the next tick.
	want := []time.Duration{15, 23, 34, 51, 76, 114, 120, 120}
	for i, w := range want {
		if i >= len(gaps) || gaps[i] != w*time.Second {
			t.Fatalf("gaps %v, want %v…", gaps, want)
		}
	}
	e := m.store.Get(10062)
	if time.Duration(e.Interval) != 2*time.Minute || e.LastChecked.IsZero() || e.Status != api.StatusPending {
		t.Errorf("entry %+v", e)
	}
}

func TestOneRequestInFlight(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	for id := 1; id <= 3; id++ {
		_, _, _ = m.store.Add(id, "", "", clk.Now())
	}
	m, first := m.Update(msgs.Tick{At: clk.Now()})
	if first == nil {
		t.Fatal("no poll")
	}
	for range 5 {
		clk.Add(time.Second)
		var cmd tea.Cmd
		m, cmd = m.Update(msgs.Tick{At: clk.Now()})
		if cmd != nil {
			t.Fatal("a second request while one is in flight")
		}
	}
	if !strings.Contains(m.View(), "checking…") {
		t.Error("the row does not say it is being checked")
	}
	m, _ = loop.Drain(m, first)
	if p.count() != 1 {
		t.Fatalf("calls %d", p.count())
	}
	m, _ = tick(m, clk, time.Second)
	if p.count() != 2 || p.ids[1] != 2 {
		t.Errorf("next due one: %v", p.ids)
	}
}

func TestStaleAnswerDropped(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	_, _, _ = m.store.Add(1, "", "", clk.Now())
	m, cmd := m.Update(msgs.Tick{At: clk.Now()})
	ans := cmd().(polled)
	// An answer with another sequence is ignored and keeps the slot busy.
	if m2, out := m.Update(polled{id: 1, seq: ans.seq + 7, detail: ans.detail}); out != nil || m2.inflight.seq != ans.seq {
		t.Fatal("a foreign answer was taken")
	}
	// The entry is re-armed while its answer is on the way: the late answer only
	// frees the slot.
	p.status[1] = api.StatusActive
	m, _ = loop.Step(m, msgs.Watch{ID: 1, Title: "renamed"})
	late := polled{id: 1, seq: ans.seq, detail: &api.ListingDetail{Listing: api.ListingFull{Listing: api.Listing{ID: 1, Status: api.StatusBlocked}}}}
	m, out := loop.Step(m, late)
	if len(out) != 0 || m.inflight.seq != 0 || m.store.Get(1).Status != "" {
		t.Fatalf("late answer applied: %v %+v", out, m.store.Get(1))
	}
	m, out = tick(m, clk, time.Second)
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "approved") {
		t.Errorf("re-armed check: %v", out)
	}
}

func TestDecisionBlocked(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 10062, Title: "Rolex replica"})
	p.status[10062], p.reason[10062], p.title[10062] = api.StatusBlocked, "prohibited \x1b[31mword\x1b[0m", "Rolex replica"
	m, out := tick(m, clk, 15*time.Second)
	m, n := quiet(m, clk)
	if len(n) != 1 || !n[0].Bell || !n[0].Background || n[0].Text != "✖ Listing 10062 “Rolex replica” was blocked: prohibited word" {
		t.Fatalf("notice %+v", n)
	}
	c := tuitest.Of[msgs.ListingChanged](out)
	if len(c) != 1 || c[0].ID != 10062 || c[0].Status != api.StatusBlocked || c[0].Listing == nil || c[0].Moderation == nil {
		t.Fatalf("changed %+v", c)
	}
	e := m.store.Get(10062)
	if e.Pollable() || e.DecidedAt.IsZero() || e.Reason != "prohibited word" {
		t.Fatalf("entry %+v", e)
	}
	before := p.count()
	for range 300 {
		m, _ = tick(m, clk, time.Second)
	}
	if p.count() != before {
		t.Error("a decided entry is still polled")
	}
	if v := m.View(); !strings.Contains(v, "blocked: prohibited word") {
		t.Errorf("view:\n%s", v)
	}
}

func TestDecisionApprovedAndNoReason(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	p.status[1], p.title[1] = api.StatusActive, "Bike"
	p.status[2] = api.StatusBlocked
	// Checked at once, as the user asked: the decision answers their key, at once.
	_, out := loop.Step(m, msgs.Watch{ID: 1})
	if n := tuitest.Of[msgs.Notice](out); len(n) != 2 || n[1].Text != "✓ Listing 1 “Bike” was approved: active" || !n[1].Bell || n[1].Background {
		t.Errorf("approved %+v", n)
	}
	m = New(p, nil, DefaultInterval, clk.Now)
	_, out = loop.Step(m, msgs.Watch{ID: 2, Title: "X"})
	if n := tuitest.Of[msgs.Notice](out); len(n) != 2 || !strings.HasSuffix(n[1].Text, "was blocked: no reason given") {
		t.Errorf("blocked %+v", n)
	}
}

func TestPendingAnswerQuietUnlessTitleChanged(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.title[1] = "Old"
	m := New(p, nil, DefaultInterval, clk.Now)
	m, out := loop.Step(m, msgs.Watch{ID: 1, Title: "Old"})
	if len(tuitest.Of[msgs.ListingChanged](out)) != 0 || len(tuitest.Of[msgs.Notice](out)) != 1 {
		t.Fatalf("unchanged pending: %v", out)
	}
	p.title[1] = "New title"
	m, out = tick(m, clk, 15*time.Second)
	if c := tuitest.Of[msgs.ListingChanged](out); len(c) != 1 || c[0].Listing.Title != "New title" || len(tuitest.Of[msgs.Notice](out)) != 0 {
		t.Fatalf("title change: %v", out)
	}
	if m.store.Get(1).Title != "New title" {
		t.Error("title not stored")
	}
}

func TestIntervalZeroNeverPolls(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, 0, clk.Now)
	m, out := loop.Step(m, msgs.Watch{ID: 1, Title: "A"})
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "polling is off") {
		t.Errorf("%v", n)
	}
	for range 600 {
		m, _ = tick(m, clk, time.Second)
	}
	m, _ = loop.Press(m, "r")
	if p.count() != 0 {
		t.Fatalf("%d polls with polling off", p.count())
	}
	if v := m.View(); !strings.Contains(v, "polling off") || !strings.Contains(v, "A") {
		t.Errorf("view:\n%s", v)
	}
}

func TestPersistenceAcrossRestart(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	path := filepath.Join(t.TempDir(), "watch.json")
	s, _ := OpenStore(path)
	m := New(p, s, DefaultInterval, clk.Now)
	p.status[2] = api.StatusActive
	m, _ = loop.Step(m, msgs.Watch{ID: 1, Title: "Pending one"})
	m, _ = loop.Step(m, msgs.Watch{ID: 2, Title: "Approved one"})
	_ = m

	clk.Add(10 * time.Minute)
	s2, err := OpenStore(path)
	if err != nil || s2.Len() != 2 {
		t.Fatalf("%v %d", err, s2.Len())
	}
	m2 := New(p, s2, DefaultInterval, clk.Now)
	if v := m2.View(); !strings.Contains(v, "Pending one") || !strings.Contains(v, "Approved one") || !strings.Contains(v, "decided 14:00") {
		t.Errorf("view after restart:\n%s", v)
	}
	before := p.count()
	m2, _ = tick(m2, clk, time.Second)
	if p.count() != before+1 || p.ids[len(p.ids)-1] != 1 {
		t.Fatalf("polling did not resume for the pending one: %v", p.ids)
	}
	for range 300 {
		m2, _ = tick(m2, clk, time.Second)
	}
	for _, id := range p.ids[before:] {
		if id == 2 {
			t.Fatal("a decided entry was polled after the restart")
		}
	}
}

func TestListingChangedQuietDecision(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 1, Title: "A"})
	reason := "no"
	m, out := loop.Step(m, msgs.ListingChanged{ID: 1, Status: api.StatusBlocked,
		Listing:    &api.ListingFull{Listing: api.Listing{ID: 1, Title: "A2", Status: api.StatusBlocked}},
		Moderation: &api.Moderation{Decision: "blocked", Reason: &reason}})
	if len(out) != 0 {
		t.Fatalf("not quiet: %v", out)
	}
	e := m.store.Get(1)
	if e.Pollable() || e.Reason != "no" || e.Title != "A2" {
		t.Fatalf("%+v", e)
	}
	// Edited: pending again, watched from the base interval.
	m, _ = loop.Step(m, msgs.ListingChanged{ID: 1, Status: api.StatusPending})
	if e := m.store.Get(1); !e.Pollable() || e.Interval != 0 || !e.NextCheck.Equal(clk.Now().Add(DefaultInterval)) {
		t.Fatalf("%+v", e)
	}
	// Unknown ids and languages.
	m, out = loop.Step(m, msgs.ListingChanged{ID: 99, Status: api.StatusActive})
	m, _ = loop.Step(m, msgs.LangChanged{Lang: "en"})
	if len(out) != 0 || m.lang != "en" || m.store.Get(99) != nil {
		t.Error("unknown id")
	}
}

// The watch list is written off the event loop: Update only takes the snapshot, its
// command writes it, and a write that finishes late never replaces a newer one.
func TestSaveHappensOffTheEventLoop(t *testing.T) {
	clk := newClock()
	path := filepath.Join(t.TempDir(), "watch.json")
	s, _ := OpenStore(path)
	m := New(newPoller(clk), s, 0, clk.Now)
	m, cmd := m.Update(msgs.Watch{ID: 1, Title: "First"})
	if _, err := os.Stat(path); err == nil {
		t.Fatal("Update wrote the file itself")
	}
	writes := opened(cmd)
	m, cmd2 := m.Update(msgs.Watch{ID: 2, Title: "Second"})
	writes = append(opened(cmd2), writes...) // the newer write first
	for _, c := range writes {
		if msg := c(); msg != nil {
			m, _ = m.Update(msg)
		}
	}
	s2, err := OpenStore(path)
	if err != nil || s2.Len() != 2 {
		t.Fatalf("on disk: %d entries, %v: the older write replaced the newer", s2.Len(), err)
	}
	_ = m
}

// opened is the commands of a batch, not yet run.
func opened(cmd tea.Cmd) []tea.Cmd {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Cmd
		for _, c := range b {
			if c != nil {
				out = append(out, c)
			}
		}
		return out
	}
	return []tea.Cmd{func() tea.Msg { return msg }}
}

// A status this app does not know is no decision: the watch says so once and goes on,
// until a state of the spec comes.
func TestUnknownStatusKeepsWatching(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 7, Title: "Lamp"})
	p.status[7] = "on_hold"
	m, out := tick(m, clk, 15*time.Second)
	n := tuitest.Of[msgs.Notice](out)
	if len(n) != 1 || n[0].Bell || !strings.Contains(n[0].Text, `is now "on_hold", a state this app does not know: still watching`) {
		t.Fatalf("notices %+v", n)
	}
	if e := m.store.Get(7); !e.Pollable() || !e.DecidedAt.IsZero() {
		t.Fatalf("the unknown status ended the watch: %+v", e)
	}
	p.status[7] = api.StatusActive
	before := p.count()
	for range 120 {
		m, out = tick(m, clk, time.Second)
		if len(tuitest.Of[msgs.Notice](out)) > 0 {
			break
		}
	}
	if e := m.store.Get(7); p.count() == before || e.Pollable() || e.Status != api.StatusActive {
		t.Fatalf("after approval: %+v", e)
	}
}
