package watch

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// sample builds a panel with one entry in each state.
func sample(t *testing.T) (Model, *fakeClock, *fakePoller) {
	t.Helper()
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	p.title[10062], p.title[10063], p.title[10064] = "Toyota Corolla E150 left headlight, original", "Rolex replica watch", "Mountain bike 29\""
	p.status[10063], p.reason[10063] = api.StatusBlocked, "the listing contains the prohibited word “replica”; remove it and edit the listing to resubmit it"
	p.status[10064] = api.StatusActive
	p.errs[10066] = &api.Error{Status: 404, Code: "listing_not_found"}
	p.errs[10067] = &api.UnreachableError{URL: "http://x", Err: errors.New("refused")}
	for _, id := range []int{10062, 10063, 10064, 10065, 10066, 10067} {
		m, _ = loop.Step(m, msgs.Watch{ID: id})
		clk.Add(3 * time.Minute)
		m, _ = tick(m, clk, time.Second)
	}
	m, _ = loop.Step(m, msgs.Watch{ID: 12, Title: "Just \x1b]0;evil\x07added"})
	return m, clk, p
}

func TestGoldenPanel(t *testing.T) {
	m, clk, _ := sample(t)
	m.SetSize(80, 24)
	m, _ = tick(m, clk, 4*time.Second)
	golden.RequireEqual(t, []byte(m.View()))
}

func TestGoldenEmpty(t *testing.T) {
	clk := newClock()
	m := New(newPoller(clk), nil, DefaultInterval, clk.Now)
	m.SetSize(80, 24)
	v := m.View()
	if !strings.Contains(v, "Nothing is watched. Press w on a listing, or + to add an id.") || m.Summary() != "" {
		t.Errorf("empty:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
}

func TestGoldenAdding(t *testing.T) {
	m, _, _ := sample(t)
	m.SetSize(80, 24)
	m, _ = m.Update(tuitest.Key("+"))
	m = typeText(m, "10x")
	m, _ = m.Update(tuitest.Key("enter"))
	golden.RequireEqual(t, []byte(m.View()))
}

func TestSizes(t *testing.T) {
	m, clk, _ := sample(t)
	for _, sz := range [][2]int{{60, 15}, {80, 24}, {250, 70}, {20, 5}, {1, 1}} {
		m.SetSize(sz[0], sz[1])
		m, _ = tick(m, clk, time.Second)
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
		m, _ = m.Update(tuitest.Key("a"))
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
		m, _ = m.Update(tuitest.Key("esc"))
	}
	// At 60×15 the cursor stays visible when moving to the last row.
	m.SetSize(60, 15)
	for range 10 {
		m, _ = m.Update(tuitest.Key("j"))
	}
	if v := tuitest.Screen(m); !strings.Contains(v, "› 12") {
		t.Errorf("cursor row not visible:\n%s", v)
	}
	m.SetSize(60, 6)
	if v := tuitest.Screen(m); !strings.Contains(v, "› 12") {
		t.Errorf("cursor row not visible at 6 lines:\n%s", v)
	}
}

func TestPanelKeys(t *testing.T) {
	m, _, p := sample(t)
	m.SetSize(80, 24)
	m, out := loop.Press(m, "enter")
	if len(out) != 1 || out[0] != (msgs.OpenListing{ID: 10062, Title: "Toyota Corolla E150 left headlight, original"}) {
		t.Errorf("enter: %v", out)
	}
	m, _ = loop.Press(m, "down")
	m, _ = loop.Press(m, "k")
	m, _ = loop.Press(m, "G")
	if m.selected().ID != 12 {
		t.Errorf("G: %d", m.selected().ID)
	}
	m, _ = loop.Press(m, "g")
	if _, out = loop.Press(m, "esc"); len(out) != 1 || out[0] != (msgs.Back{}) {
		t.Errorf("esc: %v", out)
	}
	// d removes the selected one, decided or not.
	m, out = loop.Press(m, "d")
	if m.store.Get(10062) != nil || len(tuitest.Of[msgs.Notice](out)) != 1 {
		t.Errorf("d: %v", out)
	}
	// D removes the decided (blocked, active, gone) ones.
	m, out = loop.Press(m, "c")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "Removed 3 decided listings" || m.store.Len() != 3 {
		t.Errorf("D: %v, %d left", out, m.store.Len())
	}
	m, out = loop.Press(m, "c")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "Nothing decided to remove" {
		t.Errorf("D again: %v", out)
	}
	// + opens the input; bad ids are refused; a good one is added and checked now.
	m, _ = loop.Press(m, "+")
	if !m.Capturing() || len(m.KeyMap().ShortHelp()) != 2 {
		t.Fatal("not capturing")
	}
	m = typeText(m, "abc")
	m, out = loop.Press(m, "enter")
	if !m.Capturing() || len(out) != 0 || !strings.Contains(m.View(), "digits only") {
		t.Errorf("bad id accepted:\n%s", m.View())
	}
	m, _ = loop.Press(m, "esc")
	if m.Capturing() {
		t.Fatal("esc did not cancel")
	}
	before := p.count()
	m, _ = loop.Press(m, "a")
	m = typeText(m, " 10070 ")
	m, out = loop.Press(m, "enter")
	if m.Capturing() || m.store.Get(10070) == nil || m.selected().ID != 10070 || p.count() != before+1 {
		t.Errorf("add by id: %v", out)
	}
	m, _ = loop.Press(m, "delete")
	if m.store.Get(10070) != nil {
		t.Error("delete key")
	}
	var _ help.KeyMap = m.KeyMap()
	if len(m.KeyMap().FullHelp()) != 2 {
		t.Error("full help")
	}
}

func TestParseID(t *testing.T) {
	for in, want := range map[string]int{"10062": 10062, " #7 ": 7, "": 0, "1.5": 0, "-3": 0, "0": 0, "99999999999": 0, "１２": 0} {
		got, err := parseID(in)
		if got != want || (want == 0) != (err != nil) {
			t.Errorf("%q: %d %v", in, got, err)
		}
	}
}

func TestSummary(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgs.Watch{ID: 1})
	m, _ = loop.Step(m, msgs.Watch{ID: 2})
	m, _ = tick(m, clk, 3*time.Second)
	if s := m.Summary(); s != "watching 2 · next check 12s" {
		t.Errorf("summary %q", s)
	}
	p.status[1], p.status[2] = api.StatusActive, api.StatusActive
	m, _ = tick(m, clk, 12*time.Second)
	m, _ = tick(m, clk, time.Second)
	if s := m.Summary(); s != "watch: 2 decided" {
		t.Errorf("summary %q", s)
	}
}

func TestWatchFull(t *testing.T) {
	clk := newClock()
	m := New(newPoller(clk), nil, 0, clk.Now)
	for id := 1; id <= MaxLines; id++ {
		_, _, _ = m.store.Add(id, "", "", clk.Now())
	}
	_, out := loop.Step(m, msgs.Watch{ID: 5000})
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "full (200") {
		t.Errorf("%v", out)
	}
}
