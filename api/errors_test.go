package api_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestErrorMapping(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		ctype    string
		body     string
		code     string
		hint     string // substring of the hint
		check    func(*testing.T, *api.Error)
		isAuth   bool
		notFound bool
	}{
		{name: "html 502", status: 502, ctype: "text/html", body: "<html><body>Bad Gateway</body></html>",
			code: api.CodeBadResponse, hint: "502 Bad Gateway with an HTML page instead of JSON; a proxy or gateway"},
		{name: "html without content type", status: 503, ctype: "application/octet-stream", body: "  <!DOCTYPE html>",
			code: api.CodeBadResponse, hint: "HTML page"},
		{name: "empty", status: 500, body: "", code: api.CodeBadResponse, hint: "500 Internal Server Error with an empty body"},
		{name: "truncated", status: 400, body: `{"ok":false,"error":"invalid_js`, code: api.CodeBadResponse, hint: "truncated JSON"},
		{name: "garbage", status: 400, body: `{"ok":false,}`, code: api.CodeBadResponse, hint: "not valid JSON"},
		{name: "json without error", status: 404, body: `{"ok":false,"message":"nope"}`, code: api.CodeBadResponse,
			hint: "404 Not Found without an error code: nope", notFound: true},
		{name: "json array", status: 400, body: `[1,2]`, code: api.CodeBadResponse, hint: "unexpected shape"},
		{name: "ip", status: 403, body: `{"ok":false,"error":"ip_not_whitelisted","hint":"add it","your_ip":"10.0.0.1"}`,
			code: api.CodeIPNotWhitelisted, hint: "add it", isAuth: true,
			check: func(t *testing.T, e *api.Error) {
				if e.YourIP != "10.0.0.1" || e.Error() != "ip_not_whitelisted: add it (HTTP 403)" {
					t.Errorf("YourIP %q, Error() %q", e.YourIP, e.Error())
				}
			}},
		{name: "invalid key", status: 401, body: `{"ok":false,"error":"invalid_key","hint":"unknown key"}`,
			code: api.CodeInvalidKey, hint: "unknown key", isAuth: true},
		{name: "unknown 401 code", status: 401, body: `{"ok":false,"error":"token_expired"}`, code: "token_expired", isAuth: true},
		{name: "scope", status: 403, body: `{"ok":false,"error":"scope_required","hint":"needs listings:write","scope":"listings:write"}`,
			code: api.CodeScopeRequired, hint: "listings:write",
			check: func(t *testing.T, e *api.Error) {
				if e.Scope != api.ScopeWrite || !api.IsScope(e) {
					t.Errorf("Scope %q", e.Scope)
				}
			}},
		{name: "duplicate with extras", status: 422,
			body: `{"ok":false,"error":"duplicate","hint":"same listing","field":"title","existing_listing_id":42,` +
				`"errors":[{"field":"title","error":"duplicate","hint":"same listing"}],"new_thing":{"a":1}}`,
			code: api.CodeDuplicate, hint: "same listing",
			check: func(t *testing.T, e *api.Error) {
				if e.ExistingListingID != 42 || e.Field != "title" || len(e.Errors) != 1 || e.Errors[0].Code != "duplicate" {
					t.Errorf("extras not read: %+v", e)
				}
				if string(e.Extra["new_thing"]) != `{"a":1}` || len(e.Extra) != 1 {
					t.Errorf("Extra %v", e.Extra)
				}
				if !api.IsValidation(e) {
					t.Error("IsValidation false")
				}
			}},
		{name: "listing not found", status: 404, body: `{"ok":false,"error":"listing_not_found","hint":"no such listing"}`,
			code: api.CodeListingNotFound, notFound: true},
		{name: "redirect", status: 302, body: "", code: api.CodeBadResponse, hint: "a redirect to \"https://elsewhere.example/\"",
			check: func(t *testing.T, e *api.Error) {
				if e.Method != http.MethodGet || e.Path != "/api/v1/categories" {
					t.Errorf("Method %q Path %q", e.Method, e.Path)
				}
			}},
		{name: "200 html", status: 200, ctype: "text/html", body: "<html>login</html>", code: api.CodeBadResponse, hint: "captive portal"},
		{name: "200 ok false", status: 200, body: `{"ok":false,"error":"odd","hint":"h"}`, code: "odd", hint: "h"},
		{name: "200 truncated", status: 200, body: `{"ok":true,"categories":[{"id":1`, code: api.CodeBadResponse, hint: "truncated"},
		{name: "200 wrong type", status: 200, body: `{"ok":true,"categories":[{"id":"x"}]}`, code: api.CodeBadResponse,
			hint: `unexpected shape ("categories.id" is string`},
		{name: "200 empty", status: 200, body: "", code: api.CodeBadResponse, hint: "empty body"},
		{name: "200 bad date", status: 200, body: `{"ok":true,"categories":null,"x":1}`, code: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if tt.ctype != "" {
					w.Header().Set("Content-Type", tt.ctype)
				} else {
					w.Header().Set("Content-Type", "application/json")
				}
				if tt.status == 302 {
					w.Header().Set("Location", "https://elsewhere.example/")
				}
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			})
			c := newClient(t, srv.URL, newClock(), api.WithRetry(0, 0))
			_, err := c.Categories(context.Background(), "en")
			if tt.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			e := mustAPIError(t, err)
			if e.Status != tt.status || e.Code != tt.code || !strings.Contains(e.Hint, tt.hint) {
				t.Errorf("got status %d code %q hint %q; want %d %q ~%q", e.Status, e.Code, e.Hint, tt.status, tt.code, tt.hint)
			}
			if !strings.HasPrefix(err.Error(), "categories: ") || !strings.Contains(err.Error(), "(HTTP ") {
				t.Errorf("error text %q lacks operation or status", err)
			}
			if api.IsAuth(err) != tt.isAuth || api.IsNotFound(err) != tt.notFound {
				t.Errorf("IsAuth %v IsNotFound %v", api.IsAuth(err), api.IsNotFound(err))
			}
			if tt.check != nil {
				tt.check(t, e)
			}
			if n.Load() != 1 {
				t.Errorf("%d requests, want 1", n.Load())
			}
		})
	}
}

