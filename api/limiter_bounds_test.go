package api

import (
	"context"
	"net/http"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// A service that says a key has 2 000 000 000 requests a minute, all spent
// (X-RateLimit-Limit: 2000000000, X-RateLimit-Remaining: 0), or a ping whose counters
// are 2e9, costs the limiter no memory: the figures are bounded, and another
// program's requests are one slot of that many, not one slot each. (The limiter kept
// a slot per request the service said was used: ls, ping and ls --all ran out of
// memory, and the budget cache grew to 99 MB.)
func TestHugeBudgetFiguresCostNoMemory(t *testing.T) {
	l := newLimiter(60, 5000)
	clk := time.Date(2026, 11, 27, 12, 0, 0, 0, Kyiv)
	l.now = func() time.Time { return clk }
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := http.Header{}
	h.Set("X-RateLimit-Limit", "2000000000")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Limit-Day", strconv.Itoa(2_000_000_000))
	h.Set("X-RateLimit-Remaining-Day", "0")
	l.observe(h)
	huge := 2_000_000_000
	l.seed(&KeyInfo{RateLimitPerMinute: huge, DailyLimit: huge, RequestsThisMinute: &huge, RequestsToday: &huge})
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 || len(l.log) > 2 {
		t.Fatalf("the limiter allocated %d bytes and keeps %d slots", grown, len(l.log))
	}
	b := l.budget()
	if b.PerMinute != MaxPerMinute || b.UsedMinute != MaxPerMinute || b.PerDay != MaxPerDay {
		t.Fatalf("budget %+v", b)
	}
	// The spent minute is waited out, not an error: a context that cannot wait says so.
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := l.reserve(ctx); err == nil {
		t.Fatal("a spent minute let a request through")
	}
	// What a later process reads back is as small.
	c := &Client{lim: l}
	st := c.BudgetState()
	if len(st.Recent) > 2 || len(st.RecentN) > 2 {
		t.Fatalf("the kept state has %d times", len(st.Recent))
	}
	fresh := &Client{lim: newLimiter(60, 5000)}
	fresh.lim.now = l.now
	fresh.RestoreBudget(st)
	if u := fresh.lim.budget().UsedMinute; u != MaxPerMinute {
		t.Fatalf("restored %d used", u)
	}
}

// FuzzRateLimitHeaders feeds the limiter any rate-limit headers and ping counters a
// service might send: it never panics, never keeps more than a few slots for them,
// and its figures stay within their bounds.
func FuzzRateLimitHeaders(f *testing.F) {
	f.Add("60", "59", "5000", "4000", "1764240000", 60, 5000, 3, 41)
	f.Add("2000000000", "0", "2000000000", "0", "0", 2_000_000_000, 2_000_000_000, 2_000_000_000, 2_000_000_000)
	f.Add("-1", "-5", "x", "", "99999999999999", -1, 0, -7, -1)
	f.Fuzz(func(t *testing.T, limit, left, dayLimit, dayLeft, reset string, perMin, perDay, usedMin, usedDay int) {
		l := newLimiter(60, 5000)
		now := time.Date(2026, 11, 27, 12, 0, 0, 0, Kyiv)
		l.now = func() time.Time { return now }
		h := http.Header{}
		h.Set("X-RateLimit-Limit", limit)
		h.Set("X-RateLimit-Remaining", left)
		h.Set("X-RateLimit-Limit-Day", dayLimit)
		h.Set("X-RateLimit-Remaining-Day", dayLeft)
		h.Set("X-RateLimit-Reset", reset)
		l.observe(h)
		l.seed(&KeyInfo{RateLimitPerMinute: perMin, DailyLimit: perDay, RequestsThisMinute: &usedMin, RequestsToday: &usedDay})
		b := l.budget()
		if len(l.log) > 2 || b.PerMinute <= 0 || b.PerMinute > MaxPerMinute || b.PerDay > MaxPerDay ||
			b.UsedMinute < 0 || b.UsedMinute > MaxPerMinute || b.UsedToday < 0 || b.UsedToday > MaxPerDay {
			t.Fatalf("slots %d, budget %+v", len(l.log), b)
		}
	})
}
