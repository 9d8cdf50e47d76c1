package api

import (
	"context"
	"fmt"
	"time"
)

// Background work (a bulk job, an import, an export's fetch, the mirror's sync) shares
// the key's budget with the requests a person waits for (opening a listing, a
// refresh). Left alone, a job takes the whole minute and the person waits for the
// window; so a background request never takes the reserve, the last fifth of the
// minute's and of the day's budget, and a foreground request waiting for a slot gets
// the next one before any background request, whenever it began to wait.

// ReservedShare is the share of the key's per-minute and per-day limits that
// background requests leave to foreground ones: a fifth. Reserved says how it is
// rounded for a given limit.
const ReservedShare = 0.2

// Reserved is how many of limit requests background requests leave to foreground
// ones: ReservedShare of limit rounded down, at least one, and never the whole limit,
// so that a background job on the smallest key still makes progress. A limit of 1
// keeps nothing back (the job then only yields: a waiting foreground request goes
// first); 2 to 9 keep 1; 60 keeps 12; 600 keeps 120; 5 000 a day keeps 1 000.
func Reserved(limit int) int {
	if limit <= 1 {
		return 0
	}
	return min(max(int(float64(limit)*ReservedShare), 1), limit-1)
}

type backgroundKey struct{}

// Background returns a context whose requests are background work: each waits
// rather than take the reserve of the minute's budget (Reserved), fails at once
// rather than take the day's (a daily_limit_exceeded *Error of status 0, which stops
// a job for a resume after Kyiv midnight), and yields to every foreground request
// waiting for a slot. A context is foreground unless marked here.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

// IsBackground reports whether ctx's requests are background work (Background).
func IsBackground(ctx context.Context) bool {
	bg, _ := ctx.Value(backgroundKey{}).(bool)
	return bg
}

// capFor is the most requests in the per-minute window that a request of the kind
// may find before it waits: the limit, less the reserve for a background one; 0 is
// no limit. Caller holds mu.
func (l *limiter) capFor(bg bool) int {
	if bg && l.perMin > 0 {
		return l.perMin - Reserved(l.perMin)
	}
	return l.perMin
}

// dayReserveErr refuses a background request that would take the day's reserve.
// Caller holds mu.
func (l *limiter) dayReserveErr(now time.Time) error {
	keep := Reserved(l.perDay)
	if l.perDay <= 0 || l.usedToday < l.perDay-keep {
		return nil
	}
	resets := nextKyivMidnight(now)
	return &Error{
		Code: CodeDailyLimitExceeded,
		Hint: fmt.Sprintf("%d of the day's %d requests are left, the reserve kept for your own work; "+
			"background work goes on after %s (Europe/Kyiv)",
			max(l.perDay-l.usedToday, 0), l.perDay, resets.In(Kyiv).Format("2006-01-02 15:04")),
		RetryAfter: resets.Sub(now),
		ResetsAt:   resets.In(Kyiv),
	}
}

// queue counts a foreground request that waits for a slot, once: background
// requests hold back while any is counted. Caller holds mu.
func (l *limiter) queue(queued *bool) {
	if !*queued {
		l.fgWaiting++
		*queued = true
	}
}

// unqueue takes a foreground request off the count when it takes its slot or gives
// up; the last one off wakes the background requests it held back. Caller holds mu.
func (l *limiter) unqueue(queued *bool) {
	if !*queued {
		return
	}
	*queued = false
	l.fgWaiting--
	if l.fgWaiting == 0 {
		l.signal()
	}
}

// signal wakes every request waiting for the budget to change. Caller holds mu.
func (l *limiter) signal() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// AbandonForegroundWaits gives up every foreground request now waiting for the
// budget, as AbandonWaits does, and leaves background work waiting: the app's "give
// up the wait" is for what the person waits for, not for a job that runs meanwhile.
func (c *Client) AbandonForegroundWaits() {
	c.lim.mu.Lock()
	defer c.lim.mu.Unlock()
	close(c.lim.abandonFg)
	c.lim.abandonFg = make(chan struct{})
}
