package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
)

func TestNewBaseURL(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{in: "https://api.example.com", want: "https://api.example.com"},
		{in: "https://api.example.com/", want: "https://api.example.com"},
		{in: " https://api.example.com/prefix/ ", want: "https://api.example.com/prefix"},
		{in: "http://127.0.0.1:8080/", want: "http://127.0.0.1:8080"},
		{in: "http://127.3.4.5", want: "http://127.3.4.5"},
		{in: "http://localhost:9", want: "http://localhost:9"},
		{in: "http://[::1]:8080", want: "http://[::1]:8080"},
		{in: "http://api.example.com", err: "plain http"},
		{in: "http://10.0.0.1", err: "plain http"},
		{in: "ftp://api.example.com", err: "must start with https://"},
		{in: "api.example.com", err: "must start with https://"},
		{in: "", err: "empty"},
		{in: "https://", err: "no host"},
		{in: "https://u:p@api.example.com", err: "user name or password"},
		{in: "https://api.example.com/?x=1", err: "query or fragment"},
		{in: "https://api.example.com/%zz", err: "not a URL"},
	}
	for _, tt := range tests {
		c, err := api.New(tt.in, api.StaticKey(testKey))
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("New(%q) error %v, want ~%q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("New(%q): %v", tt.in, err)
		case c.BaseURL() != tt.want:
			t.Errorf("New(%q).BaseURL() = %q, want %q", tt.in, c.BaseURL(), tt.want)
		}
	}
	if _, err := api.New("https://api.example.com", nil); err == nil {
		t.Error("New accepted a nil key source")
	}
}

func TestHeadersAndPrefix(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		var problems []string
		want := map[string]string{
			"Authorization": "Bearer " + testKey,
			"Accept":        "application/json",
			"User-Agent":    "listings/1.2.3",
		}
		if r.Method == http.MethodPost {
			want["Content-Type"] = "application/json; charset=utf-8"
		}
		for h, v := range want {
			if got := r.Header.Get(h); got != v {
				problems = append(problems, h+"="+got)
			}
		}
		if !strings.HasPrefix(r.URL.Path, "/prefix/api/v1/") {
			problems = append(problems, "path "+r.URL.Path)
		}
		if len(problems) > 0 {
			reply(w, 400, `{"ok":false,"error":"test","hint":"`+strings.Join(problems, "; ")+`"}`)
			return
		}
		reply(w, 200, `{"ok":true,"category_id":7,"category_path":"A > B","category_slug":"b"}`)
	})
	c := newClient(t, srv.URL+"/prefix/", newClock(), api.WithVersion("1.2.3"))
	if _, err := c.Categories(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	s, err := c.SuggestCategory(context.Background(), "Bike", "A red bike", "en")
	if err != nil {
		t.Fatal(err)
	}
	if s.CategoryID != 7 || s.CategoryPath != "A > B" {
		t.Errorf("suggestion %+v", s)
	}
}

type keyFunc func(context.Context) (string, error)

func (f keyFunc) APIKey(ctx context.Context) (string, error) { return f(ctx) }

