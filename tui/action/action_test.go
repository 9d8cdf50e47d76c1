package action

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
)

type state struct{ unchanged bool }

var steps = Fold{Label: "alt+1…3", Desc: "go to step"}

var tbl = Table[state]{Actions: []Action[state]{
	{ID: "v.send", Desc: "send", Keys: []string{"enter"}, Short: 1, Quiet: func(s state) bool { return s.unchanged }},
	{ID: "v.step.one", Desc: "go to One", Keys: []string{"alt+1"}, Group: 1, Fold: steps},
	{ID: "v.step.two", Desc: "go to Two", Keys: []string{"alt+2"}, Group: 1, Fold: steps},
	{ID: "v.step.three", Desc: "go to Three", Keys: []string{"alt+3"}, Group: 1, Fold: steps},
}}

func lines(h Help) string {
	var out []string
	for _, col := range h.FullHelp() {
		for _, b := range col {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(out, ", ")
}

// A fold is one line of the help, each of its actions its own in reach (the
// palette's list); an action the user gave keys of their own has a line of its own.
func TestFold(t *testing.T) {
	if got := lines(tbl.Help(state{}, nil)); got != "enter send, alt+1…3 go to step" {
		t.Errorf("help %q", got)
	}
	for _, b := range tbl.Reach(state{}, nil)[1:] {
		if b.Label != b.Keys[0] {
			t.Errorf("%s is labelled %q", b.ID, b.Label)
		}
	}
	got := lines(tbl.Help(state{}, Keymap{"v.step.two": {"ctrl+t"}}))
	if got != "enter send, alt+1…3 go to step, ctrl+t go to Two" {
		t.Errorf("help with a key of the user's %q", got)
	}
	if h := tbl.Help(state{}, nil); len(h.FullHelp()[1][0].Keys()) != 3 {
		t.Errorf("the fold's line has keys %v", h.FullHelp()[1][0].Keys())
	}
}

// A quiet action is shown nowhere, and its key still answers.
func TestQuiet(t *testing.T) {
	s := state{unchanged: true}
	if got := lines(tbl.Help(s, nil)); strings.Contains(got, "send") {
		t.Errorf("help %q", got)
	}
	if short := tbl.Help(s, nil).ShortHelp(); len(short) != 0 {
		t.Errorf("footer %v", short)
	}
	if id, ok := tbl.Match(s, nil, tea.KeyMsg{Type: tea.KeyEnter}); !ok || id != "v.send" {
		t.Errorf("enter runs %q", id)
	}
}

// The steps a view holds are checked with it: a user's key that one of the view's
// own actions (of every mode) would share with a step's is named; the steps' own
// modes are apart, so keys shared across them are not.
func TestCheckWithin(t *testing.T) {
	own := Table[state]{Actions: []Action[state]{
		{ID: "ed.next", Mode: Any, Keys: []string{"tab"}},
		{ID: "ed.send", Mode: "review", Keys: []string{"enter"}},
	}}
	step := Table[state]{Actions: []Action[state]{
		{ID: "media.pick", Keys: []string{"a"}},
		{ID: "media.picker.done", Mode: "picking", Keys: []string{"esc"}},
	}}
	views := map[string]Catalog{"editor": Join(own, Within("media", step))}
	global := Table[state]{Actions: []Action[state]{{ID: "global.quit", Keys: []string{"q"}}}}
	problems := func(km Keymap) string {
		var out []string
		for _, p := range Check(km, global, func() map[string]Catalog { return views }) {
			out = append(out, p.Text)
		}
		return strings.Join(out, "; ")
	}
	if got := problems(Keymap{"ed.next": {"a"}}); got != `"a" is both ed.next and media.pick` {
		t.Errorf("a step's key: %q", got)
	}
	if got := problems(Keymap{"ed.send": {"a"}, "media.picker.done": {"a"}}); got != "" {
		t.Errorf("keys of modes apart: %q", got)
	}
	if got := problems(Keymap{"media.pick": {"esc"}}); got != "" {
		t.Errorf("a step's modes: %q", got)
	}
	if es := Within("media", step).Entries(); es[0].Mode != "media" || es[1].Mode != "media:picking" {
		t.Errorf("modes %q %q", es[0].Mode, es[1].Mode)
	}
}

// The help shows an action and a fold by their catalog entries (action.<id>) in the
// interface's language, the fold still on one line; an id without an entry keeps
// its Desc.
func TestWordsInTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Ukrainian)
	tb := Table[state]{Actions: []Action[state]{
		{ID: "global.quit", Desc: "quit", Keys: []string{"q"}, Short: 1},
		{ID: "v.one", Desc: "go to One", Keys: []string{"alt+1"}, Group: 1, Fold: Fold{ID: "editor.steps", Label: "alt+1…2", Desc: "go to step"}},
		{ID: "v.two", Desc: "go to Two", Keys: []string{"alt+2"}, Group: 1, Fold: Fold{ID: "editor.steps", Label: "alt+1…2", Desc: "go to step"}},
	}}
	if got := lines(tb.Help(state{}, nil)); got != "q вийти, alt+1…2 до кроку" {
		t.Errorf("help %q", got)
	}
	if got := tb.Reach(state{}, nil)[1].Desc; got != "go to One" {
		t.Errorf("an action without an entry shows %q", got)
	}
}

// Without a key of the user's nothing can be wrong, and the views' tables (ten of
// them, a fifth of the app's New) are not built.
func TestCheckWithoutKeysBuildsNoTable(t *testing.T) {
	global := Table[state]{Actions: []Action[state]{{ID: "global.quit", Keys: []string{"q"}}}}
	built := false
	views := func() map[string]Catalog { built = true; return nil }
	if p := Check(Keymap{}, global, views); p != nil || built {
		t.Errorf("problems %v, tables built: %v", p, built)
	}
	if p := Check(Keymap{"global.quit": {"x"}}, global, views); p != nil || !built {
		t.Errorf("with a key: problems %v, tables built: %v", p, built)
	}
}
