package api_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// The reserve is a fifth rounded down, at least one, and never the whole limit.
func TestReserved(t *testing.T) {
	for limit, want := range map[int]int{-1: 0, 0: 0, 1: 0, 2: 1, 3: 1, 5: 1, 9: 1, 10: 2, 60: 12, 600: 120, 5000: 1000, 100000: 20000} {
		if got := api.Reserved(limit); got != want {
			t.Errorf("Reserved(%d) = %d, want %d", limit, got, want)
		}
	}
}

// A job's plan counts the job's share of each minute and of each day, so it never
// promises a time the job cannot keep; EstimateForeground counts the whole budget.
func TestEstimateLeavesTheReserve(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, api.Kyiv)
	b := api.Budget{PerMinute: 600, PerDay: 100000}
	for _, c := range []struct {
		n        int
		job, all time.Duration
	}{{480, 0, 0}, {600, time.Minute, 0}, {666, time.Minute, time.Minute}, {1000, 2 * time.Minute, time.Minute}, {10000, 20 * time.Minute, 16 * time.Minute}} {
		if d, _, _ := b.Estimate(c.n, now); d != c.job {
			t.Errorf("Estimate(%d) = %v, want %v", c.n, d, c.job)
		}
		if d, _, _ := b.EstimateForeground(c.n, now); d != c.all {
			t.Errorf("EstimateForeground(%d) = %v, want %v", c.n, d, c.all)
		}
	}
	// 3 900 of 5 000 are spent: a job has 100 left today (a person 1 100).
	b = api.Budget{PerMinute: 60, PerDay: 5000, UsedToday: 3900}
	if _, fits, days := b.Estimate(100, now); !fits || days != 1 {
		t.Errorf("100 more: fits %v, %d days", fits, days)
	}
	if _, fits, days := b.Estimate(4101, now); fits || days != 3 {
		t.Errorf("4 101 more: fits %v, %d days; want 100 today, 4 000 tomorrow, 1 the day after", fits, days)
	}
	if _, fits, _ := b.EstimateForeground(1100, now); !fits {
		t.Error("1 100 more in the foreground do not fit")
	}
}

// Background work stops short of the day's last fifth, without sending; the person's
// own requests go on to the daily limit.
func TestBackgroundLeavesTheDaysReserve(t *testing.T) {
	clk := newClock()
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true,"categories":[]}`) })
	c := newClient(t, srv.URL, clk, api.WithLimits(60, 10))
	bg := api.Background(context.Background())
	for range 8 {
		if _, err := c.Categories(bg, ""); err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.Categories(bg, "")
	e := mustAPIError(t, err)
	midnight := time.Date(2026, 11, 22, 0, 0, 0, 0, api.Kyiv)
	if !api.IsDailyLimit(err) || e.Status != 0 || !e.ResetsAt.Equal(midnight) || n.Load() != 8 ||
		!strings.Contains(e.Hint, "2 of the day's 10") || !strings.Contains(e.Hint, "your own work") {
		t.Fatalf("the 9th in the background: %v (resets %v), %d sent", err, e.ResetsAt, n.Load())
	}
	for range 2 {
		if _, err := c.Categories(context.Background(), ""); err != nil {
			t.Fatalf("the person's own request: %v", err)
		}
	}
	if _, err := c.Categories(context.Background(), ""); !api.IsDailyLimit(err) || n.Load() != 10 {
		t.Fatalf("past the daily limit: %v, %d sent", err, n.Load())
	}
}

// directClient is a client of h served in-process, for a synctest bubble.
func directClient(t *testing.T, h http.HandlerFunc, opts ...api.Option) *api.Client {
	t.Helper()
	all := append([]api.Option{api.WithHTTPClient(&http.Client{Transport: sandbox.Direct(h)})}, opts...)
	c, err := api.New("http://127.0.0.1:8080", api.StaticKey(testKey), all...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The app's "give up the wait" gives up what the person waits for and leaves a job's
// request waiting; AbandonWaits (the CLI's Ctrl+C of a job) gives up both. Each wait
// says whether it is background work.
func TestAbandonForegroundWaitsLeavesBackgroundWork(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var sent int
		c := directClient(t, func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			sent++
			mu.Unlock()
			reply(w, 200, `{"ok":true,"categories":[]}`)
		}, api.WithLimits(1, 100))
		var waits []api.Wait
		c.OnWaits(func(w api.Wait) {
			mu.Lock()
			waits = append(waits, w)
			mu.Unlock()
		})
		if _, err := c.Categories(context.Background(), ""); err != nil {
			t.Fatal(err)
		}
		bgErr, fgErr := make(chan error, 1), make(chan error, 1)
		go func() {
			_, err := c.Categories(api.Background(context.Background()), "")
			bgErr <- err
		}()
		synctest.Wait()
		go func() {
			_, err := c.Categories(context.Background(), "")
			fgErr <- err
		}()
		synctest.Wait()
		c.AbandonForegroundWaits()
		if err := <-fgErr; !errors.Is(err, api.ErrWaitAbandoned) {
			t.Fatalf("the person's wait: %v", err)
		}
		synctest.Wait()
		select {
		case err := <-bgErr:
			t.Fatalf("the job's wait was given up too: %v", err)
		default:
		}
		mu.Lock()
		if len(waits) != 2 || !waits[0].Background || waits[1].Background {
			t.Errorf("waits %+v: want the job's, then the person's", waits)
		}
		mu.Unlock()
		if err := <-bgErr; err != nil || sent != 2 { // the window passes: the job's goes
			t.Fatalf("the job's request: %v, %d sent", err, sent)
		}

		go func() {
			_, err := c.Categories(api.Background(context.Background()), "")
			bgErr <- err
		}()
		synctest.Wait()
		c.AbandonWaits()
		if err := <-bgErr; !errors.Is(err, api.ErrWaitAbandoned) {
			t.Fatalf("AbandonWaits left the job's wait: %v", err)
		}
	})
}
