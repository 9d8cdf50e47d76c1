package catpick

import (
	"testing"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// In every state of the picker, each key of its actions is that action's, esc has
// the one meaning its help says, and each action does something (the screen
// changes or a message follows), but a move at an edge.
func TestEveryKeyShownDoesWhatItSays(t *testing.T) {
	states := []struct {
		name string
		make func(t *testing.T) Model
		esc  string // what esc is now
	}{
		{"the top", func(t *testing.T) Model { return loaded(t, newFake(), "en", 80, 24) }, "catpick.leave"},
		{"a group open", func(t *testing.T) Model {
			m, _ := loop.Press(loaded(t, newFake(), "en", 80, 24), "enter")
			return m
		}, "catpick.back"},
		{"a category under the cursor", func(t *testing.T) Model {
			m, _ := loop.Press(loaded(t, newFake(), "en", 80, 24), "down", "enter")
			return m
		}, "catpick.back"},
		{"the AI asked", func(t *testing.T) Model {
			m := loaded(t, newFake(), "en", 80, 24)
			m.suggesting = true // its answer not come yet
			return m
		}, "catpick.stop_suggest"},
		{"the tree failed", func(t *testing.T) Model {
			f := newFake()
			f.setTreeErr(errBoom)
			m := New(f, "en")
			m.Focus()
			m, _ = loop.Drain(m, m.Init())
			return m
		}, "catpick.leave"},
		{"searching", func(t *testing.T) Model {
			m, _ := loop.Press(loaded(t, newFake(), "en", 80, 24), "/")
			m, _ = loop.Type(m, "sofa")
			return m
		}, "catpick.search.close"},
	}
	for _, st := range states {
		t.Run(st.name, func(t *testing.T) {
			reach := st.make(t).Actions()
			for _, c := range action.Shared(reach) {
				t.Errorf("%s", c)
			}
			if b, _ := action.Find(reach, tuitest.Key("esc")); b.ID != action.ID(st.esc) {
				t.Errorf("esc is %s, not %s", b.ID, st.esc)
			}
			for _, b := range reach {
				for _, k := range b.Keys {
					if got, _ := action.Find(reach, tuitest.Key(k)); got.ID != b.ID {
						t.Errorf("%q is shown for %s but runs %s", k, b.ID, got.ID)
					}
				}
				if b.Moves || len(b.Keys) == 0 {
					continue
				}
				m := st.make(t)
				before := tuitest.Screen(m)
				after, out := loop.Press(m, b.Keys[0])
				if len(out) == 0 && tuitest.Screen(after) == before && after.suggesting == m.suggesting {
					t.Errorf("%q (%s) did nothing", b.Keys[0], b.ID)
				}
			}
		})
	}
}
