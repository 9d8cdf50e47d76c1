package api_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// windowServer answers 429 like a service with a fixed per-minute window on clk.
type windowServer struct {
	mu     sync.Mutex
	clk    *clock
	limit  int
	counts map[time.Time]int
	got429 int
	times  []time.Time
}

func (s *windowServer) handle(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	now := s.clk.Now()
	win := now.Truncate(time.Minute)
	if s.counts[win] >= s.limit {
		s.got429++
		s.mu.Unlock()
		w.Header().Set("Retry-After", "1")
		reply(w, 429, `{"ok":false,"error":"rate_limit_exceeded"}`)
		return
	}
	s.counts[win]++
	s.times = append(s.times, now)
	s.mu.Unlock()
	reply(w, 200, `{"ok":true,"categories":[]}`)
}

func TestLimiterBurst(t *testing.T) {
	for _, concurrent := range []bool{false, true} {
		t.Run(fmt.Sprintf("concurrent=%v", concurrent), func(t *testing.T) {
			clk := newClock()
			ws := &windowServer{clk: clk, limit: 60, counts: map[time.Time]int{}}
			srv, _ := serve(t, ws.handle)
			c := newClient(t, srv.URL, clk)
			start := clk.Now()
			var wg sync.WaitGroup
			errs := make(chan error, 61)
			for range 61 {
				call := func() {
					_, err := c.Categories(context.Background(), "")
					errs <- err
				}
				if concurrent {
					wg.Go(call)
				} else {
					call()
				}
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if ws.got429 != 0 || len(ws.times) != 61 {
				t.Fatalf("server saw %d requests and sent %d 429s", len(ws.times), ws.got429)
			}
			last := ws.times[60]
			if last.Sub(start) < time.Minute {
				t.Errorf("61st request after %v, want a minute's wait", last.Sub(start))
			}
			if concurrent {
				return // in-flight requests completed after the fake clock jumped
			}
			b := c.Budget()
			if b.UsedToday != 61 || b.PerMinute != 60 || b.PerDay != 5000 || b.Known || b.UsedMinute != 1 {
				t.Errorf("budget %+v", b)
			}
			if b.MinuteResetsAt.Sub(clk.Now()) <= 0 || b.MinuteResetsAt.Sub(clk.Now()) > 61*time.Second {
				t.Errorf("MinuteResetsAt %v at %v", b.MinuteResetsAt, clk.Now())
			}
			if want := time.Date(2026, 11, 22, 0, 0, 0, 0, api.Kyiv); !b.DayResetsAt.Equal(want) {
				t.Errorf("DayResetsAt %v", b.DayResetsAt)
			}
		})
	}
}

func TestLimiterSeededByPing(t *testing.T) {
	clk := newClock()
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/ping" {
			reply(w, 200, `{"ok":true,"message":"pong","key_id":3,"key_prefix":"sk_test_0123","user_id":1001,`+
				`"account_type":"business","scopes":["listings:read"],"scopes_granted":["listings:read","listings:write"],`+
				`"rate_limit_per_minute":3,"daily_limit":100,"total_requests":77,"server_time":"2026-11-21T10:00:00+02:00",`+
				`"your_ip":"127.0.0.1","requests_this_minute":2,"requests_today":50,"future_field":{"x":1}}`)
			return
		}
		reply(w, 200, `{"ok":true,"categories":[]}`)
	})
	c := newClient(t, srv.URL, clk)
	k, err := c.Ping(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if k.Message != "pong" || k.AccountType != "business" || !k.HasScope(api.ScopeWrite) || k.HasScope("admin") ||
		k.TotalRequests != 77 || *k.RequestsToday != 50 || k.ServerTime.Hour() != 10 {
		t.Errorf("key info %+v", k)
	}
	b := c.Budget()
	if !b.Known || b.PerMinute != 3 || b.PerDay != 100 || b.UsedToday != 50 || b.UsedMinute != 2 {
		t.Errorf("budget after ping %+v", b)
	}
	// One slot is left this minute; the next call waits for the window.
	if _, err := c.Categories(context.Background(), ""); err != nil || len(clk.Slept()) != 0 {
		t.Fatalf("err %v, slept %v", err, clk.Slept())
	}
	if _, err := c.Categories(context.Background(), ""); err != nil || len(clk.Slept()) != 1 {
		t.Fatalf("err %v, slept %v", err, clk.Slept())
	}
	if n.Load() != 3 {
		t.Errorf("%d requests", n.Load())
	}
}

