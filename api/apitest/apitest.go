// Package apitest is what the tests of every layer (the api packages, the app's
// views, the CLI's commands) share, so that each sets up its service the same way
// and a change to the sandbox's set-up is made once:
//
//   - Sandbox and Connect: a sandbox on a fake Clock or in a testing/synctest
//     bubble, and clients of it that wait on that clock;
//   - Serve (and Start): a sandbox made with any sandbox.Options, served on a local
//     socket behind the test's own handlers, with its URL and clients for a key;
//   - Fixed and ClockAt: the clocks those tests put the sandbox and the app on;
//   - Relay and Counting: handlers in front of a sandbox that count what reaches it.
//
// It is for tests only; a guard test here fails when a test under tui/ or cmd/ makes
// a sandbox by hand again.
package apitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// Clock is a fake clock shared by the sandbox and the client: budget waits take no
// real time, and the sandbox's own limits see them. A nil *Clock is the real clock,
// which in a synctest bubble is the bubble's fake one.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock at 2026-11-24 10:00 in Kyiv.
func NewClock() *Clock { return ClockAt(time.Date(2026, 11, 24, 10, 0, 0, 0, api.Kyiv)) }

// ClockAt is a clock at t, for a test whose screens or seed show a date of its own.
func ClockAt(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	if c == nil {
		return time.Now()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock d on: the test's own step in time (a review that comes due,
// a new minute of a key's budget), where Sleep is the client's.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Sleep moves the clock d on, at once, unless ctx is done.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.Advance(d)
	return nil
}

// Sandbox is a fresh sandbox on clk (nil: the real clock) with the accounts grown by
// grow, closed when the test ends: for a test that serves it in-process (Connect) or
// behind a handler of its own.
func Sandbox(t testing.TB, clk *Clock, grow ...sandbox.Grow) *sandbox.Server {
	t.Helper()
	opts := sandbox.Options{Grow: grow}
	if clk != nil {
		opts.Now = clk.Now
	}
	return Open(t, opts)
}

// Open is a fresh sandbox made with opts, served nowhere, closed when the test ends:
// for a test that serves it its own way (in-process, sandbox.Direct).
func Open(t testing.TB, opts sandbox.Options) *sandbox.Server {
	t.Helper()
	srv, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

// Relay serves r with h (the sandbox) and sends its answer on to w, returning the
// answer's status code for the handler in front to count.
func Relay(w http.ResponseWriter, r *http.Request, h http.Handler) int {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
	return rec.Code
}

// Base is the base URL of a service served in-process.
const Base = "http://127.0.0.1:8080"

// Connect serves h and returns a function making a client with a key for it, a new
// one each call as a new process makes. With a clock, h is served on a socket until
// the test ends, and the client waits on the clock and does not retry (a test counts
// every request); with nil, h is served in-process (sandbox.Direct), for a synctest
// bubble whose time is fake, and the client is as the app's.
func Connect(t testing.TB, h http.Handler, clk *Clock) func(key string) *api.Client {
	t.Helper()
	base, opts := Base, []api.Option{api.WithHTTPClient(&http.Client{Transport: sandbox.Direct(h)})}
	if clk != nil {
		hs := httptest.NewServer(h)
		t.Cleanup(hs.Close)
		base, opts = hs.URL, []api.Option{api.WithClock(clk.Now), api.WithSleep(clk.Sleep), api.WithRetry(0, 0)}
	}
	return func(key string) *api.Client {
		t.Helper()
		c, err := api.New(base, api.StaticKey(key), opts...)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
}
