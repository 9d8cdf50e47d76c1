package api

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// window is the per-minute window. The margin covers a server that counts a window
// inclusively at both ends; it costs a quarter second per saturated minute.
const (
	window       = time.Minute
	windowMargin = 250 * time.Millisecond
)

// Budget is a snapshot of the request budget, for the UI's meter.
type Budget struct {
	UsedMinute     int       // requests sent in the last minute (in flight included)
	PerMinute      int       // the key's per-minute limit (assumed until Known)
	UsedToday      int       // requests sent this Europe/Kyiv day
	PerDay         int       // the key's per-day limit (assumed until Known)
	MinuteResetsAt time.Time // when the next per-minute slot frees; zero when none is used
	DayResetsAt    time.Time // next Europe/Kyiv midnight, or later after a daily refusal
	Known          bool      // the limits come from the service (a ping, or its rate-limit headers)
	// Foreign counts the requests of this Kyiv day that the service counted but this
	// client did not send: another program, or another copy of this one, spends the
	// same key.
	Foreign int
}

// slot is one request in the sliding log. While in flight it cannot expire; once done its
// time is when the answer arrived. The service counted the request at some instant
// between sending and the answer, so a new request sent a window after the answer can
// never share a window with it, whether the service's windows are fixed or sliding.
type slot struct {
	t        time.Time
	sent     time.Time // when it was reserved
	done     bool
	released bool // given back unsent; done has nothing left to do
	// n is how many requests the slot stands for: 1 for this client's own; the
	// count the service says it counted and this client did not send (another
	// program's), as one slot, so that the log's memory never depends on a number
	// from the network.
	n int
}

// Bounds on what a service says of a key's budget, far above any real key's (the
// spec's have 60 and 600 requests a minute, 5 000 and 100 000 a day): a bogus figure
// (2 000 000 000 a minute) is taken as the bound, never believed, and the limiter's
// memory does not depend on it either way (slot.n).
const (
	MaxPerMinute = 1_000_000
	MaxPerDay    = 1_000_000_000
)

// bounded is a count from the network within 0 and most.
func bounded(v, most int) int { return max(0, min(v, most)) }

// limiter keeps the client under the key's limits so that it never causes a 429 itself.
type limiter struct {
	mu    sync.Mutex
	now   func() time.Time
	sleep func(context.Context, time.Duration) error

	perMin, perDay int
	known          bool
	learnedAt      time.Time // when a ping last gave the limits

	log       []*slot
	used      int       // the requests the log stands for: the sum of its slots' n
	day       time.Time // Kyiv midnight that starts the counted day
	usedToday int
	foreign   int // requests the service counted today that this client did not send

	blockedUntil    time.Time // after a 429 rate_limit_exceeded
	dayBlockedUntil time.Time // after a 429 daily_limit_exceeded

	// fgWaiting counts the foreground requests waiting for a slot; background ones
	// hold back while it is not zero. A count, not a queue: its memory is fixed.
	fgWaiting int

	changed   chan struct{} // closed and replaced whenever a slot completes or fgWaiting drops to 0
	abandon   chan struct{} // closed and replaced by AbandonWaits
	abandonFg chan struct{} // closed and replaced by AbandonForegroundWaits
	onWait    func(Wait)    // every wait, for a client-wide status line; may be nil
}

func newLimiter(perMin, perDay int) *limiter {
	return &limiter{
		now: time.Now, sleep: sleepCtx,
		perMin: perMin, perDay: perDay,
		changed: make(chan struct{}), abandon: make(chan struct{}), abandonFg: make(chan struct{}),
	}
}

func (l *limiter) setLimits(perMin, perDay int, known bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if perMin > 0 {
		l.perMin = min(perMin, MaxPerMinute)
	}
	if perDay > 0 {
		l.perDay = min(perDay, MaxPerDay)
	}
	l.known = l.known || known
}