func TestKeySourceProblems(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true}`) })
	for _, tt := range []struct {
		name string
		keys api.KeySource
		want string
	}{
		{"empty", api.StaticKey("  "), "no API key"},
		{"space", api.StaticKey("sk_test_ab cd"), "cannot be sent in a header"},
		{"newline", api.StaticKey(testKey + "\nX-Evil: 1"), "cannot be sent in a header"},
		{"source error", keyFunc(func(context.Context) (string, error) {
			return "", errors.New("keyring locked")
		}), "api key: keyring locked"},
	} {
		c, err := api.New(srv.URL, tt.keys)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Ping(context.Background())
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "sk_test_ab") {
			t.Errorf("%s: error %v, want ~%q", tt.name, err, tt.want)
		}
	}
	if n.Load() != 0 {
		t.Errorf("%d requests sent with an unusable key", n.Load())
	}
}

func TestLocalParameterChecks(t *testing.T) {
	srv, n := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true}`) })
	c := newClient(t, srv.URL, newClock())
	ctx := context.Background()
	checks := map[string]error{}
	_, checks["limit"] = c.ListListings(ctx, api.ListParams{Limit: 101})
	_, checks["cursor"] = c.ListListings(ctx, api.ListParams{Cursor: -1})
	_, checks["get id"] = c.GetListing(ctx, 0, "")
	_, checks["edit id"] = c.EditListing(ctx, -1, &api.ListingEdit{Title: api.Set("x")})
	_, checks["edit empty"] = c.EditListing(ctx, 5, &api.ListingEdit{})
	_, checks["edit nil"] = c.EditListing(ctx, 5, nil)
	_, checks["create nil"] = c.CreateListing(ctx, nil)
	_, checks["status id"] = c.SetStatus(ctx, 0, api.StatusActive)
	_, checks["status value"] = c.SetStatus(ctx, 5, api.StatusSold)
	_, checks["attr id"] = c.Attributes(ctx, 0, "")
	_, checks["q"] = c.SearchCities(ctx, " К ", "", 0)
	_, checks["cities limit"] = c.SearchCities(ctx, "Київ", "", 51)
	for name, err := range checks {
		e, ok := api.AsError(err)
		if !ok || e.Status != 0 || !strings.HasSuffix(err.Error(), "(not sent)") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if n.Load() != 0 {
		t.Errorf("%d requests sent for refused parameters", n.Load())
	}
}

func TestPartialEditWire(t *testing.T) {
	var got map[string]json.RawMessage
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPatch || r.URL.Path != "/api/v1/my/listings/9" {
			reply(w, 405, `{"ok":false,"error":"method_not_allowed"}`)
			return
		}
		b, _ := io.ReadAll(r.Body)
		got = nil
		if err := json.Unmarshal(b, &got); err != nil {
			reply(w, 400, `{"ok":false,"error":"invalid_json"}`)
			return
		}
		reply(w, 200, `{"ok":true,"listing_id":9,"status":"pending"}`)
	})
	c := newClient(t, srv.URL, newClock())
	price, _ := api.ParsePrice("1250.50")
	edit := &api.ListingEdit{
		Title:        api.Set("New title"),
		ContactName:  api.Set(""),
		Condition:    api.Null[string](),
		Price:        api.Set(price),
		HidePhone:    api.Set(false),
		Photos:       api.Set[[]string](nil),
		Photos3D:     api.Set([]string{"https://m/1.webp"}),
		Attributes:   api.Set(map[string]any{"size": map[string]int{"from": 1, "to": 3}}),
		Delivery:     api.Set(json.RawMessage(`{"np":true}`)),
		VideoURL:     api.Null[string](),
		ContactPhone: api.Field[string]{},
	}
	r, err := c.EditListing(context.Background(), 9, edit)
	if err != nil {
		t.Fatal(err)
	}
	if r.ListingID != 9 || r.Status != api.StatusPending {
		t.Errorf("result %+v", r)
	}
	want := map[string]string{
		"title": `"New title"`, "contact_name": `""`, "condition": `null`, "price": `1250.50`,
		"hide_phone": `false`, "photos": `[]`, "photos_3d": `["https://m/1.webp"]`,
		"attributes": `{"size":{"from":1,"to":3}}`, "delivery": `{"np":true}`, "video_url": `null`,
	}
	for k, v := range want {
		if string(got[k]) != v {
			t.Errorf("%s sent as %s, want %s", k, got[k], v)
		}
	}
	for _, absent := range []string{"contact_phone", "description", "currency", "category_id", "city_ref",
		"photos_wm", "video_thumbnail"} {
		if _, ok := got[absent]; ok {
			t.Errorf("%s sent although not set", absent)
		}
	}
	if len(got) != len(want) {
		t.Errorf("sent %d fields, want %d: %v", len(got), len(want), got)
	}
}

