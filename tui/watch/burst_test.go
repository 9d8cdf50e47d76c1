package watch

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Forty decisions within a second are one notice, with one bell, said once they
// stop; it names their group.
func TestBurstOfFortyIsOneNotice(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.perMinute = 600
	for id := 1000; id < 1040; id++ {
		p.status[id] = api.StatusActive
	}
	p.status[1007], p.status[1020] = api.StatusBlocked, api.StatusBlocked
	m := New(p, nil, DefaultInterval, clk.Now)
	var notes []msgs.Notice
	for id := 1000; id < 1040; id++ {
		clk.Add(25 * time.Millisecond)
		var out []tea.Msg
		m, out = loop.Step(m, msgs.Watch{ID: id, Group: job}) // each is checked at once
		notes = append(notes, tuitest.Of[msgs.Notice](out)...)
	}
	for range 4 {
		var out []tea.Msg
		m, out = tick(m, clk, time.Second)
		notes = append(notes, tuitest.Of[msgs.Notice](out)...)
	}
	if len(notes) != 1 || !notes[0].Bell || !notes[0].Background ||
		notes[0].Text != "✖ "+job+": 38 approved, 2 blocked — W to see them" {
		t.Fatalf("%+v", notes)
	}
	if m.Summary() != "watch: 40 decided" {
		t.Errorf("summary %q", m.Summary())
	}
}

// A burst that goes on is said again every burstEvery, counting it whole, and rings
// once; decisions of several groups name none. A decision after a quiet spell is a
// burst of its own.
func TestLongBurst(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.perMinute = 6000
	m := New(p, nil, DefaultInterval, clk.Now)
	for id := 1; id <= 40; id++ {
		group := "a"
		if id%2 == 0 {
			group = "b"
		}
		_, _, _ = m.store.Add(id, "", group, clk.Now())
		p.status[id] = api.StatusActive
	}
	var notes []msgs.Notice
	for range 40 { // one check a second, each a decision
		var out []tea.Msg
		m, out = tick(m, clk, time.Second)
		notes = append(notes, tuitest.Of[msgs.Notice](out)...)
	}
	m, last := quiet(m, clk)
	notes = append(notes, last...)
	var texts []string
	bells := 0
	for _, n := range notes {
		texts = append(texts, n.Text)
		if n.Bell {
			bells++
		}
	}
	if len(notes) != 3 || bells != 1 || !notes[0].Bell ||
		texts[0] != "✓ 15 approved — W to see them" || texts[1] != "✓ 30 approved — W to see them" ||
		texts[2] != "✓ 40 approved — W to see them" {
		t.Fatalf("%d bells, %q", bells, texts)
	}
	m, _ = tick(m, clk, time.Minute)
	m, _ = loop.Step(m, msgs.Watch{ID: 99, Title: "Lone"}) // checked at once: pending
	p.status[99] = api.StatusActive
	m, out := tick(m, clk, DefaultInterval) // its next check finds the decision
	if n := tuitest.Of[msgs.Notice](out); len(n) != 0 {
		t.Fatalf("said at once: %+v", n)
	}
	if _, n := quiet(m, clk); len(n) != 1 || !n[0].Bell || !strings.HasPrefix(n[0].Text, "✓ Listing 99 “Lone” was approved") {
		t.Fatalf("%+v", n)
	}
}

// A listing checked twice in a burst counts once.
func TestBurstCountsAListingOnce(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	for id := 1; id <= 2; id++ {
		_, _, _ = m.store.Add(id, "", "", clk.Now())
		p.status[id] = api.StatusActive
	}
	m, _ = tick(m, clk, time.Second)
	m, _ = tick(m, clk, time.Second)
	e := m.store.Get(1)
	m.rearm(e) // as a check the user asked for, answered by another view meanwhile
	m, _ = tick(m, clk, time.Second)
	if _, n := quiet(m, clk); len(n) != 1 || n[0].Text != "✓ 2 approved — W to see them" {
		t.Fatalf("%+v", n)
	}
}

// Listings found gone are counted with the decisions, but ring no bell of their own.
func TestBurstOfGoneRingsNoBell(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	for id := 1; id <= 3; id++ {
		p.errs[id] = &api.Error{Status: 404, Code: "listing_not_found"}
		m, _ = loop.Step(m, msgs.Watch{ID: id, Group: "marked listings"})
	}
	if _, n := quiet(m, clk); len(n) != 1 || n[0].Bell || n[0].Text != theme.WarningMark+" marked listings: 3 not found — W to see them" {
		t.Fatalf("%+v", n)
	}
}
