package proxy_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/proxy"
)

const token = "T0k3n-for.the_proxy~0123"

// With a token, a frame is forwarded only with it, in the path or the header; without it,
// or with another, nothing reaches the service, and the log never shows a token.
func TestTokenRequired(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
	h := newProxyWith(t, up.srv.URL, &log, proxy.Options{Token: token, AllowOrigins: []string{shop}})
	if h.Endpoint() != "/upload/"+token {
		t.Errorf("Endpoint() = %q, want /upload/<token>", h.Endpoint())
	}
	send := func(path, header, origin string) *httptest.ResponseRecorder {
		body, ct := multipartBody(t, "file", "a.png", pngFrame(t))
		r := newReq(http.MethodPost, path, body, ct, origin)
		r.Host = testHost
		if header != "" {
			r.Header.Set(proxy.TokenHeader, header)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	for _, tc := range []struct {
		name, path, header, origin string
		status                     int
		code                       string
	}{
		{"no token", "/upload", "", "", http.StatusUnauthorized, "proxy_token_required"},
		{"no token, allowed origin", "/upload", "", shop, http.StatusUnauthorized, "proxy_token_required"},
		{"wrong token in the path", "/upload/" + strings.ToUpper(token), "", shop, http.StatusForbidden, "proxy_token_invalid"},
		{"token's prefix in the path", "/upload/" + token[:len(token)-1], "", "", http.StatusForbidden, "proxy_token_invalid"},
		{"wrong token in the header", "/upload", token + "x", "", http.StatusForbidden, "proxy_token_invalid"},
		{"token in a deeper path", "/upload/" + token + "/x", "", "", http.StatusNotFound, "not_found"},
		{"right token, foreign origin", "/upload/" + token, "", "https://evil.example", http.StatusForbidden, "origin_not_allowed"},
	} {
		rec := send(tc.path, tc.header, tc.origin)
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), `"error":"`+tc.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, rec.Code, rec.Body, tc.status, tc.code)
		}
	}
	if n := up.calls.Load(); n != 0 {
		t.Fatalf("%d frames without the token reached the service", n)
	}

	for _, tc := range []struct{ name, path, header, origin string }{
		{"token in the path, as the widget sends it", "/upload/" + token, "", shop},
		{"token in the header, as a server sends it", "/upload", token, ""},
	} {
		if rec := send(tc.path, tc.header, tc.origin); rec.Code != http.StatusCreated {
			t.Errorf("%s: %d %s, want 201", tc.name, rec.Code, rec.Body)
		}
	}
	if n := up.calls.Load(); n != 2 {
		t.Errorf("%d frames reached the service, want 2", n)
	}
	lines := log.String()
	if strings.Contains(strings.ToLower(lines), strings.ToLower(token[:len(token)-1])) {
		t.Errorf("a token reached the log:\n%s", lines)
	}
	if !strings.Contains(lines, "proxy: forward POST /upload/<token> ") {
		t.Errorf("the log should name the token's place, not the token:\n%s", lines)
	}
}

func TestNewRefusesBadTokensAndHosts(t *testing.T) {
	c, err := api.New("http://127.0.0.1:1", api.StaticKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"short", strings.Repeat("a", proxy.MaxTokenLen+1), "has/slash-0123456789", "has space 0123456789", "ключ-0123456789abcdef"} {
		if _, err := proxy.New(c, proxy.Options{Token: bad}); err == nil {
			t.Errorf("New accepted the token %q", bad)
		}
	}
	for _, bad := range []string{"http://shop.example", "a/b", "*.example", ""} {
		if _, err := proxy.New(c, proxy.Options{Hosts: []string{bad}}); err == nil {
			t.Errorf("New accepted the host %q", bad)
		}
	}
}

// The Host header may name the connection's own address, the names the proxy was given
// (with its port, or none) and the hosts of the allowed origins; nothing else.
func TestHostNames(t *testing.T) {
	var log syncLog
	up := newUpstream(t, answer(http.StatusCreated, `{"ok":true,"url":"u"}`))
	h := newProxyWith(t, up.srv.URL, &log, proxy.Options{
		Hosts:        []string{"localhost", "[::1]", "proxy.internal:9000"},
		AllowOrigins: []string{"https://shop.example", "http://dev.example:8000"},
	})
	srv := serve(t, h)
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	for host, want := range map[string]int{
		"127.0.0.1:" + port:      http.StatusCreated, // the connection's own address
		"localhost:" + port:      http.StatusCreated,
		"LOCALHOST:" + port:      http.StatusCreated,
		"localhost":              http.StatusCreated,
		"[::1]:" + port:          http.StatusCreated,
		"proxy.internal:9000":    http.StatusCreated,
		"shop.example":           http.StatusCreated, // a site that forwards with its own Host
		"shop.example:443":       http.StatusCreated,
		"dev.example:8000":       http.StatusCreated,
		"localhost:1":            http.StatusForbidden, // another port: another server's page
		"127.0.0.2:" + port:      http.StatusForbidden,
		"proxy.internal:" + port: http.StatusForbidden,
		"dev.example":            http.StatusForbidden,
		"shop.example:8443":      http.StatusForbidden,
		"localhost.":             http.StatusForbidden,
		"evil.example:" + port:   http.StatusForbidden,
	} {
		if status, body := postFrame(t, context.Background(), srv.URL+"/upload", host, ""); status != want {
			t.Errorf("Host %s: %d %s, want %d", host, status, body, want)
		}
	}
}

func TestLogWriterEscapes(t *testing.T) {
	var buf bytes.Buffer
	w := proxy.LogWriter(&buf)
	for _, msg := range []string{"plain message: ok, «ünicode»\n", "http: bad \x1b]52;c;x\a request\r\nforged\n", "bidi \u202e"} {
		if n, err := w.Write([]byte(msg)); err != nil || n != len(msg) {
			t.Fatalf("Write(%q) = %d, %v", msg, n, err)
		}
	}
	want := "plain message: ok, «ünicode»\n" + `http: bad \x1b]52;c;x\a request\r\nforged` + "\n" + `bidi \u202e` + "\n"
	if buf.String() != want {
		t.Errorf("LogWriter wrote %q, want %q", buf.String(), want)
	}
}
