package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a settable clock for Options.Now.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// kyiv returns a time given in Europe/Kyiv.
func kyiv(t *testing.T, y int, mo time.Month, d, h, mi, s int) time.Time {
	t.Helper()
	loc, err := kyivZone()
	if err != nil {
		t.Fatal(err)
	}
	return time.Date(y, mo, d, h, mi, s, 0, loc)
}

// env is a server under test with its fake clock.
type env struct {
	t     *testing.T
	s     *Server
	clock *fakeClock
}

func newEnv(t *testing.T, opts Options) *env {
	t.Helper()
	clock := &fakeClock{t: kyiv(t, 2026, time.November, 21, 10, 0, 5)}
	if opts.Now == nil {
		opts.Now = clock.Now
	}
	s, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return &env{t: t, s: s, clock: clock}
}

// resp is a decoded answer.
type resp struct {
	code   int
	header http.Header
	raw    []byte
	body   map[string]any
}

func (r resp) str(k string) string { s, _ := r.body[k].(string); return s }

func (r resp) num(k string) float64 { n, _ := r.body[k].(float64); return n }

func (r resp) list(k string) []any { l, _ := r.body[k].([]any); return l }

func (r resp) obj(k string) map[string]any { m, _ := r.body[k].(map[string]any); return m }

// req sends a request with key (none when "") and a body that is JSON-encoded unless
// it is a string or []byte.
func (e *env) req(method, path, key string, body any, hdr ...string) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		js, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(js)
	}
	r := httptest.NewRequest(method, path, rd)
	r.RemoteAddr = "127.0.0.1:1234"
	if key != "" {
		r.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			r.Host = hdr[i+1]
			continue
		}
		r.Header.Set(hdr[i], hdr[i+1])
	}
	return e.do(r)
}

func (e *env) do(r *http.Request) resp {
	e.t.Helper()
	w := httptest.NewRecorder()
	e.s.ServeHTTP(w, r)
	out := resp{code: w.Code, header: w.Header(), raw: w.Body.Bytes()}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(out.raw, &out.body); err != nil {
			e.t.Fatalf("%s %s: answer is not JSON: %v\n%s", r.Method, r.URL, err, out.raw)
		}
	}
	return out
}

func (e *env) get(path, key string) resp { e.t.Helper(); return e.req("GET", path, key, nil) }

// wantErr checks an error answer's status and code.
func wantErr(t *testing.T, r resp, status int, code string) {
	t.Helper()
	if r.code != status || r.str("error") != code || r.body["ok"] != false {
		t.Fatalf("want %d %s, got %d %s", status, code, r.code, r.raw)
	}
	if r.str("hint") == "" {
		t.Fatalf("error %s without hint: %s", code, r.raw)
	}
}

func wantOK(t *testing.T, r resp, status int) {
	t.Helper()
	if r.code != status || r.body["ok"] != true {
		t.Fatalf("want %d ok, got %d %s", status, r.code, r.raw)
	}
}

// validBody is a create body that passes every rule in an auto-approved category.
func (e *env) validBody(title string) map[string]any {
	e.t.Helper()
	refs := e.s.cat.CityRefs()
	attrs := e.s.cat.SampleAttributes(30101, 1)
	return map[string]any{
		"title":       title,
		"description": "A phone in good shape, battery holds a full day of use.",
		"price":       1499.99,
		"currency":    "UAH",
		"category_id": 30101,
		"condition":   "used",
		"city_ref":    refs[0],
		"attributes":  attrs,
	}
}

// create posts body with key and returns the new listing id.
func (e *env) create(key string, body map[string]any) int {
	e.t.Helper()
	r := e.req("POST", "/api/v1/my/listings", key, body)
	wantOK(e.t, r, http.StatusCreated)
	return int(r.num("listing_id"))
}

// listingsOf lists every listing of key across pages.
func (e *env) listingsOf(key, query string) []map[string]any {
	e.t.Helper()
	var out []map[string]any
	cursor := ""
	for range 100 {
		r := e.get("/api/v1/my/listings?limit=100&"+query+cursor, key)
		wantOK(e.t, r, 200)
		for _, l := range r.list("listings") {
			out = append(out, l.(map[string]any))
		}
		nc, ok := r.body["next_cursor"].(float64)
		if !ok {
			return out
		}
		cursor = "&cursor=" + jsonInt(nc)
	}
	e.t.Fatal("paging does not end")
	return nil
}

func jsonInt(f float64) string { b, _ := json.Marshal(int(f)); return string(b) }

// firstWithStatus finds a listing of key in state st.
func (e *env) firstWithStatus(key, st string) int {
	e.t.Helper()
	for _, l := range e.listingsOf(key, "status=all") {
		if l["status"] == st {
			return int(l["id"].(float64))
		}
	}
	e.t.Fatalf("no %s listing", st)
	return 0
}
