package sandbox

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestKeysTable(t *testing.T) {
	ks := Keys()
	want := []string{KeyPersonal, KeyBusiness, KeyReadonly, KeySuspended, KeyRevoked, KeyNoWhitelist, KeyForeignIP}
	if len(ks) != len(want) {
		t.Fatalf("%d keys", len(ks))
	}
	for i, k := range ks {
		if k.Key != want[i] || !wellFormedKey(k.Key) {
			t.Fatalf("key %d: %+v", i, k)
		}
	}
	ks[0].Scopes[0] = "mutated"
	if Keys()[0].Scopes[0] != scopeRead {
		t.Fatal("Keys exposes the server's slices")
	}
}

func TestAuthErrors(t *testing.T) {
	e := newEnv(t, Options{})
	unknown := "sk_test_" + strings.Repeat("ab", 24)
	cases := []struct {
		name, header, path string
		status             int
		code               string
	}{
		{"no header", "", "/api/v1/ping", 401, "missing_bearer_token"},
		{"basic scheme", "Basic dXNlcjpwYXNz", "/api/v1/ping", 401, "missing_bearer_token"},
		{"bearer without token", "Bearer ", "/api/v1/ping", 401, "missing_bearer_token"},
		{"bare token", KeyPersonal, "/api/v1/ping", 401, "missing_bearer_token"},
		{"malformed", "Bearer sk_test_123", "/api/v1/ping", 401, "invalid_key"},
		{"uppercase hex", "Bearer " + strings.ToUpper(KeyPersonal), "/api/v1/ping", 401, "invalid_key"},
		{"unknown", "Bearer " + unknown, "/api/v1/ping", 401, "invalid_key"},
		{"revoked", "Bearer " + KeyRevoked, "/api/v1/ping", 403, "key_revoked"},
		{"suspended", "Bearer " + KeySuspended, "/api/v1/ping", 403, "key_suspended"},
		{"no whitelist", "Bearer " + KeyNoWhitelist, "/api/v1/ping", 403, "whitelist_incomplete"},
		{"foreign ip", "Bearer " + KeyForeignIP, "/api/v1/ping", 403, "ip_not_whitelisted"},
		{"readonly write", "Bearer " + KeyReadonly, "/api/v1/my/listings/10001/status", 403, "scope_required"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			method := "GET"
			if strings.HasSuffix(c.path, "/status") {
				method = "POST"
			}
			r := e.req(method, c.path, "", map[string]any{"status": "inactive"}, "Authorization", c.header)
			wantErr(t, r, c.status, c.code)
			switch c.code {
			case "ip_not_whitelisted":
				if r.str("your_ip") != "127.0.0.1" || !strings.Contains(r.str("hint"), "API & integrations") {
					t.Fatalf("body %s", r.raw)
				}
			case "scope_required":
				if r.str("scope") != scopeWrite || !strings.Contains(r.str("hint"), scopeWrite) {
					t.Fatalf("body %s", r.raw)
				}
			}
		})
	}
}

func TestAuthSchemeCaseAndIPv6(t *testing.T) {
	e := newEnv(t, Options{})
	wantOK(t, e.req("GET", "/api/v1/ping", "", nil, "Authorization", "bearer "+KeyPersonal), 200)
	wantOK(t, e.req("GET", "/api/v1/ping", "", nil, "Authorization", "BEARER  "+KeyPersonal+" "), 200)
	r := httptest.NewRequest("GET", "/api/v1/ping", nil)
	r.RemoteAddr = "[::1]:5555"
	r.Header.Set("Authorization", "Bearer "+KeyPersonal)
	got := e.do(r)
	wantOK(t, got, 200)
	if got.str("your_ip") != "::1" {
		t.Fatalf("your_ip %s", got.raw)
	}
	// X-Forwarded-For is ignored: the TCP peer decides.
	r = httptest.NewRequest("GET", "/api/v1/ping", nil)
	r.RemoteAddr = "198.51.100.4:80"
	r.Header.Set("X-Forwarded-For", "127.0.0.1")
	r.Header.Set("Authorization", "Bearer "+KeyPersonal)
	got = e.do(r)
	wantErr(t, got, 403, "ip_not_whitelisted")
	if got.str("your_ip") != "198.51.100.4" {
		t.Fatalf("your_ip %s", got.raw)
	}
}

// Every read endpoint answers the readonly key; every write endpoint refuses it.
func TestScopes(t *testing.T) {
	e := newEnv(t, Options{})
	reads := []string{"/api/v1/my/listings", "/api/v1/my/listings/10001", "/api/v1/categories",
		"/api/v1/categories/30101/attributes", "/api/v1/cities/search?q=ки"}
	for _, p := range reads {
		wantOK(t, e.get(p, KeyReadonly), 200)
	}
	writes := [][2]string{{"POST", "/api/v1/my/listings"}, {"PUT", "/api/v1/my/listings/10001"},
		{"PATCH", "/api/v1/my/listings/10001"}, {"POST", "/api/v1/my/listings/10001/status"},
		{"POST", "/api/v1/ai/suggest-category"}, {"POST", "/api/v1/upload/photo"}, {"POST", "/api/v1/upload/video"}}
	for _, w := range writes {
		wantErr(t, e.req(w[0], w[1], KeyReadonly, "{}"), 403, "scope_required")
	}
}

func TestCORS(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.req("GET", "/api/v1/ping", KeyPersonal, nil, "Origin", "http://localhost:3000")
	if r.header.Get("Access-Control-Allow-Origin") != "http://localhost:3000" {
		t.Fatalf("allowed origin not echoed: %v", r.header)
	}
	r = e.req("GET", "/api/v1/ping", KeyPersonal, nil, "Origin", "https://evil.example")
	if r.header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("foreign origin allowed")
	}
	r = e.req("OPTIONS", "/api/v1/my/listings", "", nil, "Origin", "http://localhost:3000")
	if r.code != 204 || r.header.Get("Access-Control-Allow-Methods") != "GET, POST" {
		t.Fatalf("preflight: %d %v", r.code, r.header)
	}
}
