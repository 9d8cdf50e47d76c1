package sandbox

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func TestEnvelopeErrors(t *testing.T) {
	e := newEnv(t, Options{})
	cases := []struct {
		name, method, path string
		body               any
		status             int
		code               string
	}{
		{"unknown path", "GET", "/api/v1/nope", nil, 404, "not_found"},
		{"root", "GET", "/", nil, 404, "not_found"},
		{"trailing slash", "GET", "/api/v1/ping/", nil, 404, "not_found"},
		{"wrong method", "DELETE", "/api/v1/my/listings/10001", nil, 405, "method_not_allowed"},
		{"post to ping", "POST", "/api/v1/ping", map[string]any{}, 405, "method_not_allowed"},
		{"malformed json", "POST", "/api/v1/my/listings", "{bad", 400, "invalid_json"},
		{"array body", "POST", "/api/v1/my/listings", "[1,2]", 400, "invalid_json"},
		{"null body", "POST", "/api/v1/my/listings", "null", 400, "invalid_json"},
		{"trailing garbage", "POST", "/api/v1/my/listings", "{} x", 400, "invalid_json"},
		{"wrong type", "POST", "/api/v1/my/listings", `{"title":5}`, 400, "invalid_json"},
		{"oversize", "POST", "/api/v1/my/listings", `{"title":"` + strings.Repeat("a", maxJSONBody) + `"}`, 413, "payload_too_large"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.req(c.method, c.path, KeyBusiness, c.body)
			wantErr(t, r, c.status, c.code)
			if ct := r.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Fatalf("Content-Type %q", ct)
			}
		})
	}
	r := e.req("DELETE", "/api/v1/my/listings/10001", "", nil)
	if got := r.header.Get("Allow"); got != "GET, PUT, PATCH" {
		t.Fatalf("Allow %q", got)
	}
	r = e.req("POST", "/api/v1/my/listings", KeyBusiness, `{"title":5}`)
	if r.str("field") != "title" {
		t.Fatalf("wrong-type field: %s", r.raw)
	}
	// Without a Content-Length the limit still holds.
	big := strings.NewReader(`{"title":"` + strings.Repeat("a", maxJSONBody) + `"}`)
	req := httptest.NewRequest("POST", "/api/v1/my/listings", io.MultiReader(big))
	req.RemoteAddr = "127.0.0.1:1"
	req.Header.Set("Authorization", "Bearer "+KeyBusiness)
	req.Header.Set("Content-Type", "application/json")
	wantErr(t, e.do(req), 413, "payload_too_large")
}

func TestContentType(t *testing.T) {
	e := newEnv(t, Options{})
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "application/jsonx"} {
		r := e.req("POST", "/api/v1/my/listings", KeyBusiness, "{}", "Content-Type", ct)
		wantErr(t, r, 415, "unsupported_media_type")
	}
	r := e.req("POST", "/api/v1/my/listings", KeyBusiness, "{}", "Content-Type", "Application/JSON; charset=UTF-8")
	if r.code == 415 {
		t.Fatalf("params in Content-Type refused: %s", r.raw)
	}
	// Content-Type is checked after authentication, as documented.
	r = e.req("POST", "/api/v1/my/listings", KeyReadonly, "{}", "Content-Type", "text/plain")
	wantErr(t, r, 403, "scope_required")
}

func TestPanicBecomesJSON500(t *testing.T) {
	var lines []string
	var mu sync.Mutex
	e := newEnv(t, Options{Logf: func(f string, a ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(f, a...))
		mu.Unlock()
	}})
	e.s.setHook(func(r *http.Request) {
		if r.URL.Path == "/api/v1/ping" {
			panic("boom")
		}
	})
	wantErr(t, e.get("/api/v1/ping", KeyPersonal), 500, "internal_error")
	e.s.setHook(nil)
	wantOK(t, e.get("/api/v1/ping", KeyPersonal), 200)
	mu.Lock()
	defer mu.Unlock()
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "GET /api/v1/ping 200 ") || !strings.HasSuffix(last, " key personal") {
		t.Fatalf("log line %q", last)
	}
	for _, l := range lines {
		if strings.Contains(l, KeyPersonal) {
			t.Fatalf("key leaked into the log: %q", l)
		}
	}
}

func TestWidget(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.get("/widget/capture3d.js", "")
	if r.code != 200 || r.header.Get("Content-Type") != "application/javascript; charset=utf-8" || len(r.raw) == 0 {
		t.Fatalf("widget: %d %q %d bytes", r.code, r.header.Get("Content-Type"), len(r.raw))
	}
	wantErr(t, e.req("POST", "/widget/capture3d.js", "", "{}"), 405, "method_not_allowed")
}

func TestPublicPage(t *testing.T) {
	e := newEnv(t, Options{})
	l := e.get("/api/v1/my/listings?limit=1", KeyPersonal).list("listings")[0].(map[string]any)
	u := l["url"].(string)
	if !strings.HasPrefix(u, "http://example.com/l/") {
		t.Fatalf("url %q", u)
	}
	r := e.get(strings.TrimPrefix(u, "http://example.com"), "")
	if r.code != 200 || !strings.Contains(string(r.raw), "<h1>") ||
		!strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("page: %d %s", r.code, r.raw)
	}
	for _, p := range []string{"/l/999999-x", "/l/abc", "/l/0-zero"} {
		if r := e.get(p, ""); r.code != 404 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d", p, r.code)
		}
	}
}

func TestMediaNeedsNoKey(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a full-size seed photo")
	}
	e := newEnv(t, Options{})
	l := e.listingsOf(KeyPersonal, "status=all")
	for _, x := range l {
		if p, ok := x["photo"].(string); ok {
			r := e.get(strings.TrimPrefix(p, "http://example.com"), "")
			if r.code != 200 {
				t.Fatalf("GET %s: %d", p, r.code)
			}
			return
		}
	}
	t.Fatal("no seeded photo")
}

func TestHTTPSBase(t *testing.T) {
	e := newEnv(t, Options{})
	r := httptest.NewRequest("GET", "https://sandbox.test/api/v1/my/listings?limit=1", nil)
	r.RemoteAddr = "127.0.0.1:9"
	r.Header.Set("Authorization", "Bearer "+KeyPersonal)
	got := e.do(r)
	l := got.list("listings")[0].(map[string]any)
	if !strings.HasPrefix(l["url"].(string), "https://sandbox.test/l/") {
		t.Fatalf("url %v", l["url"])
	}
}

// TestOverRealHTTP runs the server behind a real listener, as `sandbox serve` does.
func TestOverRealHTTP(t *testing.T) {
	e := newEnv(t, Options{})
	srv := httptest.NewServer(e.s)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/my/listings?limit=1", nil)
	req.Header.Set("Authorization", "Bearer "+KeyPersonal)
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), srv.URL+"/l/") {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	res, err = srv.Client().Head(srv.URL + "/widget/capture3d.js")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("HEAD widget: %v %v", res, err)
	}
	res.Body.Close()
}
