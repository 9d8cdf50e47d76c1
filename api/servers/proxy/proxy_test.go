package proxy_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/servers/proxy"
)

const (
	// testHost is the Host of the requests that tests hand to the handler directly,
	// without a server (and so without a connection's own address to match).
	testHost = "127.0.0.1:8081"
	testKey  = "sk_test_0123456789abcdef0123456789abcdef0123456789abcdef"
	shop     = "https://shop.example"
)

// upstream is a fake photo upload that records what reached it.
type upstream struct {
	srv   *httptest.Server
	calls atomic.Int64

	mu       sync.Mutex
	auth     string
	filename string
	ctype    string
	file     []byte
}

func newUpstream(t *testing.T, answer func(w http.ResponseWriter)) *upstream {
	t.Helper()
	u := &upstream{}
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.calls.Add(1)
		if r.URL.Path != "/api/v1/upload/photo" || r.Method != http.MethodPost {
			http.Error(w, "wrong endpoint "+r.Method+" "+r.URL.Path, http.StatusTeapot)
			return
		}
		_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		p, err := multipart.NewReader(r.Body, params["boundary"]).NextPart()
		if err != nil {
			http.Error(w, err.Error(), http.StatusTeapot)
			return
		}
		data, _ := io.ReadAll(p)
		u.mu.Lock()
		u.auth, u.filename, u.ctype, u.file = r.Header.Get("Authorization"), p.FileName(), p.Header.Get("Content-Type"), data
		u.mu.Unlock()
		answer(w)
	}))
	t.Cleanup(u.srv.Close)
	return u
}

