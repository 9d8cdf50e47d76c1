package api_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// testKey has the real shape; tests grep errors and traces for it.
const testKey = "sk_test_0123456789abcdef0123456789abcdef0123456789abcdef"

// clock is a fake clock whose Sleep advances time instantly.
type clock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func newClock() *clock {
	return &clock{now: time.Date(2026, 11, 21, 10, 0, 0, 0, api.Kyiv)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.slept = append(c.slept, d)
	return nil
}

func (c *clock) Slept() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.slept...)
}

func (c *clock) Total() time.Duration {
	var t time.Duration
	for _, d := range c.Slept() {
		t += d
	}
	return t
}

// serve starts a loopback server and counts the requests it receives.
func serve(t testing.TB, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func newClient(t testing.TB, url string, clk *clock, opts ...api.Option) *api.Client {
	t.Helper()
	all := []api.Option{api.WithClock(clk.Now), api.WithSleep(clk.Sleep)}
	c, err := api.New(url, api.StaticKey(testKey), append(all, opts...)...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func reply(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

func mustAPIError(t *testing.T, err error) *api.Error {
	t.Helper()
	e, ok := api.AsError(err)
	if !ok {
		t.Fatalf("error %v (%T) is not an *api.Error", err, err)
	}
	return e
}