func TestFieldAccessors(t *testing.T) {
	var f api.Field[string]
	if f.IsSet() || f.IsNull() || !f.IsZero() {
		t.Error("zero Field is not 'not sent'")
	}
	if v, ok := api.Set("").Get(); !ok || v != "" {
		t.Error("Set(\"\") not a set value")
	}
	if _, ok := api.Null[int]().Get(); ok || !api.Null[int]().IsNull() {
		t.Error("Null reads as a value")
	}
	var e api.ListingEdit
	if err := json.Unmarshal([]byte(`{"title":null,"description":"d","category_id":3}`), &e); err != nil {
		t.Fatal(err)
	}
	if !e.Title.IsNull() || e.CityRef.IsSet() {
		t.Error("round trip lost null vs absent")
	}
	if v, _ := e.CategoryID.Get(); v != 3 {
		t.Errorf("category_id %d", v)
	}
	if err := json.Unmarshal([]byte(`{"category_id":"x"}`), &e); err == nil {
		t.Error("wrong type accepted")
	}
}

func TestSetStatusTolerance(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		status     int
		confirmed  bool
		prev       api.Status
	}{
		{"204", "", 204, false, ""},
		{"200 empty", "", 200, false, ""},
		{"200 ok only", `{"ok":true}`, 200, false, ""},
		{"sandbox", `{"ok":true,"listing_id":5,"status":"inactive","previous_status":"active","new":1}`, 200, true, api.StatusActive},
		// Bodies the spec does not show either: the 2xx says it was done, and what
		// the body states is read as far as it can be.
		{"200 text", "OK", 200, false, ""},
		{"200 array", `[]`, 200, false, ""},
		{"200 string", `"done"`, 200, false, ""},
		{"200 null", `null`, 200, false, ""},
		{"200 ok not a bool", `{"ok":"yes"}`, 200, false, ""},
		{"200 status not a string", `{"ok":true,"status":{"code":"inactive"}}`, 200, false, ""},
		{"200 id not a number", `{"ok":true,"listing_id":"5","status":"inactive","previous_status":"active"}`, 200, true, api.StatusActive},
		{"200 truncated", `{"ok":true,"sta`, 200, false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sent string
			srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				sent = string(b)
				if tt.status == 204 {
					w.WriteHeader(204)
					return
				}
				reply(w, tt.status, tt.body)
			})
			c := newClient(t, srv.URL, newClock())
			r, err := c.SetStatus(context.Background(), 5, api.StatusInactive)
			if err != nil {
				t.Fatal(err)
			}
			if sent != `{"status":"inactive"}` {
				t.Errorf("body %s", sent)
			}
			if r.ListingID != 5 || r.Status != api.StatusInactive || r.Confirmed != tt.confirmed || r.PreviousStatus != tt.prev {
				t.Errorf("result %+v", r)
			}
		})
	}
}

// TestSetStatusStillRefused: tolerance stops where the answer says it failed (ok=false
// in a 200) or is not the service's (an HTML page of a proxy or portal).
func TestSetStatusStillRefused(t *testing.T) {
	for _, tt := range []struct{ name, ctype, body, code string }{
		{"ok false", "application/json", `{"ok":false,"error":"status_change_forbidden","hint":"only a moderator"}`, api.CodeStatusChangeForbidden},
		{"html", "text/html", `<html><body>Sign in to the Wi-Fi</body></html>`, api.CodeBadResponse},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.ctype)
				_, _ = io.WriteString(w, tt.body)
			})
			c := newClient(t, srv.URL, newClock())
			r, err := c.SetStatus(context.Background(), 5, api.StatusInactive)
			if e := mustAPIError(t, err); e.Code != tt.code {
				t.Errorf("result %+v, error %v, want %s", r, err, tt.code)
			}
		})
	}
}

func TestUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	clk := newClock()
	c := newClient(t, "http://"+addr, clk)
	_, err = c.Categories(context.Background(), "")
	if !api.IsUnreachable(err) || !strings.Contains(err.Error(), "unreachable") ||
		!strings.Contains(err.Error(), "check the network connection") {
		t.Fatalf("error %v", err)
	}
	if got := len(clk.Slept()); got != api.DefaultMaxRetries {
		t.Errorf("GET retried %d times, want %d", got, api.DefaultMaxRetries)
	}
	if b := c.Budget(); b.UsedMinute != 1+api.DefaultMaxRetries || b.Known {
		t.Errorf("budget %+v counts every attempt", b)
	}
}

func TestCallerCancel(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) { reply(w, 500, `{"ok":false,"error":"internal_error"}`) })
	c := newClient(t, srv.URL, newClock())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.Categories(ctx, "")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}
