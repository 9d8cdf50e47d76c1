package proxy_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/proxy"
)

// The proxy attacked through net/http, as a hostile page or caller would: each test
// starts a real server around the handler, so the Host header, the connection's own
// address and the timing of bodies are those of a real request.

// serve runs h behind a real HTTP server until the test ends.
func serve(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// postFrame sends one frame to url with the given Host and Origin and returns the status
// and body; a transport error fails the test.
func postFrame(t *testing.T, ctx context.Context, url, host, origin string) (int, string) {
	t.Helper()
	body, ct := multipartBody(t, "file", "a.png", pngFrame(t))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s (Host %q): %v", url, host, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 posts to
// the proxy; the browser sends Host and Origin both evil.example:PORT, which look
// same-origin to a check that trusts Host. Nothing may reach the service.
func TestForgedHostIsRefused(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
	srv := serve(t, newProxyWith(t, up.srv.URL, &log, proxy.Options{}))
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]

	for _, host := range []string{"evil.example:" + port, "evil.example", "localhost.evil.example:" + port, "127.0.0.1.evil.example:" + port} {
		status, body := postFrame(t, context.Background(), srv.URL+"/upload", host, "http://"+host)
		if status != http.StatusForbidden || !strings.Contains(body, `"error":"host_not_allowed"`) {
			t.Errorf("Host %s with the same Origin: %d %s, want 403 host_not_allowed", host, status, body)
		}
	}
	if n := up.calls.Load(); n != 0 {
		t.Fatalf("%d forged requests reached the service with the key", n)
	}

	// The address the proxy listens on, with or without the matching Origin, still works.
	for _, origin := range []string{"", srv.URL} {
		if status, body := postFrame(t, context.Background(), srv.URL+"/upload", "", origin); status != http.StatusCreated {
			t.Errorf("Origin %q at the proxy's own address: %d %s, want 201", origin, status, body)
		}
	}
}

// stallingBody is a frame that trickles in: the multipart head at once, then one byte a
// second until the test ends.
type stallingBody struct {
	head []byte
	done <-chan struct{}
}

func (b *stallingBody) Read(p []byte) (int, error) {
	if len(b.head) > 0 {
		n := copy(p, b.head)
		b.head = b.head[n:]
		return n, nil
	}
	select {
	case <-b.done:
		return 0, io.ErrUnexpectedEOF
	case <-time.After(time.Second):
		p[0] = 0
		return 1, nil
	}
}

// bodyReadSignal tells, once, that the handler began reading the request's body.
type bodyReadSignal struct {
	io.ReadCloser
	once sync.Once
	read chan<- struct{}
}

func (b *bodyReadSignal) Read(p []byte) (int, error) {
	b.once.Do(func() { b.read <- struct{}{} })
	return b.ReadCloser.Read(p)
}

// Four callers that trickle their frames in a byte a second must not keep a fifth, fast
// one from being forwarded: a place to the service is taken only once a frame is whole.
func TestTricklingBodiesDoNotBlockOthers(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
	h := newProxyWith(t, up.srv.URL, &log, proxy.Options{MaxConcurrent: 4})
	reading := make(chan struct{}, 16)
	srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = &bodyReadSignal{ReadCloser: r.Body, read: reading}
		h.ServeHTTP(w, r)
	}))

	done := make(chan struct{})
	slowEnded := make(chan int, 4)
	var wg sync.WaitGroup
	t.Cleanup(func() { close(done); wg.Wait() })
	for range 4 {
		var head bytes.Buffer
		mw := multipart.NewWriter(&head)
		if _, err := mw.CreateFormFile("file", "slow.png"); err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/upload", &stallingBody{head: head.Bytes(), done: done})
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", mw.FormDataContentType())
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := 0
			if resp, err := http.DefaultClient.Do(req); err == nil {
				status = resp.StatusCode
				resp.Body.Close()
			}
			slowEnded <- status
		}()
	}
	// The handler reads a body only once it holds a place, so the four slow callers
	// hold all four places once all four bodies are being read.
	for range 4 {
		<-reading
	}

	// The deadline is only a safety net, so that a regression fails instead of hanging.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	status, body := postFrame(t, ctx, srv.URL+"/upload", "", "")
	if status != http.StatusCreated || up.calls.Load() != 1 {
		t.Fatalf("fast caller behind four slow ones: %d %s, %d upstream calls; want 201 and 1", status, body, up.calls.Load())
	}
	select {
	case s := <-slowEnded:
		t.Fatalf("a slow caller ended (status %d) before the fast one was checked; the test proves nothing", s)
	default:
	}
}

// What the network sends reaches the log quoted: an escape sequence in the path cannot
// drive the terminal that shows the proxy's log, and an encoded line break cannot forge a
// log line.
func TestLogQuotesWhatTheNetworkSent(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
	srv := serve(t, newProxyWith(t, up.srv.URL, &log, proxy.Options{}))
	for _, path := range []string{
		"/upload%1b]52;c;aGVsbG8=%07",
		"/x%0a2026/01/01 00:00:00 proxy: forward POST /upload ip=127.0.0.1 status=201",
		"/%1b[2J%0d%e2%80%ae",
	} {
		resp, err := http.Post(srv.URL+path, "text/plain", strings.NewReader("x"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	lines := log.String()
	if strings.ContainsAny(lines, "\x1b\r\u202e\a") {
		t.Errorf("the log holds raw control characters: %q", lines)
	}
	if n := strings.Count(lines, "\n"); n != 3 {
		t.Errorf("the log has %d lines for 3 requests: %q", n, lines)
	}
	for _, line := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
		if !strings.HasPrefix(line, "proxy: refuse POST ") {
			t.Errorf("log line %q is not the proxy's refusal of the request", line)
		}
	}
	if !strings.Contains(lines, `\x1b]52`) {
		t.Errorf("the log should show the escape quoted:\n%s", lines)
	}
	if up.calls.Load() != 0 {
		t.Errorf("%d requests reached the service", up.calls.Load())
	}
}
