package catpick

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

var errBoom = errors.New("boom")

func TestLoadError(t *testing.T) {
	f := newFake()
	f.setTreeErr(&api.Error{Status: 500, Code: api.CodeInternalError, Hint: "try later"})
	m := New(f, "en")
	m.SetSize(80, 24)
	m.Focus()
	m, out := loop.Drain(m, m.Init())
	if e := tuitest.Of[msgs.Error](out); len(e) != 1 || e[0].Op != "load categories" {
		t.Fatalf("errors %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "✖ the categories did not load: internal_error: try later (HTTP 500)", "r tries again")

	// Keys that need the tree do nothing; esc still leaves.
	m, out = loop.Press(m, "down", "enter", "/")
	if len(out) != 0 || m.searching {
		t.Fatalf("keys without a tree: %v", out)
	}
	_, out = loop.Press(m, "esc")
	if len(tuitest.Of[Cancelled](out)) == 0 {
		t.Fatalf("esc: %v", out)
	}

	f.setTreeErr(nil)
	m, _ = loop.Press(m, "r")
	tuitest.Contains(t, tuitest.Screen(m), "› ▸ Electronics en")

	// Coming back to the step retries a failed load by itself.
	f.setTreeErr(errBoom)
	m, _ = loop.Drain(m, m.SetLang("ru"))
	tuitest.Contains(t, tuitest.Screen(m), "✖ the categories did not load: boom")
	m.Blur()
	f.setTreeErr(nil)
	m, _ = loop.Drain(m, m.Focus())
	tuitest.Contains(t, tuitest.Screen(m), "› ▸ Electronics ru")
}

func TestEmptyTree(t *testing.T) {
	f := newFake()
	f.cats = func(string) []api.Category { return nil }
	m := loaded(t, f, "uk", 80, 24)
	tuitest.Contains(t, tuitest.Screen(m), `! the service sent no categories for language "uk"`, "r asks again")
	f.cats = smallTree
	m, _ = loop.Press(m, "r")
	tuitest.Contains(t, tuitest.Screen(m), "› ▸ Electronics uk")
}

// TestStaleSuggestion: only the latest request's answer counts.
func TestStaleSuggestion(t *testing.T) {
	m := loaded(t, newFake(), "en", 80, 24)
	m.SetContext("a phone for sale", "a phone in good shape, with a box")
	m, cmd1 := m.Update(tuitest.Key("ctrl+a"))
	tuitest.Contains(t, tuitest.Screen(m), "asking the AI for a category… esc cancels")
	if _, again := m.Update(tuitest.Key("ctrl+a")); again != nil {
		t.Fatal("a second press while asking sent another request")
	}
	first := loop.Collect(cmd1)

	// esc cancels the wait; the answer that comes later is dropped.
	m, _ = loop.Press(m, "esc")
	tuitest.Contains(t, tuitest.Screen(m), "AI suggestion cancelled")
	m, _ = m.Update(first[0])
	if m.sugID != 0 || atID(m) != 3 {
		t.Fatalf("a cancelled answer applied: %d, cursor %d", m.sugID, atID(m))
	}

	// A new text makes the answer on its way stale, even when it comes after the
	// answer for the new text.
	m, cmd2 := m.Update(tuitest.Key("ctrl+a"))
	older := loop.Collect(cmd2)
	m.SetContext("a sofa for sale", "a grey sofa in good shape, three seats")
	tuitest.Contains(t, tuitest.Screen(m), "the title or description changed")
	m, cmd3 := m.Update(tuitest.Key("ctrl+a"))
	newer := loop.Collect(cmd3)
	m, _ = m.Update(newer[0])
	m, _ = m.Update(older[0])
	if atID(m) != 401 || m.sugID != 401 {
		t.Fatalf("cursor %d, suggestion %d", atID(m), m.sugID)
	}
	tuitest.Contains(t, tuitest.Screen(m), "AI suggests: Home en > Sofas en — enter to choose", "› • Sofas en")
}

func TestSuggestFailures(t *testing.T) {
	f := newFake()
	m := loaded(t, f, "en", 120, 24)
	m.SetContext("a phone for sale", "a phone in good shape, with a box")

	f.sug = func(string) (*api.Suggestion, error) {
		return nil, &api.Error{Status: 422, Code: api.CodeNoCategoryMatch, Hint: "no category fits"}
	}
	m, out := loop.Press(m, "ctrl+a")
	if len(out) != 0 {
		t.Fatalf("no match sent %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "! no suggestion fits; pick the category yourself")

	f.sug = func(string) (*api.Suggestion, error) { return nil, errBoom }
	m, out = loop.Press(m, "ctrl+a")
	if e := tuitest.Of[msgs.Error](out); len(e) != 1 || e[0].Op != "suggest category" || e[0].Err != errBoom {
		t.Fatalf("errors %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "✖ AI suggestion failed: boom — pick the category yourself, or ctrl+a to try again")

	f.sug = func(string) (*api.Suggestion, error) { return &api.Suggestion{}, nil }
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "the AI answer named no category")

	f.sug = func(string) (*api.Suggestion, error) {
		return &api.Suggestion{CategoryID: 777, CategoryPath: "Gone > \x1b[31mOld"}, nil
	}
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), `AI suggests "Gone > Old" (#777), which is not in the category tree`)
	if strings.Contains(m.View(), "\x1b") {
		t.Fatal("an escape reached the screen")
	}

	f.sug = func(string) (*api.Suggestion, error) { return &api.Suggestion{CategoryID: 301}, nil }
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "AI suggests the group Electronics en > Phones en — enter opens it", "› ▸ Phones en")
}

// TestSuggestBeforeTree: an answer that comes before the tree is shown once it does.
func TestSuggestBeforeTree(t *testing.T) {
	m := New(newFake(), "en")
	m.SetSize(80, 24)
	m.Focus()
	load := m.Init()
	m.SetContext("a sofa for sale", "a grey sofa in good shape, three seats")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "loading categories…", "AI suggests: Home > Sofas — shown when the categories load")
	m, _ = loop.Drain(m, load)
	if atID(m) != 401 {
		t.Fatalf("cursor %d", atID(m))
	}
	tuitest.Contains(t, tuitest.Screen(m), "AI suggests: Home en > Sofas en — enter to choose")
}

// TestStaleTree: a tree answer superseded by another language's request is cached,
// not shown; a superseded failure is dropped.
func TestStaleTree(t *testing.T) {
	f := newFake()
	m := loaded(t, f, "uk", 80, 24)
	en := m.SetLang("en")
	ru := m.SetLang("ru")
	m, _ = loop.Drain(m, ru)
	m, out := loop.Drain(m, en)
	if len(out) != 0 {
		t.Fatalf("stale answer sent %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Electronics ru")
	if cmd := m.SetLang("en"); cmd != nil {
		t.Fatal("the superseded answer was not cached")
	}
	tuitest.Contains(t, tuitest.Screen(m), "Electronics en")

	f.setTreeErr(errBoom)
	de := m.SetLang("de")
	f2 := m.SetLang("fr")
	f.setTreeErr(nil)
	m, _ = loop.Drain(m, f2)
	f.setTreeErr(errBoom)
	m, out = loop.Drain(m, de)
	if len(out) != 0 {
		t.Fatalf("a stale failure sent %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Electronics fr")
}

func TestEscAndCancel(t *testing.T) {
	m := loaded(t, newFake(), "en", 80, 24)
	m, _ = loop.Press(m, "enter", "enter")
	if m.tr.nodes[m.parent].id != 301 {
		t.Fatalf("level %d", m.parent)
	}
	m, out := loop.Press(m, "esc")
	if len(tuitest.Of[Cancelled](out)) > 0 || atID(m) != 301 {
		t.Fatalf("esc in a level: %v, cursor %d", out, atID(m))
	}
	m, _ = loop.Press(m, "/", "esc")
	if m.searching {
		t.Fatal("esc left the search open")
	}
	m, out = loop.Press(m, "esc", "esc")
	if len(tuitest.Of[Cancelled](out)) == 0 {
		t.Fatalf("esc at the top: %v", out)
	}
}

func TestBlurred(t *testing.T) {
	m := loaded(t, newFake(), "en", 80, 24)
	m, _ = loop.Press(m, "/")
	m.Blur()
	if m.Capturing() {
		t.Fatal("capturing while blurred")
	}
	m, out := loop.Press(m, "x", "enter", "esc")
	if len(out) != 0 || m.input.Value() != "" || !m.searching {
		t.Fatalf("keys reached a blurred picker: %v %q", out, m.input.Value())
	}
	m.Focus()
	if !m.Capturing() {
		t.Fatal("focus did not give the search its input back")
	}
	m, _ = loop.Type(m, "sofa")
	_, out = loop.Press(m, "enter")
	if c := tuitest.Of[Chosen](out); len(c) != 1 || c[0] != (Chosen{ID: 401, Path: "Home en > Sofas en", Slug: "sofas"}) {
		t.Fatalf("chosen %+v", out)
	}
}

// TestKeys: tab, shift+tab and ctrl+s stay free for the editor; the footer shows
// what works in each mode.
func TestKeys(t *testing.T) {
	m := loaded(t, newFake(), "en", 80, 24)
	k := m.KeyMap()
	for _, col := range append(k.FullHelp(), k.ShortHelp()) {
		for _, b := range col {
			for _, bad := range []string{"tab", "shift+tab", "ctrl+s"} {
				if slices.Contains(b.Keys(), bad) {
					t.Errorf("%v binds %s", b.Help(), bad)
				}
			}
		}
	}
	help := func(bs []key.Binding) string {
		var s []string
		for _, b := range bs {
			s = append(s, b.Help().Key+" "+b.Help().Desc)
		}
		return strings.Join(s, ", ")
	}
	// On a group of the top level: no level to go up to, and esc leaves.
	if got := help(k.ShortHelp()); got != "enter/→ open group, / search all, ctrl+a AI suggest, esc leave (draft kept)" {
		t.Errorf("short help %q", got)
	}
	m, _ = loop.Press(m, "/")
	if got := help(m.KeyMap().ShortHelp()); got != "enter choose, esc close search, ↑ up, ↓ down, ctrl+a AI suggest" {
		t.Errorf("search help %q", got)
	}
	// home, not ctrl+a, goes to the line start in the input.
	m, _ = loop.Type(m, "ofa")
	m, _ = loop.Press(m, "home", "S")
	if m.input.Value() != "Sofa" {
		t.Errorf("input %q", m.input.Value())
	}
	// The wheel moves the cursor.
	m, _ = loop.Press(m, "esc")
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown})
	if atID(m) != 4 {
		t.Errorf("wheel: cursor on %d", atID(m))
	}
}

// TestClean: names from the network reach the screen and Chosen without escapes.
func TestClean(t *testing.T) {
	f := newFake()
	f.cats = func(string) []api.Category {
		return []api.Category{{ID: 1, Slug: "x\x1b]52;c;aGk=\x07", Name: "Evil\x1b[2J\u202eyes", Children: []api.Category{
			{ID: 2, Slug: "leaf", Name: "Le\naf\x1b[31m"}, {ID: 3, Name: "  "}}}}
	}
	m := loaded(t, f, "en", 80, 24)
	m, _ = loop.Press(m, "enter")
	if v := m.View(); strings.ContainsAny(v, "\x1b\x07\u202e") {
		t.Fatalf("escape on screen: %q", v)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Categories > Evilyes", "• Le af", "• #3")
	_, out := loop.Press(m, "enter")
	if c := tuitest.Of[Chosen](out); len(c) != 1 || c[0].Path != "Evilyes > Le af" {
		t.Fatalf("chosen %+v", out)
	}
}
