package proxy_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/proxy"
)

// safetyNet bounds the waits of these tests so that a regression fails rather than
// hangs; nothing is measured against it.
const safetyNet = 20 * time.Second

func waitFor(t *testing.T, ch <-chan struct{}, n int, what string) {
	t.Helper()
	deadline := time.After(safetyNet)
	for i := range n {
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("%s: %d of %d after %s", what, i, n, safetyNet)
		}
	}
}

// Connections that send headers slowly or never are bounded per address and in all:
// those beyond are answered 503 and closed at once, and a closed one gives its place
// back.
func TestHeaderOnlyConnectionsAreBounded(t *testing.T) {
	const maxConns, perIP = 5, 3
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
	h := newProxyWith(t, up.srv.URL, &log, proxy.Options{})

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ll := proxy.LimitListener(ln, maxConns, perIP)
	srv := proxy.NewServer(h, nil)
	opened, closed := make(chan struct{}, 64), make(chan struct{}, 64)
	srv.ConnState = func(_ net.Conn, s http.ConnState) {
		switch s {
		case http.StateNew:
			opened <- struct{}{}
		case http.StateClosed:
			closed <- struct{}{}
		}
	}
	go func() { _ = srv.Serve(ll) }()
	t.Cleanup(func() { _ = srv.Close() })

	// Five from 127.0.0.1 (two beyond its three), then three from 127.0.0.2 (one beyond
	// the five in all); each sends the start of a request and never its end.
	refused := make(chan struct{}, 16)
	var answers atomic.Value
	var conns []net.Conn
	dial := func(from string) {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		c, err := d.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatalf("dial from %s: %v", from, err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, "POST /upload HTTP/1.1\r\nHost: "+ln.Addr().String()+"\r\n"); err != nil {
			t.Fatal(err)
		}
		go func() {
			b, _ := io.ReadAll(c) // returns once the proxy closes the connection
			if len(b) > 0 {
				answers.Store(string(b))
			}
			refused <- struct{}{}
		}()
	}
	for range 5 {
		dial("127.0.0.1")
	}
	for range 3 {
		dial("127.0.0.2")
	}
	t.Cleanup(func() {
		for _, c := range conns {
			_ = c.Close()
		}
	})

	waitFor(t, refused, 3, "connections closed by the proxy")
	waitFor(t, opened, maxConns, "connections handed to the server")
	if ll.Open() != maxConns || ll.Refused() != 3 {
		t.Fatalf("%d connections open and %d refused, want %d and 3", ll.Open(), ll.Refused(), maxConns)
	}
	if a, _ := answers.Load().(string); !strings.HasPrefix(a, "HTTP/1.1 503 ") || !strings.Contains(a, `"error":"too_many_connections"`) {
		t.Errorf("a refused connection was answered %q, want 503 too_many_connections", a)
	}

	// The first connection leaves: its place is free for the next caller.
	_ = conns[0].Close()
	waitFor(t, closed, 1, "the closed connection's end")
	waitFor(t, refused, 1, "the closed connection's reader")
	if n := ll.Open(); n != maxConns-1 {
		t.Fatalf("%d connections open after one closed, want %d", n, maxConns-1)
	}
	dial("127.0.0.1")
	waitFor(t, opened, 1, "the next connection")
	if ll.Open() != maxConns || ll.Refused() != 3 {
		t.Errorf("after a place was freed: %d open, %d refused; want %d and 3", ll.Open(), ll.Refused(), maxConns)
	}
}

// A service that hangs holds a caller only until the deadline, and the place comes back:
// the next frame is forwarded. A caller that goes away frees its place at once.
func TestHangingUpstreamFreesCallers(t *testing.T) {
	var calls atomic.Int64
	entered := make(chan struct{}, 4)
	// The service hangs on the first frame until the proxy gives up on it, and answers
	// the others.
	hang := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if calls.Add(1) == 1 {
			entered <- struct{}{}
			<-r.Context().Done()
			return
		}
		answer(http.StatusCreated, `{"ok":true,"url":"u"}`)(w)
	}))

	for _, tc := range []struct {
		name    string
		timeout time.Duration
		leave   bool
	}{
		{"deadline", 300 * time.Millisecond, false},
		{"caller gone", time.Hour, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls.Store(0)
			var log syncLog
			srv := serve(t, newProxyWith(t, hang.URL, &log, proxy.Options{MaxConcurrent: 1, Timeout: tc.timeout}))
			ctx, cancel := context.WithCancel(context.Background())
			first := make(chan int, 1)
			go func() {
				body, ct := multipartBody(t, "file", "a.png", pngFrame(t))
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/upload", body)
				req.Header.Set("Content-Type", ct)
				status := 0
				if resp, err := http.DefaultClient.Do(req); err == nil {
					status = resp.StatusCode
					resp.Body.Close()
				}
				first <- status
			}()
			waitFor(t, entered, 1, "the first frame at the service")
			if tc.leave {
				cancel()
			}
			if s := <-first; tc.leave && s != 0 || !tc.leave && s != http.StatusGatewayTimeout {
				t.Errorf("first caller ended with %d, want %d", s, map[bool]int{true: 0, false: http.StatusGatewayTimeout}[tc.leave])
			}
			cancel()
			next, stop := context.WithTimeout(context.Background(), safetyNet)
			defer stop()
			if status, body := postFrame(t, next, srv.URL+"/upload", "", ""); status != http.StatusCreated || calls.Load() != 2 {
				t.Errorf("next frame: %d %s after %d calls; want 201, the place freed", status, body, calls.Load())
			}
		})
	}
}

// A body that does not arrive within the body deadline is refused with 408; nothing is
// sent.
func TestBodyDeadline(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
	srv := serve(t, newProxyWith(t, up.srv.URL, &log, proxy.Options{BodyTimeout: 200 * time.Millisecond}))
	var head bytes.Buffer
	mw := multipart.NewWriter(&head)
	if _, err := mw.CreateFormFile("file", "slow.png"); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	defer close(done)
	ctx, cancel := context.WithTimeout(context.Background(), safetyNet)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/upload", &stallingBody{head: head.Bytes(), done: done})
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), `"error":"body_timeout"`) || up.calls.Load() != 0 {
		t.Errorf("trickling body: %d %s, %d calls; want 408 body_timeout and none", resp.StatusCode, b, up.calls.Load())
	}
}

// The default deadline of a forward is shorter than the minute a gateway in front of the
// proxy (nginx's proxy_read_timeout) waits, so a hung service is answered by the proxy.
func TestDefaultDeadlinesFitCallersPatience(t *testing.T) {
	if proxy.DefaultTimeout >= time.Minute {
		t.Errorf("DefaultTimeout %s: a hung service holds callers as long as their gateway waits", proxy.DefaultTimeout)
	}
	srv := proxy.NewServer(http.NotFoundHandler(), nil)
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes != proxy.MaxHeaderBytes {
		t.Errorf("server without bounds: %+v", srv)
	}
}
