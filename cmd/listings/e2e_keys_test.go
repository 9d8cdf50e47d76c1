package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The user's keys from the config file show in the help and work; the palette finds
// "deactivate" by typing deac and runs it; a key that cannot apply is named in the
// banner with its file, and the app runs on.
func TestE2EKeymapAndPalette(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".config", "listings")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := `{"tui": {"keys": {"browser.deactivate": ["X"], "global.quit": ["ctrl+q"], "browser.nope": ["z"]}}}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	s := launchTUIHome(t, home, 100, 30, []string{"--sandbox"})
	s.waitFor("[active 28]", "browser.nope is no action", "config.json")
	s.send("Escape", "?")
	s.waitFor("X deactivate", "ctrl+q   quit")
	s.send("Escape", "X")
	s.waitFor("Deactivate")
	s.send("n", ":")
	s.waitFor("type to find an action")
	s.send("d", "e", "a", "c")
	s.waitFor("› deactivate")
	s.send("Enter")
	s.waitFor("Deactivate")
	s.send("n", "C-q")
	s.waitExit(0)
	s.checkRestored()
}