func TestLimiterDailyAndDeadline(t *testing.T) {
	clk := newClock()
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true,"categories":[]}`) })
	c := newClient(t, srv.URL, clk, api.WithLimits(1, 3))

	_, _ = c.Categories(context.Background(), "")
	// The minute's only slot is used: a caller whose deadline is nearer than the
	// window fails at once, without sending.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := c.Categories(ctx, "")
	e := mustAPIError(t, err)
	if e.Code != api.CodeRateLimitExceeded || e.Status != 0 || e.RetryAfter < 59*time.Second || n.Load() != 1 {
		t.Fatalf("deadline: %v (retry after %v), %d requests", err, e.RetryAfter, n.Load())
	}
	for range 2 {
		if _, err := c.Categories(context.Background(), ""); err != nil {
			t.Fatal(err)
		}
	}
	_, err = c.Categories(context.Background(), "")
	e = mustAPIError(t, err)
	midnight := time.Date(2026, 11, 22, 0, 0, 0, 0, api.Kyiv)
	if !api.IsDailyLimit(err) || e.Status != 0 || !e.ResetsAt.Equal(midnight) || n.Load() != 3 {
		t.Fatalf("daily: %v resets %v, %d requests", err, e.ResetsAt, n.Load())
	}
	// A new Kyiv day brings the budget back.
	_ = clk.Sleep(context.Background(), midnight.Sub(clk.Now())+time.Second)
	if _, err := c.Categories(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if b := c.Budget(); b.UsedToday != 1 {
		t.Errorf("UsedToday %d after midnight", b.UsedToday)
	}
}

func TestLimiterWaitCancelled(t *testing.T) {
	clk := newClock()
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true,"categories":[]}`) })
	sleepErr := func(ctx context.Context, d time.Duration) error { return context.Canceled }
	c := newClient(t, srv.URL, clk, api.WithLimits(1, 100), api.WithSleep(sleepErr))
	_, _ = c.Categories(context.Background(), "")
	if _, err := c.Categories(context.Background(), ""); err == nil {
		t.Error("a cancelled budget wait still sent")
	}
}

// A request sent before Kyiv midnight and answered after it may be counted by the
// service in either day, so the client counts it in the new day too; and a ping that
// answered from the old day does not seed the new day's count.
func TestLimiterAcrossMidnight(t *testing.T) {
	clk := newClock()
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		body := fmt.Sprintf(`{"ok":true,"message":"pong","rate_limit_per_minute":60,"daily_limit":5000,`+
			`"requests_this_minute":1,"requests_today":4999,"server_time":%q}`, clk.Now().Format(time.RFC3339Nano))
		_ = clk.Sleep(r.Context(), 2*time.Second) // the answer arrives after midnight
		reply(w, 200, body)
	})
	c := newClient(t, srv.URL, clk)
	midnight := time.Date(2026, 11, 22, 0, 0, 0, 0, api.Kyiv)
	_ = clk.Sleep(context.Background(), midnight.Add(-time.Second).Sub(clk.Now()))
	if _, err := c.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b := c.Budget(); b.UsedToday != 1 || !b.DayResetsAt.Equal(midnight.AddDate(0, 0, 1)) {
		t.Errorf("after a ping across midnight: UsedToday %d (want 1: the ping itself), resets %v", b.UsedToday, b.DayResetsAt)
	}
	// The same ping within one day does seed the count.
	if _, err := c.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b := c.Budget(); b.UsedToday != 4999 {
		t.Errorf("after a ping within the day: UsedToday %d, want 4999", b.UsedToday)
	}
}
