package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A keymap, a column set, a saved view and a theme set in one config all show and
// work in a real terminal: the ansi theme draws in the terminal's 16 colours only,
// the view's tab (once the sandbox's mirror is synced) holds the listings without a
// photo in its own sort, with the columns the config gives it, X deactivates as the
// keymap says, and ctrl+s in the filter saves a new view into the file.
func TestE2EConfigKeysColumnsViewTheme(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".config", "listings")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := `{"tui": {
		"theme": "ansi",
		"keys": {"browser.deactivate": ["X"], "browser.view.next": ["V"]},
		"columns": {"no photos": ["title", "views:6", "price"]},
		"views": [{"name": "no photos", "status": "active", "photos": "none", "sort": "views"}]}}`
	path := filepath.Join(dir, "config.json")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	s := launchTUIHome(t, home, 100, 30, []string{"--sandbox"})
	s.waitFor("[active 28]", "no photos", "X deactivate")

	// The theme: colours, and none beyond the terminal's 16 (no 256-colour or RGB).
	esc := s.screenWithEscapes()
	if !regexp.MustCompile(`\x1b\[[0-9;]*(3[0-7]|9[0-7])m`).MatchString(esc) {
		t.Errorf("the ansi theme drew no colour of the 16:\n%q", esc)
	}
	if strings.Contains(esc, "38;5;") || strings.Contains(esc, "38;2;") {
		t.Errorf("the ansi theme drew colours beyond the 16:\n%q", esc)
	}

	// The view, once the background sync (5 s after start) filled the mirror: six
	// listings without a photo, the most viewed first, in the view's columns.
	s.send("V")
	scr := s.waitFor("[no photos 6]", "views ↓", "1/6")
	head := s.line("title")
	if strings.Contains(head, "status") || strings.Contains(head, "city") || !strings.Contains(head, "views") {
		t.Errorf("the view's columns: %q", head)
	}
	if !strings.Contains(scr, "Репетитор з англійської мови") || strings.Contains(scr, "Ремонт квартир") {
		t.Errorf("the view's rows:\n%s", scr)
	}

	// The keymap on the view's tab: X asks to deactivate the row.
	s.send("X")
	s.waitFor("Deactivate")
	s.send("n")

	// ctrl+s in the filter saves the tab, its words and its sort as a view.
	s.send("Tab")
	s.waitFor("[active 28]")
	s.send("/")
	s.typeText("зимов")
	s.send("C-s")
	s.waitFor("view name:")
	s.typeText("winter")
	s.send("Enter")
	s.waitFor("[winter 3]", "view winter saved in")
	body, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(body), `"name": "winter"`) || !strings.Contains(string(body), `"browser.deactivate"`) {
		t.Errorf("the config after the save: %v\n%s", err, body)
	}
	s.send("q")
	s.waitExit(0)
	s.checkRestored()
}
