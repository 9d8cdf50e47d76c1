package tuicmd

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
)

// newSandbox seeds the in-process sandbox; a variable so that tests can hold it back.
var newSandbox = func() (*sandbox.Server, error) {
	return sandbox.New(sandbox.Options{ModerationDelay: 20 * time.Second})
}

// serveInProcessSandbox serves an in-process sandbox on a free loopback port and returns
// its address and the personal key; stop shuts it down. It backs --sandbox and the login
// screen's "Try the sandbox". It returns once the port listens, before the sandbox is
// seeded (25–35 ms, which the first frame has no need to wait for): requests wait for
// the seed instead.
func serveInProcessSandbox(_ context.Context) (string, string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", "", nil, fmt.Errorf("start sandbox: %w", err)
	}
	s := &seeding{ready: make(chan struct{})}
	go func() {
		defer close(s.ready)
		s.srv, s.err = newSandbox()
	}()
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = hs.Shutdown(ctx)
			<-s.ready
			if s.srv != nil {
				_ = s.srv.Close()
			}
		})
	}
	return "http://" + ln.Addr().String(), sandbox.KeyPersonal, stop, nil
}

// seeding answers with the sandbox once it is seeded; if seeding failed, every request
// is answered with why.
type seeding struct {
	ready chan struct{}
	srv   *sandbox.Server
	err   error
}

func (s *seeding) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	select {
	case <-s.ready:
	case <-r.Context().Done():
		return
	}
	if s.err != nil {
		http.Error(w, "the in-process sandbox could not start: "+s.err.Error(), http.StatusServiceUnavailable)
		return
	}
	s.srv.ServeHTTP(w, r)
}
