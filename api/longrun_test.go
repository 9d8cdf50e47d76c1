package api_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// inProcess sends requests straight to a handler, so a long simulated run costs no
// sockets.
type inProcess struct{ h http.Handler }

func (t inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}

// sleepUntil moves the clock to t unless it is already past it.
func (c *clock) sleepUntil(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.slept = append(c.slept, t.Sub(c.now))
		c.now = t
	}
}

// strictService is a service on the fake clock that counts each request at its arrival
// and refuses, as a violation, any request that would make more than perMin in ANY 60 s
// (so it is stricter than both fixed and sliding windows) or more than perDay in a
// Europe/Kyiv day. Each answer then takes a random latency of up to 2 s.
type strictService struct {
	clk            *clock
	perMin, perDay int

	mu         sync.Mutex
	rng        *rand.Rand
	recent     []time.Time // the last perMin arrivals
	days       map[string]int
	minutes    map[time.Time]int // per clock minute, for ping's counter
	served     int
	violations []string
}

func (s *strictService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	now := s.clk.Now()
	day := now.In(api.Kyiv).Format(time.DateOnly)
	switch {
	case len(s.recent) == s.perMin && now.Sub(s.recent[0]) < time.Minute:
		s.violations = append(s.violations, fmt.Sprintf("%v: %d requests since %v", now, s.perMin+1, s.recent[0]))
		s.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		reply(w, 429, `{"ok":false,"error":"rate_limit_exceeded","hint":"slow down"}`)
		return
	case s.days[day] >= s.perDay:
		s.violations = append(s.violations, fmt.Sprintf("%v: over %d on %s", now, s.perDay, day))
		s.mu.Unlock()
		reply(w, 429, `{"ok":false,"error":"daily_limit_exceeded","hint":"tomorrow"}`)
		return
	}
	if len(s.recent) == s.perMin {
		s.recent = s.recent[1:]
	}
	s.recent = append(s.recent, now)
	s.days[day]++
	minute := now.Truncate(time.Minute)
	s.minutes[minute]++
	s.served++
	latency := time.Duration(s.rng.IntN(2000)) * time.Millisecond
	body := `{"ok":true,"categories":[]}`
	if r.URL.Path == "/api/v1/ping" {
		body = fmt.Sprintf(`{"ok":true,"message":"pong","rate_limit_per_minute":%d,"daily_limit":%d,`+
			`"requests_this_minute":%d,"requests_today":%d,"minute_resets_at":%q,"server_time":%q}`,
			s.perMin, s.perDay, s.minutes[minute], s.days[day], minute.Add(time.Minute).Format(time.RFC3339),
			now.Format(time.RFC3339Nano))
	}
	s.mu.Unlock()
	_ = s.clk.Sleep(r.Context(), latency)
	reply(w, 200, body)
}

// TestLimiterLongRun drives six concurrent callers through 40 simulated hours, across
// two Kyiv midnights, against a service that counts every request at arrival and checks
// every 60 s span. The client must never cause a 429, must refuse locally once the day
// is spent, and must still use most of its budget.
func TestLimiterLongRun(t *testing.T) {
	const perMin, perDay, workers = 30, 2000, 6
	clk := newClock() // 10:00 Kyiv
	svc := &strictService{clk: clk, perMin: perMin, perDay: perDay, rng: rand.New(rand.NewPCG(1, 2)),
		days: map[string]int{}, minutes: map[time.Time]int{}}
	c := newClient(t, "http://127.0.0.1:1", clk, api.WithHTTPClient(&http.Client{Transport: inProcess{svc}}),
		api.WithLimits(perMin, perDay))
	end := clk.Now().Add(40 * time.Hour)

	var wg sync.WaitGroup
	var mu sync.Mutex
	var local, failures int
	for w := range workers {
		wg.Go(func() {
			for i := 0; clk.Now().Before(end); i++ {
				var err error
				if i%211 == 0 { // a re-seed now and then, as the TUI does
					_, err = c.Ping(context.Background())
				} else {
					_, err = c.Categories(context.Background(), "")
				}
				if err == nil {
					continue
				}
				e, ok := api.AsError(err)
				mu.Lock()
				if ok && e.Status == 0 && api.IsDailyLimit(err) && e.RetryAfter > 0 {
					local++
					mu.Unlock()
					// Sleep until the reset, not for RetryAfter: the callers share one
					// fake clock, and each sleep moves it for all of them.
					clk.sleepUntil(e.ResetsAt)
					continue
				}
				failures++
				mu.Unlock()
				t.Errorf("worker %d: %v", w, err)
				return
			}
		})
	}
	wg.Wait()

	svc.mu.Lock()
	defer svc.mu.Unlock()
	if len(svc.violations) > 0 {
		t.Fatalf("the client caused %d refusals, first: %s", len(svc.violations), svc.violations[0])
	}
	if failures > 0 || local == 0 {
		t.Fatalf("%d failures; %d local daily refusals (want some: the day's budget runs out)", failures, local)
	}
	// Three Kyiv days are touched (10:00 to 02:00 two days later), and each must be
	// used to its limit but for the few requests in flight at midnight, which the client
	// counts in both days (the fake clock, moved by every caller's sleep, makes them more
	// than a real one would); the minutes while a day's budget lasts are mostly used.
	days := 0
	for _, n := range svc.days {
		if n >= perDay*99/100 {
			days++
		}
	}
	if days < 3 {
		t.Errorf("served %d, full days %d: the budget was not used (%v)", svc.served, days, svc.days)
	}
	busy := 0
	for _, n := range svc.minutes {
		if n >= perMin*2/3 {
			busy++
		}
	}
	if want := 3 * perDay / perMin * 8 / 10; busy < want {
		t.Errorf("only %d minutes used two thirds of the limit, want at least %d", busy, want)
	}
	t.Logf("served %d (%v), %d busy minutes of %d, %d local daily refusals", svc.served, svc.days, busy, len(svc.minutes), local)
	b := c.Budget()
	if !b.Known || b.PerMinute != perMin || b.PerDay != perDay {
		t.Errorf("budget %+v", b)
	}
}
