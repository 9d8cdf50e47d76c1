package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// ServeUntilDone serves hs on ln until ctx ends (Ctrl+C), then lets requests in
// flight finish for up to grace before it returns; what names the server in messages.
func ServeUntilDone(ctx context.Context, hs *http.Server, ln net.Listener, what string, grace time.Duration, stderr io.Writer) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("stop the %s: %w", what, err)
	}
	fmt.Fprintln(stderr, what+" stopped")
	return nil
}

// BeyondLoopback reports whether a server listening on host can be reached from
// other machines, so its command warns: a name other than localhost, or an address
// that is not a loopback one.
func BeyondLoopback(host string) bool {
	ip := net.ParseIP(host)
	return host != "localhost" && (ip == nil || !ip.IsLoopback())
}
