package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
)

// A new user's first hour with LANG=uk_UA.UTF-8, in tmux: every screen they meet
// (login, browse, open, edit, the bulk plan, the import, jobs, watch, help, the
// palette, the quit question) shows no English word of the interface. What may be
// Latin on a Ukrainian screen: the listings' own words (the sandbox's seed: brands,
// models), key names, currencies' codes, addresses and paths; englishWords names the
// rest.

// latinWord is a word an English interface would draw: three letters or more.
var latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z']{2,}`)

// notInterface are the Latin words a Ukrainian screen may show: keys as the keyboard
// names them, currency codes, file formats, the marketplace's VIP and TOP badges,
// and the app's own name.
// "default" is the name the login gives a first profile: a name the config keeps,
// not a word.
var notInterface = []string{"esc", "enter", "tab", "ctrl", "alt", "shift", "space", "pgup", "pgdown", "pgdn", "home", "end", "default",
	"del", "backspace", "UAH", "USD", "EUR", "listings", "sqlite", "csv", "xlsx", "jsonl", "json", "webp", "jpeg",
	"png", "heic", "mp4", "webm", "VIP", "TOP"}

// contentWords are the Latin words of the sandbox's listings (titles,
// descriptions, brands, models, attribute values, as `listings export --detail`
// writes them): the listings' words, not the interface's. "Try the sandbox" serves
// the same seed as `sandbox serve`.
func contentWords(t *testing.T) map[string]bool {
	t.Helper()
	srv := startServe(t)
	words := map[string]bool{}
	for _, key := range []string{sandbox.KeyPersonal, sandbox.KeyBusiness} {
		cmd := exec.Command(binary, "export", "--detail", "--format", "jsonl", "--status", "all")
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "LISTINGS_BASE_URL=" + srv.base,
			"LISTINGS_API_KEY=" + key, "LC_ALL=C.UTF-8"}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("export: %v", err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			var row map[string]any
			if err := json.Unmarshal([]byte(line), &row); err != nil {
				t.Fatalf("export row %q: %v", line, err)
			}
			// The sellers' own words only: the status, condition or currency of a
			// row are codes the interface shows in its own words.
			for k, v := range row {
				text, ok := v.(string)
				if !ok || !(k == "title" || k == "description" || k == "contact_name" || strings.HasPrefix(k, "attr.")) {
					continue
				}
				for _, w := range latinWord.FindAllString(text, -1) {
					words[strings.ToLower(w)] = true
				}
			}
		}
	}
	return words
}

// englishWords are the Latin words of screen that are the interface's.
func englishWords(screen string, content map[string]bool) []string {
	// Addresses, paths, ids and a public page's slug (remont-kvartyr-pid-kliuch) are
	// not words; nor are a command's name (listings import --help) and a format's
	// (JSON Lines), which stay English in every language.
	screen = regexp.MustCompile(`\S*(://|/|_|@|-\S*-)\S*|listings [a-z]+|JSON Lines`).ReplaceAllString(screen, " ")
	var out []string
	for _, w := range latinWord.FindAllString(screen, -1) {
		lw := strings.ToLower(w)
		if content[lw] || slices.ContainsFunc(notInterface, func(k string) bool { return strings.EqualFold(k, w) }) {
			continue
		}
		if cut(lw, content) {
			continue // a title cut to its column: the start of a word of the content
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// cut reports whether w starts a word of the content, as a title cut short does.
func cut(w string, content map[string]bool) bool {
	for c := range content {
		if len(c) > len(w) && strings.HasPrefix(c, w) {
			return true
		}
	}
	return false
}

// settle waits until the screen differs from before and has stopped changing, and
// returns it.
func (s *tuiSession) settle(before string) string {
	s.t.Helper()
	last := ""
	return s.waitUntil("a new screen that settles", func(scr string) bool {
		same := scr == last && scr != before
		last = scr
		if !same {
			time.Sleep(150 * time.Millisecond)
		}
		return same
	})
}

// noEnglish fails the test with the screen when it shows an English word.
func (s *tuiSession) noEnglish(where, screen string, content map[string]bool) {
	s.t.Helper()
	if w := englishWords(screen, content); len(w) > 0 {
		s.t.Errorf("%s shows English words %q:\n%s", where, w, screen)
	}
}

func TestE2EFirstHourInUkrainian(t *testing.T) {
	content := contentWords(t)
	s := launchTUI(t, 100, 30, nil, "LC_ALL=", "LANG=uk_UA.UTF-8")
	scr := s.settle("")
	s.noEnglish("the login screen", scr, content)

	// "Try the sandbox": past the address, the key and the profile to the buttons.
	s.send("Tab", "Tab", "Tab", "Right", "Enter")
	scr = s.waitFor("28]")
	scr = s.settle("")
	s.noEnglish("the browser", scr, content)

	for _, step := range []struct {
		where string
		keys  []string
		back  []string
	}{
		{"a listing", []string{"Enter"}, []string{"Escape"}},
		{"the help", []string{"?"}, []string{"Escape"}},
		{"the palette", []string{":"}, []string{"Escape"}},
		{"the jobs panel", []string{"J"}, []string{"Escape"}},
		{"the watch panel", []string{"W"}, []string{"Escape"}},
		{"the drafts", []string{"D"}, []string{"Escape"}},
		{"the price plan", []string{"Space", "$"}, []string{"Escape", "Escape"}},
		{"the editor", []string{"e"}, []string{"Escape"}},
		{"a new listing", []string{"n"}, []string{"Escape"}},
		{"the import", []string{"I"}, []string{"Escape"}},
	} {
		before := s.screen()
		s.send(step.keys...)
		scr = s.settle(before)
		s.noEnglish(step.where, scr, content)
		s.send(step.back...)
		s.waitFor("28]")
	}
	s.firstHourPlans(content)
	s.send("q")
	time.Sleep(300 * time.Millisecond)
	if scr = s.screen(); !strings.Contains(scr, exitMarker) {
		s.noEnglish("the quit question", scr, content)
		s.send("y")
	}
	s.waitUntil("the app to end", func(scr string) bool { return strings.Contains(scr, exitMarker) })
}
