package proxy_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/proxy"
)

// newProxyWith builds a proxy whose client and options the test chooses.
func newProxyWith(t *testing.T, upstreamURL string, log *syncLog, opts proxy.Options, copts ...api.Option) *proxy.Handler {
	t.Helper()
	c, err := api.New(upstreamURL, api.StaticKey(testKey), copts...)
	if err != nil {
		t.Fatal(err)
	}
	opts.Logf = log.logf
	opts.Hosts = append(opts.Hosts, testHost)
	h, err := proxy.New(c, opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// When the key's own budget refuses to send, the browser gets a 429 from the proxy with
// Retry-After, and the service sees nothing.
func TestBudgetRefusalIs429(t *testing.T) {
	for _, tc := range []struct {
		name      string
		limits    api.Option
		code      string
		hintWords string
	}{
		{"per minute", api.WithLimits(1, 100), api.CodeRateLimitExceeded, "request budget; try again in"},
		{"per day", api.WithLimits(60, 1), api.CodeDailyLimitExceeded, "daily request budget"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log syncLog
			up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
			// A deadline shorter than the minute's wait makes the budget fail fast.
			h := newProxyWith(t, up.srv.URL, &log, proxy.Options{Timeout: 5 * time.Second}, tc.limits)
			body, ct := multipartBody(t, "file", "a.png", pngFrame(t))
			if rec := post(h, "", body, ct); rec.Code != http.StatusCreated {
				t.Fatalf("first frame: %d %s", rec.Code, rec.Body)
			}
			body, ct = multipartBody(t, "file", "b.png", pngFrame(t))
			rec := post(h, "", body, ct)
			b := rec.Body.String()
			if rec.Code != http.StatusTooManyRequests || !strings.Contains(b, `"error":"`+tc.code+`"`) ||
				!strings.Contains(b, `"proxy":true`) || !strings.Contains(b, tc.hintWords) || !strings.Contains(b, `"retry_after":`) {
				t.Errorf("second frame: %d %s", rec.Code, b)
			}
			if ra := rec.Header().Get("Retry-After"); ra == "" || ra == "0" {
				t.Errorf("Retry-After %q", ra)
			}
			if up.calls.Load() != 1 {
				t.Errorf("%d requests reached the service, want 1", up.calls.Load())
			}
			assertNoKey(t, rec, log.String())
		})
	}
}

// A forward that gets no answer is the proxy's own 502 or 504, with the cause logged.
func TestUpstreamWithoutAnswer(t *testing.T) {
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	t.Cleanup(hang.Close)
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	for _, tc := range []struct {
		name, url, code, logged string
		status                  int
	}{
		{"unreachable", gone.URL, "upstream_unreachable", "unreachable", http.StatusBadGateway},
		{"hung", hang.URL, "upstream_timeout", "deadline", http.StatusGatewayTimeout},
	} {
		var log syncLog
		h := newProxyWith(t, tc.url, &log, proxy.Options{Timeout: 100 * time.Millisecond})
		body, ct := multipartBody(t, "file", "a.png", pngFrame(t))
		rec := post(h, "", body, ct)
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), `"error":"`+tc.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, rec.Code, rec.Body, tc.status, tc.code)
		}
		if !strings.Contains(log.String(), tc.logged) {
			t.Errorf("%s: log %q does not say why", tc.name, log.String())
		}
		assertNoKey(t, rec, log.String())
	}
}

func TestBadMultipart(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
	h := newProxy(t, up.srv.URL, &log)
	for name, tc := range map[string]struct{ ctype, body string }{
		"no boundary":      {"multipart/form-data", "--x\r\n"},
		"malformed header": {"multipart/form-data; boundary=xyz", "--xyz\r\nno colon in this header line\r\n\r\nx\r\n--xyz--\r\n"},
	} {
		rec := post(h, "", strings.NewReader(tc.body), tc.ctype)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error":"invalid_multipart"`) {
			t.Errorf("%s: %d %s, want 400 invalid_multipart", name, rec.Code, rec.Body)
		}
	}
	// A body with no part at all reads as a missing file.
	rec := post(h, "", strings.NewReader("not a multipart body at all"), "multipart/form-data; boundary=xyz")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error":"file_required"`) {
		t.Errorf("garbage body: %d %s, want 400 file_required", rec.Code, rec.Body)
	}
	if up.calls.Load() != 0 {
		t.Errorf("%d requests reached the service", up.calls.Load())
	}
}

// The browser's file name reaches the service without directories, quotes or control
// characters, bounded in length, and a frame without a usable name gets one.
func TestFilenameCleaned(t *testing.T) {
	long := strings.Repeat("я", 80) + ".png"
	for in, want := range map[string]string{
		"":                     "frame.png",
		"..":                   "frame.png",
		"a\"b\tc.png":          "abc.png",
		" spaced name.png ":    "spaced name.png",
		`C:\Users\me\shot.png`: "shot.png",
		long:                   strings.Repeat("я", 50),
	} {
		var log syncLog
		up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
		h := newProxy(t, up.srv.URL, &log)
		body, ct := multipartBody(t, "file", in, pngFrame(t))
		if rec := post(h, "", body, ct); rec.Code != http.StatusCreated {
			t.Fatalf("%q: %d %s", in, rec.Code, rec.Body)
		}
		up.mu.Lock()
		got := up.filename
		up.mu.Unlock()
		if got != want {
			t.Errorf("file name %q reached the service as %q, want %q", in, got, want)
		}
	}
}

func TestNewRefusesBadOptions(t *testing.T) {
	c, err := api.New("http://127.0.0.1:1", api.StaticKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := proxy.New(nil, proxy.Options{}); err == nil {
		t.Error("New accepted a nil client")
	}
	for _, p := range []string{"upload", "/up?x=1", "/up#f"} {
		if _, err := proxy.New(c, proxy.Options{Path: p}); err == nil {
			t.Errorf("New accepted path %q", p)
		}
	}
	if _, err := proxy.New(c, proxy.Options{AllowOrigins: []string{"*"}}); err == nil {
		t.Error("New accepted a wildcard origin")
	}
	h, err := proxy.New(c, proxy.Options{})
	if err != nil || h.Path() != proxy.DefaultPath {
		t.Errorf("defaults: path %q, err %v", h.Path(), err)
	}
}
