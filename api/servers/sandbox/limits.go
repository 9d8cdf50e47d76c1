package sandbox

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
	_ "time/tzdata" // Europe/Kyiv must resolve on hosts without zoneinfo.
)

// kyivZone loads Europe/Kyiv once; every date the API shows is in it.
var kyivZone = sync.OnceValues(func() (*time.Location, error) {
	return time.LoadLocation("Europe/Kyiv")
})

// counter holds a key's request counts: a fixed window aligned to the clock minute,
// the calendar day in Europe/Kyiv, and the total. It is persisted with the state.
type counter struct {
	MinuteStart time.Time `json:"minute_start"`
	Minute      int       `json:"minute"`
	Day         string    `json:"day"`
	Today       int       `json:"today"`
	Total       int       `json:"total"`
}

// roll starts new windows when now has left the stored ones.
func (c *counter) roll(now time.Time, loc *time.Location) {
	if m := now.Truncate(time.Minute); !m.Equal(c.MinuteStart) {
		c.MinuteStart, c.Minute = m, 0
	}
	if d := now.In(loc).Format(time.DateOnly); d != c.Day {
		c.Day, c.Today = d, 0
	}
}

func minuteEnd(now time.Time) time.Time { return now.Truncate(time.Minute).Add(time.Minute) }

func dayEnd(now time.Time, loc *time.Location) time.Time {
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, loc)
}

// retryAfter is the whole seconds until t, at least 1.
func retryAfter(now, t time.Time) int {
	return max(1, int(math.Ceil(t.Sub(now).Seconds())))
}

// counterFor returns the key's counter, creating it; the caller holds s.mu.
func (s *Server) counterFor(name string) *counter {
	c := s.st.Counters[name]
	if c == nil {
		c = &counter{}
		s.st.Counters[name] = c
	}
	return c
}

// Rate-limit headers: the spec shows none, so the sandbox sends the ones most APIs
// send (docs/sandbox.md), on every answer of a known key, a 429 included: the limit,
// what is left of it and when the window resets (Unix seconds), per minute and per
// Kyiv day. A client that reads them stays in step with requests another program made
// with the same key.
const (
	HeaderLimit        = "X-RateLimit-Limit"
	HeaderRemaining    = "X-RateLimit-Remaining"
	HeaderReset        = "X-RateLimit-Reset"
	HeaderLimitDay     = "X-RateLimit-Limit-Day"
	HeaderRemainingDay = "X-RateLimit-Remaining-Day"
	HeaderResetDay     = "X-RateLimit-Reset-Day"
)

// rateHeaders are the headers of c for k at now.
func (s *Server) rateHeaders(k *Key, c *counter, now time.Time) http.Header {
	return http.Header{
		HeaderLimit:        {strconv.Itoa(k.RatePerMinute)},
		HeaderRemaining:    {strconv.Itoa(max(k.RatePerMinute-c.Minute, 0))},
		HeaderReset:        {strconv.FormatInt(minuteEnd(now).Unix(), 10)},
		HeaderLimitDay:     {strconv.Itoa(k.DailyLimit)},
		HeaderRemainingDay: {strconv.Itoa(max(k.DailyLimit-c.Today, 0))},
		HeaderResetDay:     {strconv.FormatInt(dayEnd(now, s.loc).Unix(), 10)},
	}
}

// countRequest counts one request of k at now, or refuses it with 429 without
// counting it; either way it returns the rate-limit headers of the answer.
func (s *Server) countRequest(k *Key, now time.Time) (http.Header, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.counterFor(k.Name)
	c.roll(now, s.loc)
	var until time.Time
	var e *apiError
	switch {
	case c.Minute >= k.RatePerMinute:
		until = minuteEnd(now)
		e = newError(http.StatusTooManyRequests, "rate_limit_exceeded",
			fmt.Sprintf("this key allows %d requests per minute; wait %d s and try again",
				k.RatePerMinute, retryAfter(now, until)))
	case c.Today >= k.DailyLimit:
		until = dayEnd(now, s.loc)
		e = newError(http.StatusTooManyRequests, "daily_limit_exceeded",
			fmt.Sprintf("this key allows %d requests per day (Europe/Kyiv); the count resets at midnight Kyiv time",
				k.DailyLimit))
	default:
		c.Minute++
		c.Today++
		c.Total++
		s.changed()
		return s.rateHeaders(k, c, now), nil
	}
	ra := retryAfter(now, until)
	e.with("retry_after", ra).with("resets_at", until.In(s.loc).Format(time.RFC3339))
	e.header = s.rateHeaders(k, c, now)
	e.header.Set("Retry-After", strconv.Itoa(ra))
	return e.header, e
}
