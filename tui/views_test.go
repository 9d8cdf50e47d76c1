package tui

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Saved views through the whole app: a view is a tab with its count, a user's key
// for browser.view.next reaches it, the help and the palette list the views'
// actions, ctrl+s in the filter saves one under the name typed (letters are the
// name's, not global keys), and the palette's delete asks y/n before it goes.
func TestSavedViewsInTheApp(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	withSavedViews(t, f, &opts)
	opts.Keys = action.Keymap{"browser.view.next": {"V"}}
	m := f.model(opts, 120, 30)
	m, _ = f.settle(m, m.Init())
	tuitest.Contains(t, tuitest.Screen(m), "cheap", "blocked")
	m, _ = f.press(m, "V")
	tuitest.Contains(t, tuitest.Screen(m), "[cheap ")
	m, _ = f.press(m, "?")
	tuitest.Contains(t, tuitest.Screen(m), "V", "next view", "ctrl+s", "save as a view")
	m, _ = f.press(m, "esc", "/", "a", "ctrl+s")
	tuitest.Contains(t, tuitest.Screen(m), "view name: cheap", "save the view")
	for range "cheap" {
		m, _ = f.press(m, "backspace")
	}
	m, _ = f.press(m, "q", "W", "enter") // a global key each, typed as the name
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "[qW ", "view qW saved in config.json")
	m, _ = f.press(m, ":", "delete this view", "enter")
	tuitest.Contains(t, tuitest.Screen(m), "delete the view qW from the config?")
	m, _ = f.press(m, "n")
	tuitest.Contains(t, tuitest.Screen(m), "[qW ")
	m, _ = f.press(m, ":", "delete this view", "enter", "y")
	tuitest.Contains(t, tuitest.Screen(m), "[blocked 2]", "view qW deleted from config.json")
	if tabs := strings.Split(tuitest.Screen(m), "\n")[1]; strings.Contains(tabs, "qW") {
		t.Errorf("the tabs after the delete: %s", tabs)
	}
}
