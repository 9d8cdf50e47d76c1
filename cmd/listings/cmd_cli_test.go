package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
)

// The conventions every command shares, checked across the whole tree: what a script
// relies on besides each command's own output.

func TestUnknownCommandsAreUsageErrors(t *testing.T) {
	t.Parallel()
	c := &cli{t: t, base: "http://127.0.0.1:1", key: sandbox.KeyBusiness}
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
		r := c.fails(exitUsage, "", tc.args...)
		if !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("%v: stdout %q, stderr %q; want %q on stderr only", tc.args, r.stdout, r.stderr, tc.want)
		}
	}
	// A group alone shows its help, as gh does.
	if out := c.ok("", "upload"); !strings.Contains(out, "photo") || !strings.Contains(out, "video") {
		t.Errorf("upload alone:\n%s", out)
	}
}

func TestEnvironmentStandsInForGlobalFlags(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	var cities []struct {
		Name string `json:"name"`
	}
	c.withEnv(envLang, "en").okJSON(&cities, "", "cities", "Kyiv", "--limit", "1", "--json")
	if len(cities) != 1 || cities[0].Name != "Kyiv" {
		t.Errorf("LISTINGS_BASE_URL and LISTINGS_LANG=en: %+v", cities)
	}
	// A flag wins over the environment.
	c.withEnv(envLang, "en").okJSON(&cities, "", "cities", "Kyiv", "--limit", "1", "--lang", "uk", "--json")
	if len(cities) != 1 || cities[0].Name != "Київ" {
		t.Errorf("--lang uk over LISTINGS_LANG=en: %+v", cities)
	}
	r := c.withEnv(envLang, "de").fails(exitUsage, "", "ping")
	if !strings.Contains(r.stderr, envLang) {
		t.Errorf("a bad LISTINGS_LANG is not named:\n%s", r.stderr)
	}
}

// TestJSONIsValidAndAlone: every --json output parses as JSON (watch: one object a
// line), so `| jq` works, and people's extras (footers, notes) stay on stderr.
func TestJSONIsValidAndAlone(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{ModerationDelay: 1})
	var created createOut
	c.okJSON(&created, bookJSON("Kateryna, 1955 edition"), "create", "--file", "-", "--json")
	id := itoa(created.ListingID)
	png := writePNG(t, t.TempDir(), "p.png", 8, 8)
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
		{"upload", "video", "../../api/testdata/clip5s.webm"},
	} {
		stdin := ""
		if args[0] == "edit" {
			stdin = `{"price": 460}`
		}
		r := c.run(stdin, append(args, "--json")...)
		if r.code != exitOK {
			t.Errorf("%v --json: exit %d\n%s", args, r.code, r.stderr)
			continue
		}
		if !json.Valid([]byte(r.stdout)) {
			t.Errorf("%v --json is not valid JSON:\n%s", args, r.stdout)
		}
	}

	var pet createOut
	c.okJSON(&pet, petJSON("Bird cage, large"), "create", "--file", "-", "--json")
	r := c.run("", "watch", itoa(pet.ListingID), "--interval", "5s", "--json")
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	n := 0
	for sc.Scan() {
		n++
		if !json.Valid(sc.Bytes()) {
			t.Errorf("watch --json line %d is not JSON: %q", n, sc.Text())
		}
	}
	if r.code != exitOK || n == 0 {
		t.Errorf("watch --json: exit %d, %d lines\n%s", r.code, n, r.stderr)
	}
}

// TestFailuresLeaveStdoutEmpty: a script that captures stdout gets nothing rather than
// half an answer, and the reason is on stderr.
func TestFailuresLeaveStdoutEmpty(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	for _, tc := range []struct {
		code int
		args []string
	}{
		{exitError, []string{"show", "999999", "--json"}},
		{exitError, []string{"attributes", "999999", "--json"}},
		{exitError, []string{"suggest-category", "--title", "qwxz zzqv", "--json"}},
		{exitUsage, []string{"cities", "k", "--json"}},
		{exitAuth, []string{"ls", "--json"}},
	} {
		cc := c
		if tc.code == exitAuth {
			cc = c.withKey(sandbox.KeyRevoked)
		}
		r := cc.fails(tc.code, "", tc.args...)
		if r.stdout != "" {
			t.Errorf("%v: stdout %q, want nothing", tc.args, r.stdout)
		}
	}
}

// TestExitCodesDocumented: the README's table is the scripting contract; it must list
// every code main can return, with the meaning the code has.
func TestExitCodesDocumented(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for code, word := range map[int]string{
		exitOK: "success", exitError: "error", exitUsage: "usage", exitAuth: "key",
		exitRateLimit: "limit", exitCancelled: "interrupted",
	} {
		re := regexp.MustCompile(fmt.Sprintf(`(?m)^\| %d \|[^\n]*%s`, code, word))
		if !re.Match(readme) {
			t.Errorf("README.md has no exit-code row for %d mentioning %q", code, word)
		}
	}
}