func TestErrorHelpers(t *testing.T) {
	if api.IsAuth(errors.New("x")) || api.IsRateLimit(nil) || api.IsCode(nil, "x") || api.IsNotFound(errors.New("x")) ||
		api.IsValidation(errors.New("x")) || api.IsUnreachable(errors.New("x")) || api.IsFileRule(nil, api.RuleSize) {
		t.Error("helpers true for a plain error")
	}
	e := &api.Error{Code: api.CodeDailyLimitExceeded, Hint: "spent"}
	wrapped := errors.Join(errors.New("ctx"), e)
	if !api.IsRateLimit(wrapped) || !api.IsDailyLimit(wrapped) || !api.IsCode(wrapped, api.CodeDailyLimitExceeded) {
		t.Error("helpers do not see through wrapping")
	}
	if e.Error() != "daily_limit_exceeded: spent (not sent)" {
		t.Errorf("local error text %q", e.Error())
	}
	if got := (&api.Error{Status: 500, Code: "x"}).Error(); got != "x (HTTP 500)" {
		t.Errorf("no-hint text %q", got)
	}
	if !api.IsValidation(&api.Error{Code: api.CodeInvalidParameter}) {
		t.Error("local invalid_parameter is a validation error")
	}
}

func TestRetryAfterHTTPDate(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", time.Now().Add(90*time.Second).UTC().Format(http.TimeFormat))
		reply(w, 503, `{"ok":false,"error":"maintenance"}`)
	})
	c := newClient(t, srv.URL, newClock(), api.WithRetry(0, 0))
	_, err := c.Categories(context.Background(), "")
	e := mustAPIError(t, err)
	if e.RetryAfter < 80*time.Second || e.RetryAfter > 91*time.Second {
		t.Errorf("RetryAfter %v from an HTTP date", e.RetryAfter)
	}
}

// A hint that starts with its field is not made to name it twice.
func TestFieldErrorMessage(t *testing.T) {
	for _, c := range []struct {
		fe   api.FieldError
		want string
	}{
		{api.FieldError{Field: "attributes.breed", Code: "required", Hint: "attributes.breed: Breed is required"}, "Breed is required"},
		{api.FieldError{Field: "title", Code: "too_short", Hint: "title must be 5 to 120 characters"}, "must be 5 to 120 characters"},
		{api.FieldError{Field: "price", Code: "invalid", Hint: "the price is not a number"}, "the price is not a number"},
		{api.FieldError{Field: "price", Code: "invalid"}, "invalid"},
		{api.FieldError{Code: "duplicate", Hint: "already listed"}, "already listed"},
	} {
		if got := c.fe.Message(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.fe, got, c.want)
		}
	}
}
