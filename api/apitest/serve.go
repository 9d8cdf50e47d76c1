package apitest

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// Service is a sandbox served on a local socket: what a test of a view or a command
// talks to when it needs a base URL (a root's options, a command line, a second
// client made later) rather than only a client.
type Service struct {
	// Sandbox is the sandbox itself, for a test that serves it once more its own way.
	Sandbox *sandbox.Server
	// Server is the socket it is served on; its Client fetches what the sandbox links
	// to (a photo's URL) as the app's image fetcher does.
	Server *httptest.Server
	// URL is the base URL of the service.
	URL string
}

// Serve serves a fresh sandbox made with opts until the test ends. Each wrap, in
// order, puts a handler of the test's in front of it (one that counts, holds or fails
// requests, or keeps what was sent); a nil wrap is none, so a fixture may pass its
// own optional one on.
func Serve(t testing.TB, opts sandbox.Options, wrap ...func(http.Handler) http.Handler) *Service {
	t.Helper()
	s, err := Start(opts, wrap...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// Start is Serve for a service whose end is not the test's: the sandbox a login
// screen starts when asked, which the app runs off the test's goroutine (where
// t.Fatal may not be called) and stops with Close.
func Start(opts sandbox.Options, wrap ...func(http.Handler) http.Handler) (*Service, error) {
	srv, err := sandbox.New(opts)
	if err != nil {
		return nil, err
	}
	var h http.Handler = srv
	for _, w := range wrap {
		if w != nil {
			h = w(h)
		}
	}
	hs := httptest.NewServer(h)
	return &Service{Sandbox: srv, Server: hs, URL: hs.URL}, nil
}

// Close stops serving and closes the sandbox; a second call does nothing more.
func (s *Service) Close() {
	s.Server.Close()
	_ = s.Sandbox.Close()
}

// Client is a client of the service with key: the app's client unless opts say
// otherwise (a fake clock, no retries, the key's limits).
func (s *Service) Client(t testing.TB, key string, opts ...api.Option) *api.Client {
	t.Helper()
	c, err := api.New(s.URL, api.StaticKey(key), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Fixed is a clock stopped at at: a sandbox on it seeds the same dates on every run
// and decides nothing while a test runs, so screens and answers hold still.
func Fixed(at time.Time) func() time.Time {
	return func() time.Time { return at }
}

// Counting is a wrap that adds one to n for each request that which picks before
// passing it on: for a test of how many requests a view or a command spends (one
// refresh for five presses, no page read for a closed pipe). The test may set n back
// to 0 between steps.
func Counting(n *atomic.Int64, which func(*http.Request) bool) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if which(r) {
				n.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	}
}
