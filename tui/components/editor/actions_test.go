package editor

import (
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

func ids(list []action.Bound) []action.ID {
	var out []action.ID
	for _, b := range list {
		out = append(out, b.ID)
	}
	return out
}

// While an edit waits for its listing, esc (leave) is all the editor does: the
// steps and the jumps to them wait for the draft.
func TestLoadingOffersOnlyLeave(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m, _ = f.m.OpenEdit(10053, nil) // its answer not taken yet
	if got := ids(f.m.Actions()); len(got) != 1 || got[0] != "editor.leave" {
		t.Fatalf("in reach while loading: %v", got)
	}
	f.press("alt+3", "ctrl+s")
	if f.m.loading == 0 || len(f.out) != 0 {
		t.Fatalf("keys acted while loading: %v", f.out)
	}
	f.press("esc")
	if _, ok := lastOut[msgs.Back](f); !ok {
		t.Fatal("esc did not leave")
	}
}

// A select's open filter takes esc (and tab): the editor's esc is not in reach
// then, and the filter closes; the next esc leaves. Shift+tab on a step's first
// field goes back a step, enter on its last field on to the next.
func TestFormKeysAtTheEdges(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openNew()
	f.press("alt+3", "/")
	if !filtering(f.m) {
		t.Fatal("/ did not open the select's filter")
	}
	for _, id := range ids(f.m.Actions()) {
		if id == "editor.leave" || id == "editor.next" || id == "editor.prev" {
			t.Errorf("%s is in reach with the filter open", id)
		}
	}
	f.press("esc")
	if _, ok := lastOut[msgs.Back](f); ok || filtering(f.m) || f.m.step != stepDetails {
		t.Fatalf("esc in the filter: left %v, filtering %v, step %d", ok, filtering(f.m), f.m.step)
	}
	f.press("shift+tab")
	if f.m.step != stepCategory {
		t.Fatalf("shift+tab on the first field: step %d", f.m.step)
	}
	f.press("alt+5", "enter", "enter", "enter")
	if f.m.step != stepMedia {
		t.Fatalf("enter on the contacts' last field: step %d", f.m.step)
	}
	f.press("esc")
	if _, ok := lastOut[msgs.Back](f); !ok {
		t.Fatal("esc did not leave")
	}
}
