package api

import (
	"context"
	"errors"
	"time"
)

// BudgetState is what a client knows of its key's budget, in a form a caller can keep
// between processes: a script of many commands then learns the key's limits once
// (one ping) and never exceeds them, even when each command is a new process. It holds
// no key; the caller files it under whatever names the key and the service.
type BudgetState struct {
	PerMinute int       `json:"per_minute"`
	PerDay    int       `json:"per_day"`
	LearnedAt time.Time `json:"learned_at,omitzero"` // when a ping last gave the limits; zero: assumed
	// Day is the Kyiv midnight that starts the day UsedToday counts.
	Day       time.Time `json:"day"`
	UsedToday int       `json:"used_today"`
	// Recent are the answer times of the requests still inside the per-minute window,
	// so that the next process waits for them as this one would have; RecentN, when
	// present, how many requests each stands for (another program's, counted by the
	// service, are kept as one time and their number).
	Recent          []time.Time `json:"recent,omitempty"`
	RecentN         []int       `json:"recent_n,omitempty"`
	BlockedUntil    time.Time   `json:"blocked_until,omitzero"`
	DayBlockedUntil time.Time   `json:"day_blocked_until,omitzero"`
}

// BudgetState returns the client's budget as it stands, for RestoreBudget in a later
// process. Requests still in flight count as answered now.
func (c *Client) BudgetState() BudgetState {
	l := c.lim
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.rollDay(now)
	l.prune(now)
	st := BudgetState{PerMinute: l.perMin, PerDay: l.perDay, LearnedAt: l.learnedAt,
		Day: l.day, UsedToday: l.usedToday, BlockedUntil: l.blockedUntil, DayBlockedUntil: l.dayBlockedUntil}
	counted := false
	for _, s := range l.log {
		t := s.t
		if !s.done {
			t = now
		}
		st.Recent = append(st.Recent, t)
		st.RecentN = append(st.RecentN, s.n)
		counted = counted || s.n != 1
	}
	if !counted {
		st.RecentN = nil // one request each: the form earlier versions wrote
	}
	return st
}

// maxRestoredSlots bounds the times read back from a state: a minute of a key of up to
// that many requests a minute is restored exactly, and a file grown by anything else
// costs no more than this.
const maxRestoredSlots = 4096

// RestoreBudget merges what an earlier process knew into a fresh client: the limits
// when a ping gave them, the day's count when it is still the same Kyiv day, and the
// requests still inside the per-minute window. What is stale is dropped, never trusted:
// a state from the future (a clock change) gives nothing but the limits.
func (c *Client) RestoreBudget(st BudgetState) {
	l := c.lim
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if !st.LearnedAt.IsZero() && !st.LearnedAt.After(now) && st.PerMinute > 0 && st.PerDay > 0 {
		l.perMin, l.perDay, l.known = min(st.PerMinute, MaxPerMinute), min(st.PerDay, MaxPerDay), true
		if st.LearnedAt.After(l.learnedAt) {
			l.learnedAt = st.LearnedAt
		}
	}
	l.rollDay(now)
	if st.Day.Equal(l.day) && bounded(st.UsedToday, MaxPerDay) > l.usedToday {
		l.usedToday = bounded(st.UsedToday, MaxPerDay)
	}
	cut := now.Add(-window - windowMargin)
	for i, t := range st.Recent[:min(len(st.Recent), maxRestoredSlots)] {
		n := 1
		if i < len(st.RecentN) {
			n = st.RecentN[i]
		}
		n = bounded(n, l.perMin-l.used)
		if n == 0 || !t.After(cut) || t.After(now) {
			continue
		}
		l.log = append(l.log, &slot{t: t, sent: t, done: true, n: n})
		l.used += n
	}
	if st.BlockedUntil.After(now) && st.BlockedUntil.Sub(now) <= maxRateLimitWait {
		l.blockedUntil = st.BlockedUntil
	}
	if st.DayBlockedUntil.After(now) && st.DayBlockedUntil.Before(nextKyivMidnight(now).Add(time.Hour)) {
		l.dayBlockedUntil = st.DayBlockedUntil
	}
}

