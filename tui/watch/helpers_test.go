package watch

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 21, 14, 0, 0, 0, api.Kyiv)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Sleep lets the clock serve as the API client's sleeper.
func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.Add(d)
	return ctx.Err()
}

// fakePoller answers from a table and keeps a sliding-window budget like the client.
type fakePoller struct {
	mu        sync.Mutex
	clk       *fakeClock
	status    map[int]api.Status
	reason    map[int]string
	title     map[int]string
	errs      map[int]error // answered instead of the listing
	calls     []time.Time
	ids       []int
	perMinute int
	perDay    int
	inflight  int
	maxFlight int
}

func newPoller(clk *fakeClock) *fakePoller {
	return &fakePoller{clk: clk, status: map[int]api.Status{}, reason: map[int]string{},
		title: map[int]string{}, errs: map[int]error{}, perMinute: 60, perDay: 1000}
}

func (p *fakePoller) GetListing(_ context.Context, id int, lang string) (*api.ListingDetail, error) {
	p.mu.Lock()
	p.calls = append(p.calls, p.clk.Now())
	p.ids = append(p.ids, id)
	p.inflight++
	p.maxFlight = max(p.maxFlight, p.inflight)
	defer func() { p.inflight-- }()
	defer p.mu.Unlock()
	if err := p.errs[id]; err != nil {
		return nil, err
	}
	st, ok := p.status[id]
	if !ok {
		st = api.StatusPending
	}
	d := &api.ListingDetail{Lang: lang, Listing: api.ListingFull{Listing: api.Listing{ID: id, Title: p.title[id], Status: st}}}
	switch st {
	case api.StatusPending:
		d.Moderation = &api.Moderation{Decision: "pending"}
	case api.StatusBlocked:
		d.Moderation = &api.Moderation{Decision: "blocked"}
		if r, ok := p.reason[id]; ok {
			d.Moderation.Reason = &r
		}
	}
	return d, nil
}

func (p *fakePoller) Budget() api.Budget {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clk.Now()
	used := 0
	for _, t := range p.calls {
		if now.Sub(t) < time.Minute {
			used++
		}
	}
	return api.Budget{UsedMinute: used, PerMinute: p.perMinute, UsedToday: len(p.calls), PerDay: p.perDay}
}

func (p *fakePoller) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.calls)
}

// loop runs the watch's commands as the root would: poll answers go back to it,
// the other messages are returned in order.
var loop = tuitest.Loop[Model]{Own: tuitest.Is[polled]}

// tick moves the clock by d and sends a tick.
func tick(m Model, clk *fakeClock, d time.Duration) (Model, []tea.Msg) {
	clk.Add(d)
	return loop.Step(m, msgs.Tick{At: clk.Now()})
}

// typeText types s into the input without running what Update returns: a
// cursor blink would wait for its timer.
func typeText(m Model, s string) Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

func msgsWatch(id int) msgs.Watch { return msgs.Watch{ID: id} }

// quiet moves the clock past the end of a burst of decisions and returns what the
// watch said then.
func quiet(m Model, clk *fakeClock) (Model, []msgs.Notice) {
	m, out := tick(m, clk, burstQuiet)
	return m, tuitest.Of[msgs.Notice](out)
}
