package tui

import (
	"bytes"
	"encoding/json"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// walkStates are states of every view with a table, each reached from the started
// app on the sandbox by keys.
var walkStates = []struct {
	name string
	keys []string
	// setup readies the app's options: a sheet to import, no key.
	setup func(t *testing.T, f *fixture, o *Options)
}{
	{"browser", []string{"down", "down"}, nil},
	{"browser with marks", []string{"down", "space"}, nil},
	{"browser's filter", []string{"/"}, nil},
	{"browser filtered", []string{"/", "a", "enter"}, nil},
	{"browser's column menu", []string{"C"}, nil},
	{"browser's column menu, on a hidden column", []string{"C", "down", "space"}, nil},
	{"detail", []string{"down", "enter"}, nil},
	{"watch panel, empty", []string{"W"}, nil},
	{"watch panel, a listing", []string{"down", "w", "W"}, nil},
	{"watch panel, adding an id", []string{"W", "a"}, nil},
	{"jobs panel", []string{"J"}, nil},
	{"jobs history", []string{"J", "h"}, nil},
	{"jobs history, a job opened", []string{"down", "space", "x", "y", "h", "enter"}, nil},
	{"jobs, an undo's plan", []string{"down", "space", "x", "y", "h", "u"}, nil},
	{"drafts list, empty", []string{"D"}, nil},
	// A title typed as one paste: each key the editor's form takes costs half a
	// second of the settling loop.
	{"drafts list, a draft", []string{"n", "Lamp", "esc", "D"}, nil},
	{"drafts list, deleting", []string{"n", "Lamp", "esc", "D", "d"}, nil},
	{"editor's basics step", []string{"n"}, nil},
	{"editor's basics step, the description", []string{"n", "tab"}, nil},
	{"editor's basics step, no editor found", []string{"n"}, noEditor},
	{"editor's category step", []string{"n", "alt+2"}, nil},
	{"editor's category step, a group open", []string{"n", "alt+2", "enter"}, nil},
	{"editor's category search", []string{"n", "alt+2", "/"}, nil},
	{"editor's category search, a category found", []string{"n", "alt+2", "/", "легков"}, nil},
	{"editor's details step", []string{"n", "alt+3"}, nil},
	{"editor's details step, a select's filter open", []string{"n", "alt+3", "/"}, nil},
	{"editor's details step of a category", []string{"n", "alt+2", "/", "легков", "enter"}, nil},
	{"editor's city step", []string{"n", "alt+4"}, nil},
	{"editor's city step, a city typed", []string{"n", "alt+4", "Київ"}, nil},
	{"editor's contacts step", []string{"n", "alt+5"}, nil},
	{"editor's media step", []string{"n", "alt+6"}, nil},
	{"editor's media step, two photos", []string{"n", "alt+6", "p", "*.jpg", "enter"}, withPhotos},
	{"editor's media step, the file picker", []string{"n", "alt+6", "a"}, withPhotos},
	{"editor's media step, the path input", []string{"n", "alt+6", "p"}, nil},
	{"editor's media step, a path typed", []string{"n", "alt+6", "p", "x.jpg"}, nil},
	{"editor's review of a new draft", []string{"n", "Lamp", "ctrl+s"}, nil},
	{"editor's review of an unchanged edit", []string{"down", "e", "ctrl+s"}, nil},
	{"editor's review of a changed edit", []string{"down", "e", " (new)", "ctrl+s"}, nil},
	{"bulk price form", []string{"$"}, nil},
	{"bulk price form, a price typed", []string{"$", "10"}, nil},
	{"bulk fields form", []string{"E"}, nil},
	{"bulk fields form, the name", []string{"E", "down", "down"}, nil},
	{"bulk fields form, the city searched", []string{"E", "down", "Київ"}, nil},
	{"bulk fields form, asking to discard", []string{"E", "right", "esc"}, nil},
	{"bulk fields' plan", []string{"E", "right", "enter"}, nil},
	{"bulk plan of marks", []string{"down", "space", "x"}, nil},
	{"import's path", []string{"I"}, nil},
	{"login screen", nil, loggedOut},
	{"login screen, the URL", []string{"shift+tab"}, loggedOut},
	{"login screen, the buttons", []string{"shift+tab", "shift+tab"}, loggedOut},
	{"login screen, the sandbox button", []string{"shift+tab", "shift+tab", "right"}, loggedOut},
	{"import's path, a path typed", []string{"I", "stock.csv"}, withSheet},
	{"import's plan", []string{"I", "stock.csv", "enter"}, withSheet},
	{"browser with saved views", nil, withSavedViews},
	{"browser on a saved view", []string{"v"}, withSavedViews},
	{"browser's filter, views saved", []string{"/", "a"}, withSavedViews},
	{"browser naming a view", []string{"ctrl+s"}, withSavedViews},
	{"browser naming a view, a name typed", []string{"/", "a", "ctrl+s", "Lamps"}, withSavedViews},
	{"browser asking to delete a view", []string{"v", ":", "delete this view", "enter"}, withSavedViews},
}

// withSavedViews starts the app with two saved views in a config kept in memory.
func withSavedViews(_ *testing.T, _ *fixture, o *Options) {
	e := browser.ViewEdit{Views: []json.RawMessage{json.RawMessage(`{"name": "cheap", "price_max": 1000}`),
		json.RawMessage(`{"name": "blocked", "status": "blocked"}`)}, Columns: map[string][]string{}}
	o.Views = browser.ViewConfig{Views: e.Views, File: "config.json",
		Edit: func(edit func(*browser.ViewEdit) error) error { return edit(&e) }}
}

// withSheet starts the app in a folder holding a sheet of three rows, one refused.
func withSheet(t *testing.T, _ *fixture, o *Options) {
	o.StartDir = t.TempDir()
	shopSheet(t, o.StartDir)
}

// withPhotos starts the app in a folder holding two photos and a folder, where the
// editor's photo picker opens.
func withPhotos(t *testing.T, _ *fixture, o *Options) {
	o.StartDir = t.TempDir()
	if err := os.Mkdir(filepath.Join(o.StartDir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.jpg", "b.jpg"} {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 64, 48)), nil); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(o.StartDir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// noEditor starts the app where no editor for the description is found.
func noEditor(_ *testing.T, _ *fixture, o *Options) { o.FindEditor = func() []string { return nil } }

// Every key the help shows does what it says: in every state of every view with a
// table, no two actions in reach share a key, each key shown is dispatched to its
// own action (the view's, or the root's where no view takes it), and pressing it
// does something: the screen changes or a command follows.
func TestEveryKeyShownDoesWhatItSays(t *testing.T) {
	testrace.Heavy(t) // every key of every view
	for _, st := range walkStates {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel() // the editor's keys wait on timers, not the CPU
			// Each key is pressed in a state of its own, on a sandbox of its own.
			build := func() Model {
				f := newFixture(t, sandbox.KeyPersonal, nil)
				opts := f.options()
				if st.setup != nil {
					st.setup(t, f, &opts)
				}
				m := f.model(opts, 100, 30)
				m, _ = f.settle(m, m.Init())
				m, _ = f.press(m, st.keys...)
				return m
			}
			m := build()
			reach, conflicts := m.reach()
			for _, c := range conflicts {
				t.Errorf("%s", c)
			}
			var wg sync.WaitGroup
			slots := make(chan struct{}, 8) // the timers of several states at once
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
				wg.Go(func() {
					slots <- struct{}{}
					defer func() { <-slots }()
					m := build()
					before := tuitest.Screen(m)
					after, cmd := m.update(tuitest.Key(keyName(b.Keys[0])))
					if cmd == nil && tuitest.Screen(after) == before {
						t.Errorf("%q (%s, %q) did nothing", b.Keys[0], b.ID, b.Desc)
					}
				})
			}
			wg.Wait()
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

// The palette finds "deactivate" by typing deac, and enter runs it: the root asks
// to confirm the status change of the row under the cursor. It fits 80×24 and
// 60×15, and esc closes it.
func TestPaletteRunsDeactivate(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 15}} {
		f := newFixture(t, sandbox.KeyPersonal, nil)
		m := f.started(size[0], size[1])
		m, _ = f.press(m, ":")
		if m.palette == nil {
			t.Fatal(": did not open the palette")
		}
		m, _ = f.press(m, "d", "e", "a", "c")
		s := tuitest.Screen(m)
		tuitest.CheckExactSize(t, m.View(), size[0], size[1])
		tuitest.Contains(t, s, "› deactivate", "x")
		m, _ = f.press(m, "enter")
		if m.palette != nil || m.dialog == nil {
			t.Fatalf("%v: enter did not run deactivate (palette %v, dialog %v)", size, m.palette != nil, m.dialog != nil)
		}
		tuitest.Contains(t, flat(m), "Deactivate")
		m, _ = f.press(m, "n", "ctrl+p")
		if m.palette == nil {
			t.Fatal("ctrl+p did not open the palette")
		}
		// Every action in reach is there, more than the screen holds; one with no
		// key lives in the palette alone.
		tuitest.Contains(t, tuitest.Screen(m), "more: type to narrow")
		m, _ = f.press(m, "a", "b", "o", "u", "t", "enter")
		tuitest.Contains(t, flat(m), "listings test")
		m, _ = f.press(m, ":", "esc")
		if m.palette != nil {
			t.Fatal("esc did not close the palette")
		}
	}
}

// The user's keys replace the defaults in the dispatch, the help and the palette;
// what cannot apply is named at start, with the file, the ids and the key, and the
// actions concerned keep their defaults.
func TestUserKeymap(t *testing.T) {
	f, m := startedWith(t, action.Keymap{"browser.deactivate": {"X"}, "global.quit": {"ctrl+q"}})
	m, _ = f.press(m, "?")
	tuitest.Contains(t, tuitest.Screen(m), "X deactivate", "ctrl+q   quit")
	m, _ = f.press(m, "esc", "x")
	if m.dialog != nil {
		t.Fatal("x still deactivates")
	}
	m, _ = f.press(m, "X")
	if m.dialog == nil {
		t.Fatal("X did not deactivate")
	}
	m, _ = f.press(m, "n")
	if _, quit := f.press(m, "q"); quit {
		t.Fatal("q still quits")
	}
	if _, quit := f.press(m, "ctrl+q"); !quit {
		t.Fatal("ctrl+q did not quit")
	}

	opts := f.options()
	opts.KeysFile = "/home/u/.config/listings/config.json"
	opts.Keys = action.Keymap{"browser.nope": {"z"}, "browser.deactivate": {"q"}}
	m = f.model(opts, 100, 30)
	m, _ = f.settle(m, m.Init())
	s := flat(m)
	tuitest.Contains(t, s, "/home/u/.config/listings/config.json", "browser.nope is no action",
		`"q" is both browser.deactivate and global.quit`)
	m, _ = f.press(m, "esc", "x")
	if m.dialog == nil {
		t.Fatal("deactivate lost its default key")
	}
}

// startedWith is the app started with the user's keys km, which apply whole.
func startedWith(t *testing.T, km action.Keymap) (*fixture, Model) {
	t.Helper()
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.Keys = km
	m := f.model(opts, 100, 30)
	m, _ = f.settle(m, m.Init())
	if m.under.Banner != nil {
		t.Fatalf("a good keymap was refused: %s", flat(m))
	}
	return f, m
}