// LearnLimits makes sure the client knows its key's real limits: when they were
// learned less than maxAge ago (by a ping, or restored from an earlier process) it
// costs nothing, otherwise one ping. A command that will send many requests calls it
// first, so it runs as fast as the key allows instead of at the cautious default.
func (c *Client) LearnLimits(ctx context.Context, maxAge time.Duration) error {
	c.lim.mu.Lock()
	fresh := c.lim.known && !c.lim.learnedAt.IsZero() && c.lim.now().Sub(c.lim.learnedAt) < maxAge
	c.lim.mu.Unlock()
	if fresh {
		return nil
	}
	_, err := c.Ping(ctx)
	return err
}

// Wait is a pause the budget imposes before the next request.
type Wait struct {
	For       time.Duration
	Until     time.Time // Europe/Kyiv
	PerMinute int       // the key's limit that makes the wait
	// Throttled is true when the service itself answered 429 and asked for the pause.
	Throttled bool
	// Background is true for a request of background work (Background): a job's
	// wait for its share of the minute, which a status line of the person's own
	// waits may leave out.
	Background bool
}

type waitKey struct{}

// OnWait returns a context whose requests report every budget wait to fn before it
// starts, so that the caller can say what it waits for and for how long. fn runs on
// the goroutine of the request and must not block.
func OnWait(ctx context.Context, fn func(Wait)) context.Context {
	return context.WithValue(ctx, waitKey{}, fn)
}

func reportWait(ctx context.Context, w Wait) {
	if fn, ok := ctx.Value(waitKey{}).(func(Wait)); ok && fn != nil {
		fn(w)
	}
}

// ErrWaitAbandoned is the error of a request whose wait for the budget was given up
// (AbandonWaits): nothing was sent.
var ErrWaitAbandoned = errors.New("given up while waiting for the request budget; nothing was sent")

// OnWaits reports every budget wait of every request of the client to fn before it
// starts (as OnWait does for one context), for a status line that covers them all.
// fn runs on the goroutine of the request and must not block.
func (c *Client) OnWaits(fn func(Wait)) {
	c.lim.mu.Lock()
	defer c.lim.mu.Unlock()
	c.lim.onWait = fn
}

// AbandonWaits gives up every request now waiting for the budget: each fails at once
// with ErrWaitAbandoned, having sent nothing. Requests made later wait as usual.
func (c *Client) AbandonWaits() {
	c.lim.mu.Lock()
	defer c.lim.mu.Unlock()
	close(c.lim.abandon)
	c.lim.abandon = make(chan struct{})
}

// Estimate says how long n more requests of a job take under the budget b from now,
// and whether they fit in what is left of the Kyiv day (when not, the rest waits for
// midnight: days says how many days the work spans). A job runs in the background
// (Background): it leaves the reserve of each minute and of each day to the person
// (Reserved), so it is estimated at the limits less the reserve, and the plan never
// promises a time the job cannot keep. The window slides: what is free now goes at
// once, and every further minute frees at most the job's share, the requests sent now
// included, so the estimate is whole minutes past the first batch, an upper bound
// (but for the quarter second a minute the client adds for a service's clock) that a
// service counting fixed minutes may beat.
func (b Budget) Estimate(n int, now time.Time) (d time.Duration, fitsToday bool, days int) {
	return b.estimate(n, Reserved(b.PerMinute), Reserved(b.PerDay))
}

// EstimateForeground is Estimate for requests a person waits for (not marked
// Background), which may spend the whole budget.
func (b Budget) EstimateForeground(n int, now time.Time) (d time.Duration, fitsToday bool, days int) {
	return b.estimate(n, 0, 0)
}

// estimate is the time and days of n requests that leave keepMin of each minute's
// and keepDay of each day's budget unspent.
func (b Budget) estimate(n, keepMin, keepDay int) (d time.Duration, fitsToday bool, days int) {
	perDay, perMin := b.PerDay-keepDay, b.PerMinute-keepMin
	fitsToday = b.PerDay <= 0 || b.UsedToday+n <= perDay
	days = 1
	if !fitsToday {
		left := max(perDay-b.UsedToday, 0)
		days += (n - left + perDay - 1) / perDay
	}
	if b.PerMinute <= 0 || n <= 0 {
		return 0, fitsToday, days
	}
	free := max(perMin-b.UsedMinute, 0)
	if n <= free {
		return 0, fitsToday, days
	}
	minutes := (n - free + perMin - 1) / perMin
	return time.Duration(minutes) * time.Minute, fitsToday, days
}