func kyivMidnight(t time.Time) time.Time {
	y, m, d := t.In(Kyiv).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Kyiv)
}

func nextKyivMidnight(t time.Time) time.Time {
	y, m, d := t.In(Kyiv).Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, Kyiv)
}

// rollDay starts a new day count at Kyiv midnight. A request sent before midnight
// whose answer came after it (or has not come yet) may have been counted by the service
// in the new day, so it counts in both: otherwise a client that spends its whole budget
// just after midnight would trip daily_limit_exceeded. Every such slot is still in the
// log here, because each call rolls the day before it prunes. Caller holds mu.
func (l *limiter) rollDay(now time.Time) {
	day := kyivMidnight(now)
	if day.Equal(l.day) {
		return
	}
	l.day, l.usedToday, l.foreign = day, 0, 0
	for _, s := range l.log {
		if s.sent.Before(day) && (!s.done || !s.t.Before(day)) {
			l.usedToday += s.n
		}
	}
}

// prune drops completed slots older than the window. Caller holds mu.
func (l *limiter) prune(now time.Time) {
	cut := now.Add(-window - windowMargin)
	kept := l.log[:0]
	for _, s := range l.log {
		if !s.done || s.t.After(cut) {
			kept = append(kept, s)
		} else {
			l.used -= s.n
		}
	}
	clear(l.log[len(kept):])
	l.log = kept
}

// nextFree is when the oldest completed slot leaves the window; ok is false when every
// slot is still in flight. Caller holds mu.
func (l *limiter) nextFree() (t time.Time, ok bool) {
	for _, s := range l.log {
		if s.done && (!ok || s.t.Before(t)) {
			t, ok = s.t, true
		}
	}
	return t.Add(window + windowMargin), ok
}

// reserve waits until a request may be sent and records it. It fails fast, without
// waiting, when the day is spent (for background work, when only its reserve is
// left) or the wait would outlast ctx's deadline. A background request (Background)
// waits rather than take the minute's reserve, and while a foreground one waits.
func (l *limiter) reserve(ctx context.Context) (*slot, error) {
	bg := IsBackground(ctx)
	queued := false // this foreground request is counted in fgWaiting
	for {
		l.mu.Lock()
		now := l.now()
		l.rollDay(now)
		err := l.dayErr(now)
		if err == nil && bg {
			err = l.dayReserveErr(now)
		}
		if err != nil {
			l.unqueue(&queued)
			l.mu.Unlock()
			return nil, err
		}
		l.prune(now)
		limit := l.capFor(bg)
		var wait time.Duration
		var release chan struct{}
		switch {
		case now.Before(l.blockedUntil):
			wait = l.blockedUntil.Sub(now)
		case bg && l.fgWaiting > 0:
			release = l.changed // the last foreground waiter off the count wakes it
		case limit > 0 && l.used >= limit:
			if t, ok := l.nextFree(); ok {
				wait = t.Sub(now)
			} else {
				release = l.changed
			}
		default:
			s := &slot{t: now, sent: now, n: 1}
			l.log = append(l.log, s)
			l.used++
			l.usedToday++
			l.unqueue(&queued)
			l.mu.Unlock()
			return s, nil
		}
		if !bg {
			l.queue(&queued)
		}
		perMin, throttled := l.perMin, now.Before(l.blockedUntil)
		abandon, abandonFg, observe := l.abandon, l.abandonFg, l.onWait
		if bg {
			abandonFg = nil // AbandonForegroundWaits leaves background work waiting
		}
		l.mu.Unlock()

		if release == nil {
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
				l.mu.Lock()
				l.unqueue(&queued)
				l.mu.Unlock()
				return nil, &Error{
					Code: CodeRateLimitExceeded,
					Hint: fmt.Sprintf("the budget of %d requests per minute is spent and the next slot "+
						"frees in %s, after the operation's deadline", perMin, wait.Round(time.Second)),
					RetryAfter: wait,
					ResetsAt:   now.Add(wait).In(Kyiv),
				}
			}
			w := Wait{For: wait, Until: now.Add(wait).In(Kyiv), PerMinute: perMin, Throttled: throttled, Background: bg}
			reportWait(ctx, w)
			if observe != nil {
				observe(w)
			}
		}
		if err := l.pause(ctx, wait, release, abandon, abandonFg); err != nil {
			l.mu.Lock()
			l.unqueue(&queued)
			l.mu.Unlock()
			return nil, err
		}
	}
}

