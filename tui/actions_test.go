package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// walkStates are states of every view with a table, each reached from the started
// app on the sandbox by keys.
var walkStates = []struct {
	name string
	keys []string
}{
	{"browser", []string{"down", "down"}},
	{"browser with marks", []string{"down", "space"}},
	{"browser's filter", []string{"/"}},
	{"browser filtered", []string{"/", "a", "enter"}},
	{"detail", []string{"down", "enter"}},
	{"watch panel, empty", []string{"W"}},
	{"watch panel, a listing", []string{"down", "w", "W"}},
	{"watch panel, adding an id", []string{"W", "a"}},
	{"jobs panel", []string{"J"}},
	{"drafts list, empty", []string{"D"}},
	// A title typed as one paste: each key the editor's form takes costs half a
	// second of the settling loop.
	{"drafts list, a draft", []string{"n", "Lamp", "esc", "D"}},
	{"drafts list, deleting", []string{"n", "Lamp", "esc", "D", "d"}},
	{"editor's media step", []string{"n", "alt+6"}},
}

// Every key the help shows does what it says: in every state of every view with a
// table, no two actions in reach share a key, each key shown is dispatched to its
// own action (the view's, or the root's where no view takes it), and pressing it
// does something: the screen changes or a command follows.
func TestEveryKeyShownDoesWhatItSays(t *testing.T) {
	for _, st := range walkStates {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel() // the editor's keys wait on timers, not the CPU
			f := newFixture(t, sandbox.KeyPersonal, nil)
			build := func() Model {
				f.clock.Advance(time.Minute) // a new minute's budget for each start's requests
				m := f.started(100, 30)
				m, _ = f.press(m, st.keys...)
				return m
			}
			m := build()
			reach, conflicts := m.reach()
			for _, c := range conflicts {
				t.Errorf("%s", c)
			}
			for _, b := range reach {
				if b.Hidden || b.FooterOnly || len(b.Keys) == 0 || b.ID == "" {
					continue
				}
				for _, k := range b.Keys {
					if got, _ := action.Find(reach, tuitest.Key(keyName(k))); got.ID != b.ID {
						t.Errorf("%q is shown for %s but runs %s", k, b.ID, got.ID)
					}
				}
				if b.Moves {
					continue // at an edge a move has nowhere to go
				}
				// Every key of b is b (above): its first one stands for all.
				m := build()
				before := tuitest.Screen(m)
				after, cmd := m.update(tuitest.Key(keyName(b.Keys[0])))
				if cmd == nil && tuitest.Screen(after) == before {
					t.Errorf("%q (%s, %q) did nothing", b.Keys[0], b.ID, b.Desc)
				}
			}
		})
	}
}

// keyName is a key as tuitest.Key takes it.
func keyName(k string) string {
	if k == " " {
		return "space"
	}
	return k
}

// The help of the watch panel lists c for clearing the decided listings and D once,
// for the drafts, which D opens there.
func TestWatchPanelHelpHasOneD(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "down", "w", "W", "?")
	s := tuitest.Screen(m)
	if n := strings.Count(s, " D "); n != 1 {
		t.Errorf("D is in the help %d times:\n%s", n, s)
	}
	tuitest.Contains(t, s, "c     clear decided")
	m, _ = f.press(m, "esc", "D")
	if m.active != viewDrafts {
		t.Errorf("D in the watch panel opened %v", m.active)
	}
}
