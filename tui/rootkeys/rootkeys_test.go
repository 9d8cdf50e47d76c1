package rootkeys

import (
	"testing"

	"github.com/listings-tui/listings/tui/action"
)

func ids(s State) map[action.ID]bool {
	got := map[action.ID]bool{}
	for _, b := range Table.Reach(s, nil) {
		if !b.Hidden {
			got[b.ID] = true
		}
	}
	return got
}

// What the state says is what is in reach: nothing but help and quit before a login,
// no new listing from the editor, no drafts list from itself, no write for a
// read-only key.
func TestTheStateDecidesWhatIsInReach(t *testing.T) {
	if got := ids(State{}); got[New] || got[Lang] || !got[Help] || !got[Quit] {
		t.Errorf("not logged in: %v", got)
	}
	if got := ids(State{LoggedIn: true, OnEditor: true}); got[New] || got[Drafts] {
		t.Errorf("on the editor: %v", got)
	}
	if got := ids(State{LoggedIn: true, OnDrafts: true}); got[Drafts] || !got[New] {
		t.Errorf("on the drafts list: %v", got)
	}
	if got := ids(State{LoggedIn: true, Selection: true}); !got[Edit] {
		t.Errorf("a listing under the cursor: %v", got)
	}
	if got := ids(State{LoggedIn: true, Selection: true, ReadOnly: true}); got[New] || got[Edit] {
		t.Errorf("a read-only key is offered a write: %v", got)
	}
}

// What runs, the config file, and how many actions the user's keys move.
func TestAboutTextSaysWhatRuns(t *testing.T) {
	for _, c := range []struct {
		file string
		own  int
		want string
	}{
		{"", 0, "listings 1.2"},
		{"/c.yaml", 1, "listings 1.2 · config /c.yaml · 1 action on keys of your own"},
		{"/c.yaml", 3, "listings 1.2 · config /c.yaml · 3 actions on keys of your own"},
	} {
		if got := AboutText("1.2", c.file, c.own); got != c.want {
			t.Errorf("AboutText(%q, %d) = %q, want %q", c.file, c.own, got, c.want)
		}
	}
}
