package rootkeys

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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

// The user's keys decide which key is an action's, in the modal parts too; an action
// without a key is a disabled binding.
func TestIsAndBindingFollowTheUsersKeys(t *testing.T) {
	q := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}
	x := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}
	if !Is(q, nil, Quit) || Is(x, nil, Quit) {
		t.Fatal("the default quit key")
	}
	mine := action.Keymap{Quit: {"x"}}
	if Is(q, mine, Quit) || !Is(x, mine, Quit) {
		t.Fatal("the user's quit key")
	}
	if b := Binding(mine, Quit, "leave"); b.Help().Key != "x" || b.Help().Desc != "leave" || !b.Enabled() {
		t.Fatalf("binding %q %q", b.Help().Key, b.Help().Desc)
	}
	if b := Binding(nil, "global.none", "x"); b.Enabled() {
		t.Fatal("an unknown action has a binding")
	}
}
