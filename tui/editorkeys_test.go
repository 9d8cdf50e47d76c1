package tui

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// stepOn is the editor's step on screen, as its header marks it ("[2 Category]").
func stepOn(m Model) string {
	s := tuitest.Screen(m)
	i := strings.Index(s, "[")
	j := strings.Index(s[max(i, 0):], "]")
	if i < 0 || j < 0 {
		return ""
	}
	return s[i+1 : i+j]
}

// The user's key for editor.submit opens the review and the help shows it; ctrl+s
// no longer does. A step's action takes the user's key too, though the step is made
// when the editor opens, after the keys were given (media.video's V did nothing,
// and v still opened the video's path, before the editor handed its steps the keys).
func TestUserKeymapInTheEditor(t *testing.T) {
	f, m := startedWith(t, action.Keymap{"editor.submit": {"ctrl+g"}, "media.video": {"V"}})
	m, _ = f.press(m, "n", "alt+2", "?")
	tuitest.Contains(t, tuitest.Screen(m), "ctrl+g", "review & send")
	if s := tuitest.Screen(m); strings.Contains(s, "ctrl+s") {
		t.Errorf("the help still shows ctrl+s:\n%s", s)
	}
	m, _ = f.press(m, "esc", "ctrl+s")
	if got := stepOn(m); !strings.Contains(got, "Category") {
		t.Fatalf("ctrl+s left the category step for %q", got)
	}
	m, _ = f.press(m, "ctrl+g")
	if got := stepOn(m); !strings.Contains(got, "Review") {
		t.Fatalf("ctrl+g did not open the review: on %q\n%s", got, tuitest.Screen(m))
	}

	m, _ = f.press(m, "alt+6", "v")
	if strings.Contains(tuitest.Screen(m), "Video file:") {
		t.Fatal("v still opens the video's path")
	}
	m, _ = f.press(m, "V")
	tuitest.Contains(t, tuitest.Screen(m), "Video file:")
}

// The seven steps are one line of the help, and seven actions of the palette: ":"
// in the category step (a list: ":" is not typed) and ctrl+p in the basics (a
// field: ":" is) find "photos", and enter goes to the media step.
func TestPaletteGoesToAStep(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "n", "alt+2", "?")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "alt+1…7", "go to step")
	if strings.Contains(s, "go to Media") {
		t.Errorf("the help lists the steps one by one:\n%s", s)
	}
	for _, open := range [][]string{{"esc", ":"}, {"alt+1", "ctrl+p"}} {
		m, _ = f.press(m, open...)
		if m.palette == nil {
			t.Fatalf("%v did not open the palette on %q", open, stepOn(m))
		}
		m, _ = f.press(m, "p", "h", "o", "t", "o", "s")
		tuitest.Contains(t, tuitest.Screen(m), "› go to Media: photos, video, 3D tour", "alt+6")
		m, _ = f.press(m, "enter")
		if got := stepOn(m); m.palette != nil || !strings.Contains(got, "Media") {
			t.Fatalf("%v, photos, enter: on %q (palette open %v)", open, got, m.palette != nil)
		}
	}
}
