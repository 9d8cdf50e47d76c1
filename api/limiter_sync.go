package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The budget in step with the service: what a ping says, and what the rate-limit
// headers of any answer say, so that requests another program makes with the same
// key are counted too; and what its refusals (429) say of when to send again.

// seed takes the limits and counters of a ping answer. Requests the service counted but
// this client did not send (another process with the same key) become completed slots
// that expire when the service's minute resets. A ping answered across Kyiv midnight
// counted the day before: its requests_today says nothing of the new day.
func (l *limiter) seed(k *KeyInfo) {
	sameDay := true
	l.mu.Lock()
	if !k.ServerTime.IsZero() {
		l.rollDay(l.now())
		sameDay = kyivMidnight(k.ServerTime.Time).Equal(l.day)
	}
	l.mu.Unlock()
	var today *int
	if sameDay {
		today = k.RequestsToday
	}
	var reset time.Time
	if k.MinuteResetsAt != nil {
		reset = k.MinuteResetsAt.Time
	}
	l.sync(k.RateLimitPerMinute, k.DailyLimit, k.RequestsThisMinute, today, reset)
}

// sync takes what the service says of the key's budget (a ping, or the rate-limit
// headers of any answer): its limits, and the requests it counted this minute and
// today. Requests it counted that this client did not send (another program with the
// same key) become completed slots that expire when the service's minute resets, and
// raise the day's count; the day's excess is kept as foreign, for the meter.
func (l *limiter) sync(perMin, perDay int, usedMinute, usedToday *int, minuteReset time.Time) {
	l.setLimits(perMin, perDay, true)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.learnedAt = now
	l.rollDay(now)
	if usedToday != nil && bounded(*usedToday, MaxPerDay) > l.usedToday {
		today := bounded(*usedToday, MaxPerDay)
		l.foreign += today - l.usedToday
		l.usedToday = today
	}
	if usedMinute == nil {
		return
	}
	at := now
	if minuteReset.After(now) && minuteReset.Sub(now) <= window {
		at = minuteReset.Add(-window)
	}
	// Capped at the limit (more could never be sent anyway), and kept as one slot of
	// that many, so that a bogus count costs no memory.
	if n := bounded(*usedMinute, l.perMin) - l.used; n > 0 {
		l.log = append(l.log, &slot{t: at, sent: at, done: true, n: n})
		l.used += n
	}
}

// observe reads the rate-limit headers of an answer, when the service sends them
// (the spec shows none; the sandbox sends X-RateLimit-*, docs/sandbox.md). Headers
// that are missing or malformed are ignored.
func (l *limiter) observe(h http.Header) {
	limit, okL := headerInt(h, "X-RateLimit-Limit")
	left, okR := headerInt(h, "X-RateLimit-Remaining")
	if !okL || !okR || limit <= 0 || left < 0 || left > limit {
		return
	}
	used := limit - left
	var reset time.Time
	if sec, ok := headerInt(h, "X-RateLimit-Reset"); ok && sec > 0 {
		reset = time.Unix(int64(sec), 0)
	}
	dayLimit, okDL := headerInt(h, "X-RateLimit-Limit-Day")
	dayLeft, okDR := headerInt(h, "X-RateLimit-Remaining-Day")
	var today *int
	if okDL && okDR && dayLimit > 0 && dayLeft >= 0 && dayLeft <= dayLimit {
		t := dayLimit - dayLeft
		today = &t
	} else {
		dayLimit = 0
	}
	l.sync(limit, dayLimit, &used, today, reset)
}

func headerInt(h http.Header, name string) (int, bool) {
	v := strings.TrimSpace(h.Get(name))
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// rateLimited records a 429 rate_limit_exceeded: nothing is sent before it lifts.
func (l *limiter) rateLimited(e *Error) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	wait := e.RetryAfter
	if wait <= 0 && e.ResetsAt.After(now) {
		wait = e.ResetsAt.Sub(now)
	}
	if wait <= 0 {
		wait = window
	}
	if until := now.Add(wait); until.After(l.blockedUntil) {
		l.blockedUntil = until
	}
	return wait
}

// dailyLimited records a 429 daily_limit_exceeded and fills in when the day resets.
func (l *limiter) dailyLimited(e *Error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.rollDay(now)
	until := e.ResetsAt
	if until.IsZero() && e.RetryAfter > 0 {
		until = now.Add(e.RetryAfter)
	}
	if !until.After(now) {
		until = nextKyivMidnight(now)
	}
	l.dayBlockedUntil = until
	if l.usedToday < l.perDay {
		l.usedToday = l.perDay
	}
	e.ResetsAt = until.In(Kyiv)
	if e.RetryAfter <= 0 {
		e.RetryAfter = until.Sub(now)
	}
}
