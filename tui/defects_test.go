package tui

import (
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// In the editor's media step J moves the photo under the cursor down, as its help
// says, and does not open the jobs panel (issue 25: the root took J first).
func TestMediaStepJMovesThePhoto(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "e", "alt+6") // the first listing's edit has two photos
	d := m.editor.M.Draft()
	if m.active != viewEditor || d == nil || len(d.Photos) < 2 {
		t.Fatalf("no media step with two photos:\n%s", tuitest.Screen(m))
	}
	first := d.Photos[0].URL
	m, _ = f.press(m, "J")
	if m.active != viewEditor {
		t.Fatalf("J left the editor for view %v", m.active)
	}
	if d := m.editor.M.Draft(); d.Photos[1].URL != first {
		t.Errorf("J did not move the first photo down: %+v", d.Photos)
	}
}

// The editor's help lists no key that does nothing there: n (a new listing) and e
// (edit the listing) are the browser's and the detail's, not the editor's.
func TestEditorHelpHasNoNewOrEdit(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "e", "alt+6", "?")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "move photo down")
	tuitest.Lacks(t, s, "new listing", "edit the listing")
}