func answer(status int, body string, headers ...string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// syncLog collects the proxy's log lines.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.b, format+"\n", args...)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newProxy(t *testing.T, upstreamURL string, log *syncLog) *proxy.Handler {
	t.Helper()
	c, err := api.New(upstreamURL, api.StaticKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	h, err := proxy.New(c, proxy.Options{AllowOrigins: []string{shop + "/"}, Hosts: []string{testHost}, Logf: log.logf})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func pngFrame(t testing.TB) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// multipartBody builds what the widget sends: one part, field name and file name given.
func multipartBody(t testing.TB, field, filename string, data []byte) (io.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("note", "fields before the file are skipped"); err != nil {
		t.Fatal(err)
	}
	w, err := mw.CreateFormFile(field, filename)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(data)
	_ = mw.Close()
	return &buf, mw.FormDataContentType()
}

func post(h http.Handler, origin string, body io.Reader, ctype string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8081/upload", body)
	req.Header.Set("Content-Type", ctype)
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestForwardsStatusAndBodyUnchanged(t *testing.T) {
	frame := pngFrame(t)
	for _, tc := range []struct {
		status  int
		body    string
		headers []string
	}{
		{http.StatusCreated, `{"ok":true,"url":"http://media/1.webp","url_wm":"http://media/1-wm.webp","width":4,"height":4}`, nil},
		{http.StatusUnprocessableEntity, `{"ok":false,"error":"required","hint":"send the file","field":"file"}`, nil},
		{http.StatusTooManyRequests, `{"ok":false,"error":"rate_limit_exceeded","hint":"wait","retry_after":7}`, []string{"Retry-After", "7"}},
		{http.StatusForbidden, `{"ok":false,"error":"ip_not_whitelisted","hint":"add 127.0.0.1","your_ip":"127.0.0.1"}`, nil},
	} {
		var log syncLog
		up := newUpstream(t, answer(tc.status, tc.body, tc.headers...))
		h := newProxy(t, up.srv.URL, &log)
		body, ctype := multipartBody(t, "file", `C:\photos\frame-01.png`, frame)
		rec := post(h, shop, body, ctype)

		if rec.Code != tc.status || rec.Body.String() != tc.body {
			t.Errorf("proxy answered %d %s, want %d %s unchanged", rec.Code, rec.Body, tc.status, tc.body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("Content-Type %q, want the upstream's", ct)
		}
		if got := rec.Header().Get("Access-Control-Allow-Origin"); got != shop {
			t.Errorf("Access-Control-Allow-Origin %q, want %q", got, shop)
		}
		if tc.headers != nil && rec.Header().Get("Retry-After") != "7" {
			t.Errorf("Retry-After %q, want the upstream's 7", rec.Header().Get("Retry-After"))
		}
		up.mu.Lock()
		if up.calls.Load() != 1 || up.auth != "Bearer "+testKey || up.filename != "frame-01.png" ||
			up.ctype != "image/png" || !bytes.Equal(up.file, frame) {
			t.Errorf("upstream got %d calls, key sent %v, part %q %q, %d bytes; want 1, true, frame-01.png, image/png, %d",
				up.calls.Load(), up.auth == "Bearer "+testKey, up.filename, up.ctype, len(up.file), len(frame))
		}
		up.mu.Unlock()
		line := log.String()
		for _, want := range []string{"ip=192.0.2.1", `origin="` + shop + `"`, fmt.Sprintf("bytes=%d", len(frame)), fmt.Sprintf("status=%d", tc.status), " in="} {
			if !strings.Contains(line, want) {
				t.Errorf("log %q lacks %q", line, want)
			}
		}
		assertNoKey(t, rec, line)
	}
}

// Each refusal is the proxy's own JSON, and nothing reaches the service.
func TestRefusesWithoutForwarding(t *testing.T) {
	frame := pngFrame(t)
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true}`))
	h := newProxy(t, up.srv.URL, &log)

	oversize := append(bytes.Clone(frame), make([]byte, media.MaxPhotoBytes)...)
	tests := []struct {
		name   string
		req    func() *http.Request
		status int
		code   string
	}{
		{"foreign origin", func() *http.Request {
			body, ct := multipartBody(t, "file", "a.png", frame)
			return newReq(http.MethodPost, "/upload", body, ct, "https://evil.example")
		}, http.StatusForbidden, "origin_not_allowed"},
		{"oversize file", func() *http.Request {
			body, ct := multipartBody(t, "file", "a.png", oversize)
			return newReq(http.MethodPost, "/upload", body, ct, "")
		}, http.StatusRequestEntityTooLarge, "payload_too_large"},
		{"oversize file, length unknown", func() *http.Request {
			body, ct := multipartBody(t, "file", "a.png", oversize)
			r := newReq(http.MethodPost, "/upload", io.MultiReader(body), ct, "")
			r.ContentLength = -1
			return r
		}, http.StatusRequestEntityTooLarge, "payload_too_large"},
		{"oversize body, not read at all", func() *http.Request {
			r := newReq(http.MethodPost, "/upload", failingReader{}, "multipart/form-data; boundary=x", "")
			r.ContentLength = 64 << 20
			return r
		}, http.StatusRequestEntityTooLarge, "payload_too_large"},
		{"not a photo", func() *http.Request {
			body, ct := multipartBody(t, "file", "a.png", []byte("%PDF-1.7 not an image at all"))
			return newReq(http.MethodPost, "/upload", body, ct, shop)
		}, http.StatusUnsupportedMediaType, "unsupported_image_format"},
		{"not multipart", func() *http.Request {
			return newReq(http.MethodPost, "/upload", bytes.NewReader(frame), "image/png", "")
		}, http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"no file part", func() *http.Request {
			body, ct := multipartBody(t, "photo", "a.png", frame)
			return newReq(http.MethodPost, "/upload", body, ct, "")
		}, http.StatusBadRequest, "file_required"},
		{"empty file", func() *http.Request {
			body, ct := multipartBody(t, "file", "a.png", nil)
			return newReq(http.MethodPost, "/upload", body, ct, "")
		}, http.StatusBadRequest, "file_empty"},
		{"other path", func() *http.Request {
			return newReq(http.MethodPost, "/api/v1/upload/photo", nil, "", "")
		}, http.StatusNotFound, "not_found"},
		{"other method", func() *http.Request { return newReq(http.MethodGet, "/upload", nil, "", "") },
			http.StatusMethodNotAllowed, "method_not_allowed"},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, tc.req())
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), `"error":"`+tc.code+`"`) ||
			!strings.Contains(rec.Body.String(), `"ok":false`) || !strings.Contains(rec.Body.String(), `"hint":"`) {
			t.Errorf("%s: %d %s, want %d with error %s", tc.name, rec.Code, rec.Body, tc.status, tc.code)
		}
		if tc.code == "origin_not_allowed" && rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: CORS header %q on a refusal", tc.name, rec.Header().Get("Access-Control-Allow-Origin"))
		}
		if tc.code == "method_not_allowed" && rec.Header().Get("Allow") != "POST, OPTIONS" {
			t.Errorf("%s: Allow %q", tc.name, rec.Header().Get("Allow"))
		}
		assertNoKey(t, rec, log.String())
	}
	if n := up.calls.Load(); n != 0 {
		t.Errorf("%d requests reached the service, want none", n)
	}
	if n := strings.Count(log.String(), "proxy: refuse"); n != len(tests) {
		t.Errorf("%d refusal lines logged, want %d:\n%s", n, len(tests), log.String())
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("the body must not be read") }

func newReq(method, path string, body io.Reader, ctype, origin string) *http.Request {
	r := httptest.NewRequest(method, "http://127.0.0.1:8081"+path, body)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	return r
}

func TestCORS(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
	h := newProxy(t, up.srv.URL, &log)

	pre := newReq(http.MethodOptions, "/upload", nil, "", shop)
	pre.Header.Set("Access-Control-Request-Method", "POST")
	pre.Header.Set("Access-Control-Request-Headers", "content-type")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, pre)
	want := map[string]string{
		"Access-Control-Allow-Origin":  shop,
		"Access-Control-Allow-Methods": "POST",
		"Access-Control-Allow-Headers": "Content-Type, X-Proxy-Token",
		"Access-Control-Max-Age":       "600",
	}
	if rec.Code != http.StatusNoContent {
		t.Errorf("preflight from an allowed origin: %d, want 204", rec.Code)
	}
	for k, v := range want {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("preflight %s = %q, want %q", k, got, v)
		}
	}
	if !strings.Contains(rec.Header().Get("Vary"), "Origin") {
		t.Errorf("Vary %q lacks Origin", rec.Header().Get("Vary"))
	}

	for _, origin := range []string{"https://evil.example", "https://shop.example.evil.example", "null", "http://shop.example"} {
		pre := newReq(http.MethodOptions, "/upload", nil, "", origin)
		pre.Header.Set("Access-Control-Request-Method", "POST")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, pre)
		if rec.Code != http.StatusForbidden || rec.Header().Get("Access-Control-Allow-Origin") != "" ||
			rec.Header().Get("Access-Control-Allow-Methods") != "" {
			t.Errorf("preflight from %s: %d with CORS headers %v, want 403 and none", origin, rec.Code, rec.Header())
		}
	}

	// No Origin (a server, curl) and the proxy's own origin are served without CORS.
	frame := pngFrame(t)
	for _, origin := range []string{"", "http://127.0.0.1:8081"} {
		body, ct := multipartBody(t, "file", "a.png", frame)
		rec := post(h, origin, body, ct)
		if rec.Code != http.StatusCreated || rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("origin %q: %d, CORS %q; want 201 and no CORS header", origin, rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
		}
	}
}

func TestParseOrigin(t *testing.T) {
	good := map[string]string{
		"https://Shop.Example/":    "https://shop.example",
		"https://shop.example:443": "https://shop.example",
		"http://127.0.0.1:8000":    "http://127.0.0.1:8000",
		"http://[::1]:3000":        "http://[::1]:3000",
	}
	for in, want := range good {
		if got, err := proxy.ParseOrigin(in); err != nil || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"*", "null", "shop.example", "https://shop.example/path", "https://*.example", "ftp://x", "https://u@shop.example", ""} {
		if _, err := proxy.ParseOrigin(bad); err == nil {
			t.Errorf("ParseOrigin(%q) accepted", bad)
		}
	}
}

func assertNoKey(t *testing.T, rec *httptest.ResponseRecorder, log string) {
	t.Helper()
	secret := strings.TrimPrefix(testKey, "sk_test_")
	if strings.Contains(rec.Body.String(), secret) || strings.Contains(fmt.Sprint(rec.Header()), secret) || strings.Contains(log, secret) {
		t.Errorf("the key leaked: body %s, headers %v, log %s", rec.Body, rec.Header(), log)
	}
}
