package root_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// The conventions every command shares, checked across the whole tree: what a script
// relies on besides each command's own output.

func TestUnknownCommandsAreUsageErrors(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lss"}, "did you mean listings ls?"},
		{[]string{"nonsense"}, "see listings --help"},
		{[]string{"upload", "phot"}, "did you mean listings upload photo?"},
		{[]string{"auth", "status", "extra"}, "usage: listings auth status"},
		{[]string{"version", "extra"}, "usage: listings version"},
		{[]string{"completion", "xyz"}, "see listings completion --help"},
		{[]string{"sandbox", "keys", "x"}, "usage: listings sandbox keys"},
	} {
		r := c.Fails(cmdutil.ExitUsage, "", tc.args...)
		if !strings.Contains(r.Stderr, tc.want) || r.Stdout != "" {
			t.Errorf("%v: stdout %q, stderr %q; want %q on stderr only", tc.args, r.Stdout, r.Stderr, tc.want)
		}
	}
	// A group alone shows its help, as gh does.
	if out := c.OK("", "upload"); !strings.Contains(out, "photo") || !strings.Contains(out, "video") {
		t.Errorf("upload alone:\n%s", out)
	}
}

func TestEnvironmentStandsInForGlobalFlags(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var cities []struct {
		Name string `json:"name"`
	}
	c.WithEnv(cmdutil.EnvLang, "en").OKJSON(&cities, "", "cities", "Kyiv", "--limit", "1", "--json")
	if len(cities) != 1 || cities[0].Name != "Kyiv" {
		t.Errorf("LISTINGS_BASE_URL and LISTINGS_LANG=en: %+v", cities)
	}
	// A flag wins over the environment.
	c.WithEnv(cmdutil.EnvLang, "en").OKJSON(&cities, "", "cities", "Kyiv", "--limit", "1", "--lang", "uk", "--json")
	if len(cities) != 1 || cities[0].Name != "Київ" {
		t.Errorf("--lang uk over LISTINGS_LANG=en: %+v", cities)
	}
	r := c.WithEnv(cmdutil.EnvLang, "de").Fails(cmdutil.ExitUsage, "", "ping")
	if !strings.Contains(r.Stderr, cmdutil.EnvLang) {
		t.Errorf("a bad LISTINGS_LANG is not named:\n%s", r.Stderr)
	}
}

// TestJSONIsValidAndAlone: every --json output parses as JSON (watch: one object a
// line), so `| jq` works, and people's extras (footers, notes) stay on stderr.
func TestJSONIsValidAndAlone(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{ModerationDelay: 1})
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON("Kateryna, 1955 edition"), "create", "--file", "-", "--json")
	id := clitest.Itoa(created.ListingID)
	png := clitest.WritePNG(t, t.TempDir(), "p.png", 8, 8)
	for _, args := range [][]string{
		{"ping"},
		{"ls"},
		{"ls", "--limit", "2"},
		{"ls", "--status", "sold", "--all"},
		{"ls", "--status", "all", "--fields", "title", "--all"},
		{"show", id},
		{"edit", id, "--file", "-"},
		{"deactivate", id},
		{"activate", id},
		{"categories"},
		{"categories", "--tree"},
		{"attributes", "1004"},
		{"cities", "zzzz"},
		{"cities", "Kyiv"},
		{"suggest-category", "--title", "iPhone 13"},
		{"upload", "photo", png},
		{"upload", "video", clitest.RepoFile(t, "api/testdata/clip5s.webm")},
	} {
		stdin := ""
		if args[0] == "edit" {
			stdin = `{"price": 460}`
		}
		r := c.Run(stdin, append(args, "--json")...)
		if r.Code != cmdutil.ExitOK {
			t.Errorf("%v --json: exit %d\n%s", args, r.Code, r.Stderr)
			continue
		}
		if !json.Valid([]byte(r.Stdout)) {
			t.Errorf("%v --json is not valid JSON:\n%s", args, r.Stdout)
		}
	}

	var pet clitest.Created
	c.OKJSON(&pet, clitest.PetJSON("Bird cage, large"), "create", "--file", "-", "--json")
	r := c.Run("", "watch", clitest.Itoa(pet.ListingID), "--interval", "5s", "--json")
	sc := bufio.NewScanner(strings.NewReader(r.Stdout))
	n := 0
	for sc.Scan() {
		n++
		if !json.Valid(sc.Bytes()) {
			t.Errorf("watch --json line %d is not JSON: %q", n, sc.Text())
		}
	}
	if r.Code != cmdutil.ExitOK || n == 0 {
		t.Errorf("watch --json: exit %d, %d lines\n%s", r.Code, n, r.Stderr)
	}
}