// pause waits until release closes or, without one, for d; ErrWaitAbandoned when an
// abandon channel closes first (a nil one never does), ctx's error when ctx ends.
func (l *limiter) pause(ctx context.Context, d time.Duration, release, abandon, abandonFg chan struct{}) error {
	if release != nil {
		select {
		case <-release:
			return nil
		case <-abandon:
			return ErrWaitAbandoned
		case <-abandonFg:
			return ErrWaitAbandoned
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	sctx, stop := context.WithCancel(ctx)
	go func() {
		select {
		case <-abandon:
			stop()
		case <-abandonFg:
			stop()
		case <-sctx.Done():
		}
	}()
	err := l.sleep(sctx, d)
	stop()
	if err != nil {
		select {
		case <-abandon:
			return ErrWaitAbandoned
		case <-abandonFg:
			return ErrWaitAbandoned
		default:
		}
	}
	return err
}

// dayErr is the local refusal once the day's budget is spent. Caller holds mu.
func (l *limiter) dayErr(now time.Time) error {
	spent := l.perDay > 0 && l.usedToday >= l.perDay
	if !spent && !now.Before(l.dayBlockedUntil) {
		return nil
	}
	resets := nextKyivMidnight(now)
	if l.dayBlockedUntil.After(resets) || (!spent && l.dayBlockedUntil.After(now)) {
		resets = l.dayBlockedUntil
	}
	return &Error{
		Code: CodeDailyLimitExceeded,
		Hint: fmt.Sprintf("the day's budget of %d requests is spent; it resets at %s (Europe/Kyiv)",
			l.perDay, resets.In(Kyiv).Format("2006-01-02 15:04")),
		RetryAfter: resets.Sub(now),
		ResetsAt:   resets.In(Kyiv),
	}
}

// release gives back a slot whose request never left the machine (its caller gave
// up first): the service never counted it, so neither does the budget.
func (l *limiter) release(s *slot) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.released || s.done {
		return
	}
	s.released = true
	for i, x := range l.log {
		if x == s {
			l.log = append(l.log[:i], l.log[i+1:]...)
			l.used -= s.n
			break
		}
	}
	if !s.sent.Before(l.day) && l.usedToday > 0 {
		l.usedToday--
	}
	l.signal()
}

// done marks a slot's answer as arrived (or the attempt as failed).
func (l *limiter) done(s *slot) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.released {
		return
	}
	s.t, s.done = l.now(), true
	l.signal()
}

func (l *limiter) budget() Budget {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.rollDay(now)
	l.prune(now)
	b := Budget{
		UsedMinute: l.used, PerMinute: l.perMin,
		UsedToday: l.usedToday, PerDay: l.perDay,
		DayResetsAt: nextKyivMidnight(now), Known: l.known, Foreign: l.foreign,
	}
	if t, ok := l.nextFree(); ok {
		b.MinuteResetsAt = t.In(Kyiv)
	}
	if l.blockedUntil.After(now) && l.blockedUntil.After(b.MinuteResetsAt) {
		b.MinuteResetsAt = l.blockedUntil.In(Kyiv)
	}
	if l.dayBlockedUntil.After(b.DayResetsAt) {
		b.DayResetsAt = l.dayBlockedUntil.In(Kyiv)
	}
	return b
}

// Budget returns the current request budget.
func (c *Client) Budget() Budget { return c.lim.budget() }
