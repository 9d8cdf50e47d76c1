package watch

import (
	"fmt"
	"testing"
	"time"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// maxInWindow is the largest number of calls in any window of length w.
func maxInWindow(calls []time.Time, w time.Duration) int {
	best, j := 0, 0
	for i := range calls {
		for calls[i].Sub(calls[j]) >= w {
			j++
		}
		best = max(best, i-j+1)
	}
	return best
}

// TestBudgetNeverExceeded: 50 pending listings and a 60/min budget; the watch may
// use at most half of any minute.
func TestBudgetNeverExceeded(t *testing.T) {
	testrace.Heavy(t)
	for _, tc := range []struct {
		perMinute, want int
		base            time.Duration
	}{{60, 30, DefaultInterval}, {60, 30, time.Second}, {10, 5, DefaultInterval}} {
		t.Run(fmt.Sprintf("%d per minute, base %v", tc.perMinute, tc.base), func(t *testing.T) {
			clk := newClock()
			p := newPoller(clk)
			p.perMinute, p.perDay = tc.perMinute, 100000
			m := New(p, nil, tc.base, clk.Now)
			for id := 1; id <= 50; id++ {
				_, _, _ = m.store.Add(10000+id, "", "", clk.Now())
			}
			const hours = 1
			for range hours * 3600 {
				m, _ = tick(m, clk, time.Second)
			}
			worst := maxInWindow(p.calls, time.Minute)
			if worst > tc.want {
				t.Fatalf("%d requests in one minute, budget share %d", worst, tc.want)
			}
			perEntry := map[int]int{}
			for _, id := range p.ids {
				perEntry[id]++
			}
			t.Logf("%d requests in %dh (%.1f/min), worst 60 s window %d (limit %d), every entry checked: %v (min %d)",
				len(p.calls), hours, float64(len(p.calls))/(hours*60), worst, tc.want, len(perEntry) == 50, minOf(perEntry))
			if len(perEntry) != 50 {
				t.Errorf("only %d of 50 entries were ever checked", len(perEntry))
			}
		})
	}
}

func minOf(m map[int]int) int {
	lo := -1
	for _, v := range m {
		if lo < 0 || v < lo {
			lo = v
		}
	}
	return lo
}

// TestBudgetDailyReserve: near the end of the day's budget the watch stops.
func TestBudgetDailyReserve(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.perDay = 20
	m := New(p, nil, time.Second, clk.Now)
	for id := 1; id <= 5; id++ {
		_, _, _ = m.store.Add(id, "", "", clk.Now())
	}
	for range 3600 {
		m, _ = tick(m, clk, time.Second)
	}
	if len(p.calls) != 18 {
		t.Errorf("%d calls, want 18 (9/10 of 20)", len(p.calls))
	}
}

func TestBudgetBusyRules(t *testing.T) {
	for _, tc := range []struct {
		b    api.Budget
		busy bool
	}{
		{api.Budget{UsedMinute: 29, PerMinute: 60, PerDay: 1000}, false},
		{api.Budget{UsedMinute: 30, PerMinute: 60, PerDay: 1000}, true},
		{api.Budget{UsedToday: 899, PerMinute: 60, PerDay: 1000}, false},
		{api.Budget{UsedToday: 900, PerMinute: 60, PerDay: 1000}, true},
		{api.Budget{}, false},
	} {
		if _, busy := budgetBusy(tc.b); busy != tc.busy {
			t.Errorf("%+v: busy %v", tc.b, busy)
		}
	}
}

// TestCheckNowRespectsBudget: r is refused (postponed) while the budget is busy.
func TestCheckNowRespectsBudget(t *testing.T) {
	clk := newClock()
	p := newPoller(clk)
	p.perMinute = 2
	m := New(p, nil, DefaultInterval, clk.Now)
	m, _ = loop.Step(m, msgsWatch(1))
	m, out := loop.Press(m, "r")
	if p.count() != 1 {
		t.Fatalf("r ignored the budget: %d calls", p.count())
	}
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "Listing 1 will be checked when the budget allows it (for 5s)" {
		t.Errorf("%+v", n)
	}
	// The one asked for goes first once the minute frees.
	m, _ = loop.Step(m, msgsWatch(2))
	m.cursor = 0
	m, _ = loop.Press(m, "r")
	clk.Add(time.Minute)
	m, _ = tick(m, clk, time.Second)
	if p.ids[len(p.ids)-1] != 1 {
		t.Errorf("order %v", p.ids)
	}
}
