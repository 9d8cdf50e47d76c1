package api_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestRetryGETOn5xx(t *testing.T) {
	var calls atomic.Int64
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= 2 {
			reply(w, 503, `{"ok":false,"error":"internal_error"}`)
			return
		}
		reply(w, 200, `{"ok":true,"categories":[{"id":1,"slug":"a","name":"A"}]}`)
	})
	clk := newClock()
	c := newClient(t, srv.URL, clk)
	cats, err := c.Categories(context.Background(), "en")
	if err != nil || len(cats) != 1 {
		t.Fatalf("cats %v err %v", cats, err)
	}
	slept := clk.Slept()
	if calls.Load() != 3 || len(slept) != 2 {
		t.Fatalf("%d calls, sleeps %v", calls.Load(), slept)
	}
	// Jittered over the upper half of 500 ms, then 1 s.
	if slept[0] < 250*time.Millisecond || slept[0] > 500*time.Millisecond ||
		slept[1] < 500*time.Millisecond || slept[1] > time.Second {
		t.Errorf("backoff %v", slept)
	}
}

func TestRetryBounds(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		reply(w, 500, `{"ok":false,"error":"internal_error"}`)
	})
	c := newClient(t, srv.URL, newClock())
	_, err := c.Categories(context.Background(), "")
	if e := mustAPIError(t, err); e.Status != 500 || n.Load() != 1+api.DefaultMaxRetries {
		t.Errorf("status %d after %d attempts", e.Status, n.Load())
	}

	// A long count bound stops on the time bound instead.
	n.Store(0)
	clk := newClock()
	c = newClient(t, srv.URL, clk, api.WithRetry(50, 5*time.Second))
	_, _ = c.Categories(context.Background(), "")
	if clk.Total() > 5*time.Second || n.Load() < 3 || n.Load() > 8 {
		t.Errorf("slept %v over %d attempts", clk.Total(), n.Load())
	}

	n.Store(0)
	c = newClient(t, srv.URL, newClock(), api.WithRetry(0, 0))
	_, _ = c.Categories(context.Background(), "")
	if n.Load() != 1 {
		t.Errorf("WithRetry(0,0) made %d attempts", n.Load())
	}
}

func TestPOSTNeverRetried(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		reply(w, 502, `{"ok":false,"error":"internal_error"}`)
	})
	clk := newClock()
	c := newClient(t, srv.URL, clk)
	_, err := c.CreateListing(context.Background(), &api.ListingCreate{Title: "Bike"})
	if mustAPIError(t, err).Status != 502 || n.Load() != 1 || len(clk.Slept()) != 0 {
		t.Errorf("create: %d attempts, err %v", n.Load(), err)
	}
	// A connection cut after the request was written: the create may have happened.
	cut, cn := serve(t, func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	c = newClient(t, cut.URL, clk)
	_, err = c.CreateListing(context.Background(), &api.ListingCreate{Title: "Bike"})
	if !api.IsUnreachable(err) || cn.Load() != 1 {
		t.Errorf("cut create: %d attempts, err %v", cn.Load(), err)
	}
	_, err = c.Categories(context.Background(), "")
	if !api.IsUnreachable(err) || cn.Load() != 2+api.DefaultMaxRetries {
		t.Errorf("cut GET: %d attempts in all, err %v", cn.Load(), err)
	}
}

func TestRateLimit429(t *testing.T) {
	var calls atomic.Int64
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "7")
			reply(w, 429, `{"ok":false,"error":"rate_limit_exceeded","hint":"slow down","retry_after":7}`)
			return
		}
		reply(w, 200, `{"ok":true,"cities":[{"ref":"r","name":"Kyiv","warehouses":0}]}`)
	})
	clk := newClock()
	c := newClient(t, srv.URL, clk)
	start := clk.Now()
	cities, err := c.SearchCities(context.Background(), "Ky", "en", 5)
	if err != nil || len(cities) != 1 {
		t.Fatalf("cities %v err %v", cities, err)
	}
	if waited := clk.Now().Sub(start); calls.Load() != 2 || waited < 7*time.Second || waited > 8*time.Second {
		t.Errorf("%d calls, waited %v", calls.Load(), waited)
	}

	// POST is not retried on 429; the error carries the wait.
	calls.Store(0)
	_, err = c.SuggestCategory(context.Background(), "t", "d", "")
	e := mustAPIError(t, err)
	if calls.Load() != 1 || !api.IsRateLimit(err) || e.RetryAfter != 7*time.Second {
		t.Errorf("suggest: %d calls, err %v, RetryAfter %v", calls.Load(), err, e.RetryAfter)
	}
}

