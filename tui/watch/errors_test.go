package watch

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestNotFoundGone(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.errs[9] = &api.Error{Status: 404, Code: "listing_not_found"}
	m := New(p, nil, DefaultInterval, clk.Now)
	m, out := loop.Step(m, msgs.Watch{ID: 9, Title: "Gone one"})
	n := tuitest.Of[msgs.Notice](out)
	if len(n) != 2 || n[1].Bell || !strings.Contains(n[1].Text, "not found: removed or another account's") {
		t.Fatalf("%+v", n)
	}
	if e := m.store.Get(9); !e.Gone || e.Pollable() {
		t.Fatalf("%+v", e)
	}
	m, _ = tick(m, clk, 5*time.Minute)
	if p.count() != 1 {
		t.Error("a gone entry is polled")
	}
}

func TestRateLimitPostponesAll(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.errs[1] = &api.Error{Status: 429, Code: api.CodeRateLimitExceeded, RetryAfter: 40 * time.Second}
	m := New(p, nil, DefaultInterval, clk.Now)
	_, _, _ = m.store.Add(2, "", "", clk.Now().Add(time.Second))
	m, out := loop.Step(m, msgs.Watch{ID: 1})
	if len(tuitest.Of[msgs.Error](out)) != 0 || p.count() != 1 {
		t.Fatalf("429: %v", out)
	}
	if !strings.Contains(m.View(), "paused: rate limit") {
		t.Errorf("view:\n%s", m.View())
	}
	for range 39 {
		m, _ = tick(m, clk, time.Second)
	}
	if p.count() != 1 {
		t.Fatalf("polled during the hold: %v", p.ids)
	}
	delete(p.errs, 1)
	m, _ = tick(m, clk, time.Second)
	if p.count() != 2 || p.ids[1] != 2 {
		t.Fatalf("after the hold: %v", p.ids)
	}
	m, _ = tick(m, clk, time.Second)
	if p.count() != 3 || p.ids[2] != 1 {
		t.Errorf("postponed entry: %v", p.ids)
	}
	_ = m
}

func TestRateLimitWithoutRetryAfter(t *testing.T) {
	clk := newClock()
	if d := rateLimitWait(&api.Error{Status: 429}, clk.Now()); d != 60*time.Second {
		t.Errorf("%v", d)
	}
	if d := rateLimitWait(&api.Error{Status: 429, ResetsAt: clk.Now().Add(3 * time.Hour)}, clk.Now()); d != 3*time.Hour {
		t.Errorf("%v", d)
	}
}

func TestAuthPausesWithOneError(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	authErr := &api.Error{Status: 401, Code: api.CodeInvalidKey}
	for id := 1; id <= 3; id++ {
		p.errs[id] = authErr
	}
	m := New(p, nil, DefaultInterval, clk.Now)
	var all []msgs.Error
	for id := 1; id <= 3; id++ {
		_, _, _ = m.store.Add(id, "", "", clk.Now())
	}
	for range 600 {
		var out []tea.Msg
		m, out = tick(m, clk, time.Second)
		all = append(all, tuitest.Of[msgs.Error](out)...)
	}
	if len(all) != 1 || all[0].Op != "watch moderation" || !api.IsAuth(all[0].Err) || p.count() != 1 {
		t.Fatalf("errors %d, calls %d", len(all), p.count())
	}
	if !strings.Contains(m.View(), "paused") || !strings.Contains(m.Summary(), "paused") {
		t.Errorf("view:\n%s\n%s", m.View(), m.Summary())
	}
	// r resumes; the key works again.
	for id := 1; id <= 3; id++ {
		delete(p.errs, id)
	}
	m, _ = loop.Press(m, "r")
	if p.count() != 2 || m.authPaused {
		t.Errorf("r did not resume: %d", p.count())
	}
}

func TestNetworkErrorsBackOffWithoutSpam(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	down := &api.UnreachableError{URL: "http://x", Err: errors.New("connection refused")}
	p.errs[1], p.errs[2] = down, down
	m := New(p, nil, DefaultInterval, clk.Now)
	_, _, _ = m.store.Add(1, "", "", clk.Now())
	_, _, _ = m.store.Add(2, "", "", clk.Now())
	var errs int
	var calls []time.Time
	for range 10 * 60 {
		n := p.count()
		var out []tea.Msg
		m, out = tick(m, clk, time.Second)
		errs += len(tuitest.Of[msgs.Error](out))
		if p.count() > n && p.ids[len(p.ids)-1] == 1 {
			calls = append(calls, clk.Now())
		}
	}
	if errs != 1 {
		t.Errorf("banner errors %d, want 1", errs)
	}
	if len(calls) < 3 || calls[1].Sub(calls[0]) != 30*time.Second || calls[2].Sub(calls[1]) != time.Minute {
		t.Errorf("backoff %v", calls)
	}
	if v := m.View(); !strings.Contains(v, "unreachable") {
		t.Errorf("row error:\n%s", v)
	}
	// A success clears the record; a new failure is reported again.
	delete(p.errs, 1)
	delete(p.errs, 2)
	p.status[2] = api.StatusActive // decided, so only entry 1 is polled from here on
	m, _ = loop.Press(m, "r")
	p.errs[1] = down
	errs = 0
	for range 5 * 60 {
		var out []tea.Msg
		m, out = tick(m, clk, time.Second)
		errs += len(tuitest.Of[msgs.Error](out))
	}
	if errs != 1 {
		t.Errorf("after a success: %d errors", errs)
	}
}