// TestFailuresLeaveStdoutEmpty: a script that captures stdout gets nothing rather than
// half an answer, and the reason is on stderr; with --json it gets the error object
// and nothing else (TestJSONAlways covers every command).
func TestFailuresLeaveStdoutEmpty(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	for _, tc := range []struct {
		code  int
		error string
		args  []string
	}{
		{cmdutil.ExitError, "listing_not_found", []string{"show", "999999"}},
		{cmdutil.ExitError, "category_not_found", []string{"attributes", "999999"}},
		{cmdutil.ExitError, "no_category_match", []string{"suggest-category", "--title", "qwxz zzqv"}},
		{cmdutil.ExitUsage, "usage", []string{"cities", "k"}},
		{cmdutil.ExitAuth, "key_revoked", []string{"ls"}},
	} {
		cc := c
		if tc.code == cmdutil.ExitAuth {
			cc = c.WithKey(sandbox.KeyRevoked)
		}
		r := cc.Fails(tc.code, "", tc.args...)
		if r.Stdout != "" {
			t.Errorf("%v: stdout %q, want nothing", tc.args, r.Stdout)
		}
		r = cc.Fails(tc.code, "", append(tc.args, "--json")...)
		if e := errorObject(r.Stdout); e == nil || e.Error.Code != tc.error || e.ExitCode != tc.code {
			t.Errorf("%v --json: stdout %q, want the error object of %s", tc.args, r.Stdout, tc.error)
		}
	}
}

func TestUsageErrorsBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	// No service at all: every one of these must be refused before a request is made.
	c := clitest.Offline(t)
	for _, args := range [][]string{
		{"ls", "--status", "moderated"},
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
		r := c.Run("", args...)
		if r.Code != cmdutil.ExitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", args, r.Code, cmdutil.ExitUsage, r.Stderr)
		}
		if strings.Contains(r.Stderr, "unreachable") || strings.Contains(r.Stderr, "connect") {
			t.Errorf("%v: a request was attempted:\n%s", args, r.Stderr)
		}
	}
}

func TestAuthAndRateLimitExitCodes(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	r := c.WithKey(sandbox.KeyRevoked).Fails(cmdutil.ExitAuth, "", "ping")
	if !strings.Contains(r.Stderr, "key_revoked") {
		t.Errorf("revoked: %s", r.Stderr)
	}
	r = c.WithKey(sandbox.KeyForeignIP).Fails(cmdutil.ExitAuth, "", "ls", "--json")
	if e := errorObject(r.Stdout); !strings.Contains(r.Stderr, "ip_not_whitelisted") || !strings.Contains(r.Stderr, "127.0.0.1") ||
		e == nil || e.Error.Code != "ip_not_whitelisted" {
		t.Errorf("foreign IP: stdout %q\n%s", r.Stdout, r.Stderr)
	}
	// A missing scope needs another key, not other data: the key's exit code.
	r = c.WithKey(sandbox.KeyReadonly).Fails(cmdutil.ExitAuth, "", "activate", "10040")
	if !strings.Contains(r.Stderr, "scope_required") || !strings.Contains(r.Stderr, "--profile") {
		t.Errorf("readonly write: %s", r.Stderr)
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
		lc := &clitest.Runner{T: t, Base: limited.URL, Key: sandbox.KeyBusiness, CacheDir: t.TempDir()} // never the machine's cache, which a test on the same port before may have left
		r := lc.Fails(cmdutil.ExitRateLimit, "", "ls", "--json")
		if !strings.Contains(r.Stderr, code) || !strings.Contains(r.Stderr, "after") && !strings.Contains(r.Stderr, "resets at") {
			t.Errorf("%s: %s", code, r.Stderr)
		}
		limited.Close()
	}
}

func TestCompletionAndVersion(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		if out := c.OK("", "completion", shell); !strings.Contains(out, "listings") {
			t.Errorf("completion %s printed no script:\n%.200s", shell, out)
		}
	}
	if out := c.OK("", "version"); !strings.HasPrefix(out, "listings ") {
		t.Errorf("version: %q", out)
	}
	// Dynamic completion of a flag's values, as a shell asks for it.
	if out := c.OK("", "__complete", "ls", "--status", ""); !strings.Contains(out, "inactive") {
		t.Errorf("--status completion: %q", out)
	}
}
