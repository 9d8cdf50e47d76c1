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
