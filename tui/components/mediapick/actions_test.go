package mediapick

import (
	"testing"

	"github.com/listings-tui/listings/tui/action"
)

// The file picker and the path input answer the user's keys: a key given to an
// action of theirs runs it, and its default key no longer does.
func TestOpenModesTakeTheUsersKeys(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "a.jpg")
	writeJPEG(t, dir, "b.jpg")
	l := newLoop(t, newFake(), dir, 80, 24)
	l.m.SetKeymap(action.Keymap{"media.picker.down": {"n"}, "media.picker.toggle": {"+"},
		"media.path.add": {"ctrl+o"}})
	l.press("a")
	l.until("the picker to show b.jpg", func(m Model) bool { return rowOf(m, "b.jpg") != "" })
	l.press("j", "enter")
	l.settle()
	if len(l.m.photos) != 0 {
		t.Fatalf("j and enter still pick: %v", photoNames(l.m))
	}
	l.press("n", "+")
	l.settle()
	if !marked(l.m, "b.jpg") || marked(l.m, "a.jpg") {
		t.Fatalf("n and + did not pick b.jpg: %v", photoNames(l.m))
	}
	l.press("esc", "p")
	l.typeText("a.jpg")
	l.press("enter")
	l.settle()
	if len(l.m.photos) != 1 || l.m.mode != typing {
		t.Fatalf("enter still adds the path: %v", photoNames(l.m))
	}
	l.press("ctrl+o")
	l.until("the check", func(m Model) bool { return m.checks == 0 && m.mode == browsing })
	if len(l.m.photos) != 2 {
		t.Fatalf("ctrl+o did not add the path: %v", photoNames(l.m))
	}
}
