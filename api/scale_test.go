package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// grownSandbox serves a sandbox whose account of key has n listings; it counts the
// 429s it answers. The sandbox and the client share a fake clock, so a budget wait
// takes no real time but is seen by the sandbox's own limits.
func grownSandbox(t *testing.T, key string, n int) (*api.Client, *clock, *atomic.Int64, *atomic.Int64) {
	t.Helper()
	clk := newClock()
	name := "business"
	if key == sandbox.KeyPersonal {
		name = "personal"
	}
	srv, err := sandbox.New(sandbox.Options{Now: clk.Now, Grow: []sandbox.Grow{{Key: name, Listings: n}}})
	if err != nil {
		t.Fatal(err)
	}
	var requests, refused atomic.Int64
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		rec := &statusRecorder{ResponseWriter: w}
		srv.ServeHTTP(rec, r)
		if rec.status == http.StatusTooManyRequests {
			refused.Add(1)
		}
	}))
	t.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := api.New(hs.URL, api.StaticKey(key), api.WithClock(clk.Now), api.WithSleep(clk.Sleep))
	if err != nil {
		t.Fatal(err)
	}
	return c, clk, &requests, &refused
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func pageAll(t *testing.T, c *api.Client, ctx context.Context) int {
	t.Helper()
	n, seen := 0, map[int]bool{}
	for page, err := range c.AllListings(ctx, api.ListParams{Status: api.StatusAll, Limit: api.MaxListLimit, Fields: []string{"id"}}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Listings {
			if seen[l.ID] {
				t.Fatalf("listing %d came twice", l.ID)
			}
			seen[l.ID] = true
		}
		n += len(page.Listings)
	}
	return n
}

// A business key that has learned its limits pages 10 000 listings (a ping, 100 full
// pages and the empty one a full last page leads to) without one wait for the budget.
func TestBusinessKeyPagesTenThousandWithoutWaiting(t *testing.T) {
	c, clk, requests, refused := grownSandbox(t, sandbox.KeyBusiness, 10_000)
	var waits atomic.Int64
	ctx := api.OnWait(context.Background(), func(api.Wait) { waits.Add(1) })
	if err := c.LearnLimits(ctx, time.Minute); err != nil {
		t.Fatal(err)
	}
	if n := pageAll(t, c, ctx); n != 10_000 {
		t.Fatalf("paged %d listings", n)
	}
	if waits.Load() != 0 || len(clk.Slept()) != 0 || refused.Load() != 0 || requests.Load() != 102 {
		t.Fatalf("%d waits, slept %v, %d refused, %d requests", waits.Load(), clk.Total(), refused.Load(), requests.Load())
	}
}

// A personal key (60 a minute) pages 7 000 listings, 70 pages and a ping, more than a
// minute allows (72 requests with the ping and the last, empty page): it waits for the budget and never draws a 429 from the sandbox.
func TestPersonalKeyNeverDrawsA429(t *testing.T) {
	c, clk, requests, refused := grownSandbox(t, sandbox.KeyPersonal, 7_000)
	var waits atomic.Int64
	ctx := api.OnWait(context.Background(), func(api.Wait) { waits.Add(1) })
	if err := c.LearnLimits(ctx, time.Minute); err != nil {
		t.Fatal(err)
	}
	if n := pageAll(t, c, ctx); n != 7_000 {
		t.Fatalf("paged %d listings", n)
	}
	if refused.Load() != 0 || requests.Load() != 72 {
		t.Fatalf("%d of %d requests refused with 429", refused.Load(), requests.Load())
	}
	if waits.Load() == 0 || clk.Total() < time.Minute || clk.Total() > 2*time.Minute {
		t.Fatalf("%d waits reported, %v waited: 72 requests at 60 a minute wait about a minute", waits.Load(), clk.Total())
	}
}

// Another program spends the same key: the rate-limit headers of the next answer put
// its requests in the budget (the meter shows them as foreign), and the client waits
// for them instead of drawing a 429.
func TestAnotherClientOnTheSameKeyIsCounted(t *testing.T) {
	c, clk, _, refused := grownSandbox(t, sandbox.KeyPersonal, 50)
	other, err := api.New(c.BaseURL(), api.StaticKey(sandbox.KeyPersonal), api.WithClock(clk.Now), api.WithSleep(clk.Sleep))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for range 55 {
		if _, err := other.Categories(ctx, "uk"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Categories(ctx, "uk"); err != nil {
		t.Fatal(err)
	}
	b := c.Budget()
	if !b.Known || b.UsedMinute < 56 || b.UsedToday != 56 || b.Foreign != 55 {
		t.Fatalf("budget after another client's 55 requests: %+v", b)
	}
	for range 10 {
		if _, err := c.Categories(ctx, "uk"); err != nil {
			t.Fatal(err)
		}
	}
	if refused.Load() != 0 {
		t.Fatalf("%d requests drew a 429", refused.Load())
	}
}
