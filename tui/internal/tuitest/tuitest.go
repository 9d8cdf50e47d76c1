// Package tuitest holds the helpers that the tests of every tui package share: the
// test binary's colour profile, keys by name, the size and content checks of a
// screen, filtering emitted messages by type, and a synchronous runner of a child
// model's commands. It is imported by tests only; fakes and fixtures that know a
// package's own types stay in that package's tests.
package tuitest

import (
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Main is a package's TestMain: screens and goldens are compared without colour,
// whatever terminal runs the tests.
func Main(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// WithProfile switches the colour profile for one test and restores it after.
func WithProfile(t testing.TB, p termenv.Profile) {
	t.Helper()
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(p)
	t.Cleanup(func() { lipgloss.SetColorProfile(old) })
}

// named maps Bubble Tea's own key names ("enter", "esc", "shift+tab", "ctrl+s",
// "pgdown", "delete", "f1"…) to their types. They are read from KeyType.String, so
// a test's key is the very string a key binding compares with. The types run from
// KeyF20 (the lowest of the keys that are not control codes) to the last control
// code, KeyCtrlQuestionMark (DEL).
var named = func() map[string]tea.KeyType {
	m := map[string]tea.KeyType{}
	for k := tea.KeyF20; k <= tea.KeyCtrlQuestionMark; k++ {
		// KeyRunes and KeySpace have names (" ", "runes") that are not keys to press.
		if s := k.String(); s != "" && k != tea.KeyRunes && k != tea.KeySpace {
			m[s] = k
		}
	}
	return m
}()

// Key is the key press called name, as a terminal delivers it:
//   - a Bubble Tea key name: "enter", "esc", "tab", "shift+tab", "backspace",
//     "delete", "up", "pgdown", "home", "end", "ctrl+a"…"ctrl+z", "f1";
//   - "alt+" and any of these or any text: that key with Alt held ("alt+3",
//     "alt+up");
//   - "space": the space bar (KeySpace, with its rune);
//   - anything else is typed text: one KeyRunes with its runes ("a", "G", "/",
//     "a.jpg"; " " too, as text).
func Key(name string) tea.KeyMsg {
	if t, ok := named[name]; ok {
		return tea.KeyMsg{Type: t}
	}
	if name == "space" {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if rest, ok := strings.CutPrefix(name, "alt+"); ok && rest != "" {
		k := Key(rest)
		k.Alt = true
		return k
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}