func TestDailyLimitNotRetried(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "50400")
		reply(w, 429, `{"ok":false,"error":"daily_limit_exceeded","hint":"come back tomorrow",`+
			`"retry_after":50400,"resets_at":"2026-11-22T00:00:00+02:00"}`)
	})
	clk := newClock()
	c := newClient(t, srv.URL, clk)
	_, err := c.ListListings(context.Background(), api.ListParams{})
	e := mustAPIError(t, err)
	want := time.Date(2026, 11, 22, 0, 0, 0, 0, api.Kyiv)
	if n.Load() != 1 || !api.IsDailyLimit(err) || !e.ResetsAt.Equal(want) || e.Status != 429 {
		t.Fatalf("%d calls, err %v, resets %v", n.Load(), err, e.ResetsAt)
	}
	// The next call fails fast without spending a request.
	_, err = c.Categories(context.Background(), "")
	e = mustAPIError(t, err)
	if n.Load() != 1 || e.Status != 0 || !e.ResetsAt.Equal(want) || !api.IsDailyLimit(err) {
		t.Errorf("after the daily refusal: %d calls, err %v", n.Load(), err)
	}
	if b := c.Budget(); !b.DayResetsAt.Equal(want) || b.UsedToday != b.PerDay {
		t.Errorf("budget %+v", b)
	}
}

// failFirst fails the first round trip before anything is written.
type failFirst struct {
	n  atomic.Int64
	rt http.RoundTripper
}

func (f *failFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	if f.n.Add(1) == 1 {
		if r.Body != nil {
			r.Body.Close()
		}
		return nil, errors.New("dial tcp: connect: network is unreachable")
	}
	return f.rt.RoundTrip(r)
}

func TestUploadRetriedWhenNeverSent(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/upload/photo" {
			if err := r.ParseMultipartForm(1 << 20); err != nil {
				reply(w, 400, `{"ok":false,"error":"invalid_json"}`)
				return
			}
			reply(w, 201, `{"ok":true,"url":"u","url_wm":"w","width":2,"height":2}`)
			return
		}
		reply(w, 201, `{"ok":true,"listing_id":1}`)
	})
	path := filepath.Join(t.TempDir(), "p.png")
	if err := os.WriteFile(path, pngBytes(t, 2, 2, false), 0o600); err != nil {
		t.Fatal(err)
	}
	rt := &failFirst{rt: http.DefaultTransport}
	clk := newClock()
	c := newClient(t, srv.URL, clk, api.WithHTTPClient(&http.Client{Transport: rt}))
	res, err := c.UploadPhoto(context.Background(), path, nil)
	if err != nil || res.URL != "u" || n.Load() != 1 || rt.n.Load() != 2 {
		t.Fatalf("upload: res %v err %v, server %d, round trips %d", res, err, n.Load(), rt.n.Load())
	}
	// A create that never left the machine is still not retried: only uploads are.
	rt.n.Store(0)
	_, err = c.CreateListing(context.Background(), &api.ListingCreate{Title: "x"})
	if !api.IsUnreachable(err) || rt.n.Load() != 1 {
		t.Errorf("create: err %v, round trips %d", err, rt.n.Load())
	}
}

func TestTimeoutsWithRealClock(t *testing.T) {
	var calls atomic.Int64
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 || r.Method == http.MethodPost {
			// Read the body first: only then does the server notice the client leaving.
			_, _ = io.Copy(io.Discard, r.Body)
			<-r.Context().Done() // hang until the client gives up
			return
		}
		reply(w, 200, `{"ok":true,"categories":[]}`)
	})
	c, err := api.New(srv.URL, api.StaticKey(testKey), api.WithTimeout(50*time.Millisecond),
		api.WithUploadTimeout(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Categories(context.Background(), ""); err != nil || calls.Load() != 2 {
		t.Fatalf("GET after a timeout: %v, %d calls", err, calls.Load())
	}
	// An upload that reached the server is not retried after its timeout.
	calls.Store(0)
	path := filepath.Join(t.TempDir(), "p.png")
	if err := os.WriteFile(path, pngBytes(t, 2, 2, false), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = c.UploadPhoto(context.Background(), path, nil)
	if !api.IsUnreachable(err) || calls.Load() != 1 {
		t.Errorf("upload: %v, %d calls", err, calls.Load())
	}
	// A caller's cancel ends a real backoff sleep.
	ctx, cancel := context.WithCancel(context.Background())
	calls.Store(0)
	go func() {
		for calls.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := c.Categories(ctx, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during the retry: %v", err)
	}
}
