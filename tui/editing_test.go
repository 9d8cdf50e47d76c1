package tui

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// TestEditorFromTheRoot: n opens the editor, esc leaves it with the draft kept, D
// lists it, enter resumes it; a saved listing closes the editor, opens the listing
// and, being pending, joins the watch.
func TestEditorFromTheRoot(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "n")
	if m.active != viewEditor || !strings.Contains(tuitest.Screen(m), "New listing") {
		t.Fatalf("n: view %v\n%s", m.active, tuitest.Screen(m))
	}
	m, _ = f.press(m, "Z", "i", "m", "o", "v", "i", " ", "s", "h", "y", "n", "y")
	m, _ = f.press(m, "esc")
	if m.active != viewBrowser || !strings.Contains(tuitest.Screen(m), "draft kept") {
		t.Fatalf("esc: view %v\n%s", m.active, tuitest.Screen(m))
	}
	m, _ = f.press(m, "D")
	if m.active != viewDrafts || !strings.Contains(tuitest.Screen(m), "Zimovi shyny") {
		t.Fatalf("D: view %v\n%s", m.active, tuitest.Screen(m))
	}
	m, _ = f.press(m, "enter")
	if m.active != viewEditor || m.editor.M.Draft() == nil || m.editor.M.Draft().Title != "Zimovi shyny" {
		t.Fatalf("resume: view %v\n%s", m.active, tuitest.Screen(m))
	}

	m, _ = f.run(m, msgs.ListingSaved{ID: 10053, Title: "Ремонт квартир під ключ", Status: api.StatusPending})
	if m.active != viewDetail {
		t.Fatalf("after saving: view %v", m.active)
	}
	if e := m.store.Get(10053); e == nil {
		t.Error("the pending listing was not added to the watch")
	}
	if !strings.Contains(tuitest.Screen(m), "listing 10053 saved") {
		t.Errorf("no notice:\n%s", tuitest.Screen(m))
	}
}

// TestEditFromTheDetail: e on a listing opens its edit, prefilled.
func TestEditFromTheDetail(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "enter")
	if m.active != viewDetail {
		t.Fatalf("enter: view %v", m.active)
	}
	l, _, _ := m.detail.M.Current()
	m, _ = f.press(m, "e")
	d := m.editor.M.Draft()
	if m.active != viewEditor || d == nil || d.ListingID != l.ID || d.Title != l.Title {
		t.Fatalf("e: view %v, draft %+v", m.active, d)
	}
	if !strings.Contains(tuitest.Screen(m), "Edit listing") {
		t.Errorf("screen:\n%s", tuitest.Screen(m))
	}
}
