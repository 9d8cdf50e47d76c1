package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
)

func TestPingBothForms(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	out := c.ok("", "ping")
	for _, want := range []string{"sk_test_eec6…", "business", "600 a minute, 100000 a day", "this minute", "127.0.0.1", "server time"} {
		if !strings.Contains(out, want) {
			t.Errorf("ping lacks %q:\n%s", want, out)
		}
	}
	var info map[string]any
	c.okJSON(&info, "", "ping", "--json")
	if info["key_prefix"] != "sk_test_eec6" || info["account_type"] != "business" || info["your_ip"] != "127.0.0.1" {
		t.Errorf("ping --json = %v", info)
	}
	if _, ok := info["requests_today"]; !ok {
		t.Errorf("ping --json lacks the sandbox's counters: %v", info)
	}
}

type listingOut struct {
	ID     int    `json:"id"`
	Title  string `json:"title"`
	Status string `json:"status"`
}

func TestLsBothFormsAndPaging(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})

	out := c.ok("", "ls")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "ID") || !strings.Contains(lines[0], "STATUS") || !strings.Contains(lines[0], "CREATED AT") {
		t.Errorf("ls header: %q", lines[0])
	}
	for _, l := range lines[1:] {
		if !strings.Contains(l, "active") {
			t.Errorf("ls (default active) shows %q", l)
		}
	}

	var page struct {
		Count      int          `json:"count"`
		Listings   []listingOut `json:"listings"`
		NextCursor *int         `json:"next_cursor"`
	}
	c.okJSON(&page, "", "ls", "--status", "all", "--limit", "4", "--json")
	if page.Count != 4 || len(page.Listings) != 4 || page.NextCursor == nil {
		t.Fatalf("first page: %+v", page)
	}
	first := page.Listings[0].ID
	c.okJSON(&page, "", "ls", "--status", "all", "--limit", "4", "--cursor", itoa(*page.NextCursor), "--json")
	if len(page.Listings) != 4 || page.Listings[0].ID >= first {
		t.Errorf("second page: %+v", page)
	}

	var all []listingOut
	c.okJSON(&all, "", "ls", "--status", "all", "--all", "--limit", "4", "--json")
	seen := map[int]bool{}
	for _, l := range all {
		seen[l.ID] = true
	}
	if len(all) != 15 || len(seen) != 15 {
		t.Errorf("ls --all --json: %d listings, %d distinct; want 15", len(all), len(seen))
	}
	table := c.ok("", "ls", "--status", "all", "--all", "--limit", "4")
	if n := len(strings.Split(strings.TrimSpace(table), "\n")); n != 16 {
		t.Errorf("ls --all table has %d lines, want a header and 15 rows:\n%s", n, table)
	}

	var last struct {
		NextCursor *int `json:"next_cursor"`
	}
	c.okJSON(&last, "", "ls", "--status", "all", "--limit", "100", "--json")
	if last.NextCursor != nil {
		t.Errorf("the last page has next_cursor %d, want null", *last.NextCursor)
	}
}

func TestLsFields(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	var page struct {
		Listings []map[string]any `json:"listings"`
	}
	c.okJSON(&page, "", "ls", "--fields", "title,price", "--json")
	if len(page.Listings) == 0 {
		t.Fatal("no listings")
	}
	for _, l := range page.Listings {
		if len(l) != 3 || l["id"] == nil || l["title"] == nil || l["price"] == nil {
			t.Errorf("ls --fields title,price --json gave %v", l)
		}
	}
	out := c.ok("", "ls", "--fields", "title,views")
	head := strings.Fields(strings.SplitN(out, "\n", 2)[0])
	if strings.Join(head, " ") != "ID TITLE VIEWS" {
		t.Errorf("ls --fields header: %v", head)
	}
}

func TestShowBothForms(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	var all []listingOut
	c.okJSON(&all, "", "ls", "--status", "all", "--all", "--json", "--lang", "en")
	var blocked int
	for _, l := range all {
		if l.Status == "blocked" {
			blocked = l.ID
		}
	}
	if blocked == 0 {
		t.Fatal("the seed has no blocked listing")
	}
	out := c.ok("", "show", itoa(blocked))
	for _, want := range []string{"status     blocked", "attributes:", "description:", "moderation:", "decision", "reason", "contact", "photos ("} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	var d struct {
		Listing    map[string]any `json:"listing"`
		Moderation *struct {
			Decision string  `json:"decision"`
			Reason   *string `json:"reason"`
		} `json:"moderation"`
	}
	c.okJSON(&d, "", "show", itoa(blocked), "--json")
	if d.Listing["id"] != float64(blocked) || d.Moderation == nil || d.Moderation.Decision != "blocked" || d.Moderation.Reason == nil {
		t.Errorf("show --json: %+v", d)
	}
	r := c.fails(exitError, "", "show", "999999")
	if !strings.Contains(r.stderr, "listing 999999 not found") {
		t.Errorf("show of an unknown id:\n%s", r.stderr)
	}
}

func TestUsageErrorsBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	// No service at all: every one of these must be refused before a request is made.
	c := &cli{t: t, base: "http://127.0.0.1:1", key: sandbox.KeyBusiness}
	for _, args := range [][]string{
		{"ls", "--status", "pending"},
		{"ls", "--limit", "0"},
		{"ls", "--limit", "101"},
		{"ls", "--fields", "title,nope"},
		{"ls", "--all", "--cursor", "5"},
		{"ls", "extra"},
		{"ls", "--nope"},
		{"show"},
		{"show", "abc"},
		{"show", "0"},
		{"show", "-5"},
		{"show", "1", "2"},
		{"activate", "x"},
		{"deactivate"},
		{"watch"},
		{"watch", "1", "two"},
		{"watch", "1", "--interval", "1s"},
		{"watch", "1", "--interval", "soon"},
		{"attributes", "cars"},
		{"cities", "k"},
		{"cities", "kyiv", "--limit", "51"},
		{"cities", "kyiv", "--limit", "0"},
		{"suggest-category"},
		{"suggest-category", "--title", "  "},
		{"create"},
		{"create", "--file", "/does/not/exist.json"},
		{"edit", "1"},
		{"edit", "nope", "--file", "-"},
		{"upload", "photo"},
		{"upload", "video"},
		{"ping", "--lang", "de"},
	} {
		r := c.run("", args...)
		if r.code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", args, r.code, exitUsage, r.stderr)
		}
		if strings.Contains(r.stderr, "unreachable") || strings.Contains(r.stderr, "connect") {
			t.Errorf("%v: a request was attempted:\n%s", args, r.stderr)
		}
	}
}

func TestAuthAndRateLimitExitCodes(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	r := c.withKey(sandbox.KeyRevoked).fails(exitAuth, "", "ping")
	if !strings.Contains(r.stderr, "key_revoked") {
		t.Errorf("revoked: %s", r.stderr)
	}
	r = c.withKey(sandbox.KeyForeignIP).fails(exitAuth, "", "ls", "--json")
	if !strings.Contains(r.stderr, "ip_not_whitelisted") || !strings.Contains(r.stderr, "127.0.0.1") || r.stdout != "" {
		t.Errorf("foreign IP: stdout %q\n%s", r.stdout, r.stderr)
	}
	// A missing scope needs another key, not other data: the key's exit code.
	r = c.withKey(sandbox.KeyReadonly).fails(exitAuth, "", "activate", "10040")
	if !strings.Contains(r.stderr, "scope_required") || !strings.Contains(r.stderr, "--profile") {
		t.Errorf("readonly write: %s", r.stderr)
	}

	for _, code := range []string{"rate_limit_exceeded", "daily_limit_exceeded"} {
		limited := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			// An hour is past the client's longest wait, so it fails at once
			// instead of waiting the window out.
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
			_ = json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": code, "hint": "slow down"})
		}))
		lc := &cli{t: t, base: limited.URL, key: sandbox.KeyBusiness}
		r := lc.fails(exitRateLimit, "", "ls", "--json")
		if !strings.Contains(r.stderr, code) || !strings.Contains(r.stderr, "after") && !strings.Contains(r.stderr, "resets at") {
			t.Errorf("%s: %s", code, r.stderr)
		}
		limited.Close()
	}
}

func TestCompletionAndVersion(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, base: "http://127.0.0.1:1", key: sandbox.KeyBusiness}
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		if out := c.ok("", "completion", shell); !strings.Contains(out, "listings") {
			t.Errorf("completion %s printed no script:\n%.200s", shell, out)
		}
	}
	if out := c.ok("", "version"); !strings.HasPrefix(out, "listings ") {
		t.Errorf("version: %q", out)
	}
	// Dynamic completion of a flag's values, as a shell asks for it.
	if out := c.ok("", "__complete", "ls", "--status", ""); !strings.Contains(out, "inactive") {
		t.Errorf("--status completion: %q", out)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
