package watch

import (
	"time"

	"github.com/listings-tui/listings/api"
)

const (
	// DefaultInterval is the first wait after a pending answer.
	DefaultInterval = 15 * time.Second
	// maxWait caps the growth for the default base; a larger base caps at 8× itself.
	maxWait = 2 * time.Minute
	// growth is the factor applied after each unchanged answer.
	growth = 1.5
	// budgetHold is how long polling waits when the budget is too busy.
	budgetHold = 5 * time.Second
	// dayHold is how long polling waits when the day's budget is nearly spent.
	dayHold = time.Minute
	// rateHold is the wait after a 429 that named no Retry-After.
	rateHold = 60 * time.Second
	// pollTimeout bounds one poll request.
	pollTimeout = 20 * time.Second
	// stuckAfter frees the in-flight slot if an answer never came back.
	stuckAfter = pollTimeout + 10*time.Second
)

// capFor is the longest wait between two checks for a base interval.
func capFor(base time.Duration) time.Duration {
	return max(maxWait, 8*base)
}

// nextWait is the wait after an unchanged (still pending) answer: the base after the
// first answer, then ×1.5 each time, capped.
func nextWait(prev, base time.Duration) time.Duration {
	if prev <= 0 {
		return base
	}
	return min(time.Duration(float64(prev)*growth), capFor(base))
}

// backoffWait is the wait after a failed check: twice the previous wait, capped.
func backoffWait(prev, base time.Duration) time.Duration {
	return min(2*max(prev, base), capFor(base))
}

// Schedule returns the first n waits between checks of a listing that stays pending,
// for a base interval: 15s, 22.5s, 33.75s, … up to the cap.
func Schedule(base time.Duration, n int) []time.Duration {
	out := make([]time.Duration, 0, n)
	var w time.Duration
	for range n {
		w = nextWait(w, base)
		out = append(out, w)
	}
	return out
}

// budgetBusy reports whether polling must wait because the user's own work needs the
// budget: half of the minute and a tenth of the day stay theirs. It returns how long
// to wait and why.
func budgetBusy(b api.Budget) (time.Duration, bool) {
	if b.PerDay > 0 && b.UsedToday >= b.PerDay*9/10 {
		return dayHold, true
	}
	if b.PerMinute > 0 && b.UsedMinute >= b.PerMinute/2 {
		return budgetHold, true
	}
	return 0, false
}

// due returns the pollable entry with the earliest next check that is due at now,
// preferring first (a check the user asked for), then a listing watched on its own
// over a group's: a job's hundreds of listings would otherwise keep the one the user
// watched waiting its turn. nil when none is due.
func due(entries []*Entry, now time.Time, first int) *Entry {
	var best *Entry
	for _, e := range entries {
		if !e.Pollable() {
			continue
		}
		if e.ID == first {
			return e
		}
		if e.NextCheck.After(now) {
			continue
		}
		if best == nil || before(e, best) {
			best = e
		}
	}
	return best
}

// before reports whether a is checked before b when both are due.
func before(a, b *Entry) bool {
	if (a.Group == "") != (b.Group == "") {
		return a.Group == ""
	}
	return a.NextCheck.Before(b.NextCheck)
}

// rateLimitWait is how long a 429 asks polling to wait.
func rateLimitWait(err error, now time.Time) time.Duration {
	if e, ok := api.AsError(err); ok {
		if e.RetryAfter > 0 {
			return e.RetryAfter
		}
		if e.ResetsAt.After(now) {
			return e.ResetsAt.Sub(now)
		}
	}
	return rateHold
}

// Why polling waits (Model.holdWhy) and an entry's failures (Entry.Error) by their
// English names, kept in the store and compared; holdWord and errorWord say them.
const (
	holdBudget     = "budget"
	holdRate       = "rate limit"
	errUnreachable = "unreachable"
	errTimedOut    = "timed out"
)

// errorKind groups failures so that the banner shows each kind once until a poll
// succeeds.
func errorKind(err error) string {
	if api.IsUnreachable(err) {
		return errUnreachable
	}
	if e, ok := api.AsError(err); ok && e.Code != "" {
		return e.Code
	}
	return "other"
}
