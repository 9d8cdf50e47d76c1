package tuicmd

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
)

// serveInProcessSandbox serves an in-process sandbox on a free loopback port and returns
// its address and the personal key; stop shuts it down. It backs --sandbox and the login
// screen's "Try the sandbox".
func serveInProcessSandbox(_ context.Context) (string, string, func(), error) {
	srv, err := sandbox.New(sandbox.Options{ModerationDelay: 20 * time.Second})
	if err != nil {
		return "", "", nil, fmt.Errorf("start sandbox: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = srv.Close()
		return "", "", nil, fmt.Errorf("start sandbox: %w", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = hs.Shutdown(ctx)
			_ = srv.Close()
		})
	}
	return "http://" + ln.Addr().String(), sandbox.KeyPersonal, stop, nil
}
