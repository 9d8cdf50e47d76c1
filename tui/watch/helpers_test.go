package watch

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

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

// drain runs cmd and everything it leads to, feeding poll answers back into the model
// (as the root would) and returning the other messages in order.
func drain(m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case polled:
			var next tea.Cmd
			m, next = m.Update(msg)
			queue = append(queue, next)
		default:
			out = append(out, msg)
		}
	}
	return m, out
}

// step sends msg and drains what follows.
func step(m Model, msg tea.Msg) (Model, []tea.Msg) {
	m, cmd := m.Update(msg)
	return drain(m, cmd)
}

// tick moves the clock by d and sends a tick.
func tick(m Model, clk *fakeClock, d time.Duration) (Model, []tea.Msg) {
	clk.Add(d)
	return step(m, msgs.Tick{At: clk.Now()})
}

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "delete":
		return tea.KeyMsg{Type: tea.KeyDelete}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func typeText(m Model, s string) Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

func notices(out []tea.Msg) []msgs.Notice {
	var n []msgs.Notice
	for _, m := range out {
		if v, ok := m.(msgs.Notice); ok {
			n = append(n, v)
		}
	}
	return n
}

func errorsOf(out []tea.Msg) []msgs.Error {
	var n []msgs.Error
	for _, m := range out {
		if v, ok := m.(msgs.Error); ok {
			n = append(n, v)
		}
	}
	return n
}

func changes(out []tea.Msg) []msgs.ListingChanged {
	var n []msgs.ListingChanged
	for _, m := range out {
		if v, ok := m.(msgs.ListingChanged); ok {
			n = append(n, v)
		}
	}
	return n
}

func msgsWatch(id int) msgs.Watch { return msgs.Watch{ID: id} }
