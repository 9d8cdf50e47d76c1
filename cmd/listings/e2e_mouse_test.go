package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// click is a left click at column x and line y of the screen (0-based), as a terminal
// reports it to an app that asked for the mouse (SGR, 1-based): the press, then the
// release.
func (s *tuiSession) click(x, y int) {
	s.t.Helper()
	for _, end := range []string{"M", "m"} {
		s.tmux("send-keys", "-t", s.target, "-l", fmt.Sprintf("\x1b[<0;%d;%d%s", x+1, y+1, end))
	}
}

// mouseReported reports whether the app asked the terminal for clicks (tmux keeps
// the pane's mouse mode).
func (s *tuiSession) mouseReported() bool {
	return strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.target, "#{mouse_button_flag}")) == "1"
}

// In a real terminal a click lands on the line under it: the row, the tab.
func TestE2EMouseClicksLand(t *testing.T) {
	s := launchTUI(t, 80, 24, []string{"--sandbox"})
	scr := s.waitFor("[active 28]", "1/28")
	if !s.mouseReported() {
		t.Fatal("the app did not ask for the mouse")
	}
	lines := strings.Split(scr, "\n")
	second := []rune(strings.TrimSpace(lines[4]))[:12]
	s.click(10, 4)
	s.waitUntil("the second row selected: "+string(second), func(string) bool {
		return strings.Contains(s.selected(), string(second))
	})
	s.click(strings.Index(lines[1], "sold")+1, 1)
	s.waitFor("[sold")
}

// tui.mouse false in the config: the app leaves the mouse to the terminal, whose own
// selection of text then works.
func TestE2EMouseOff(t *testing.T) {
	cfg := t.TempDir()
	if err := os.WriteFile(filepath.Join(cfg, "config.json"), []byte(`{"tui":{"mouse":false}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	s := launchTUI(t, 80, 24, []string{"--sandbox"}, "LISTINGS_CONFIG_DIR="+cfg)
	s.waitFor("[active 28]", "1/28")
	if s.mouseReported() {
		t.Error("mouse: false, and the app asked the terminal for the mouse")
	}
}
