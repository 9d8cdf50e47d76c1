package tui

import (
	"errors"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/bulkform"
	"github.com/listings-tui/listings/tui/citypick"
	"github.com/listings-tui/listings/tui/detail"
	"github.com/listings-tui/listings/tui/drafts"
	"github.com/listings-tui/listings/tui/editor"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/jobs"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/palette"
	"github.com/listings-tui/listings/tui/watch"
)

// rootState is what the global actions depend on.
type rootState struct {
	loggedIn  bool // logged in, and not on the login screen
	readOnly  bool
	active    viewID
	selection bool // the view on screen has a listing under its cursor
	typing    bool // a text input of the view on screen takes the letters
}

func (m Model) rootState() rootState {
	s := rootState{loggedIn: m.client != nil && m.active != viewLogin, readOnly: m.readOnly, active: m.active}
	if p := m.views.Get(m.active); p != nil {
		_, s.selection = p.Selected()
		s.typing = action.Typing(p.Actions())
	}
	return s
}

func loggedIn(s rootState) bool { return s.loggedIn }

// The ids of the global actions, which the root's dispatch switches on.
const (
	gHelp      action.ID = "global.help"
	gQuit      action.ID = "global.quit"
	gForceQuit action.ID = "global.force_quit"
	gPalette   action.ID = "global.palette"
	gNew       action.ID = "global.new"
	gEdit      action.ID = "global.edit"
	gDrafts    action.ID = "global.drafts"
	gWatch     action.ID = "global.watch"
	gJobs      action.ID = "global.jobs"
	gLang      action.ID = "global.language"
	gAbout     action.ID = "global.about"
)

// globalActions is the root's table: the keys it owns on every screen (docs/tui.md,
// "Keys"). A view's table takes one of these keys only by naming it in Shadows.
var globalActions = action.Table[rootState]{
	ReadOnly: func(s rootState) bool { return s.readOnly },
	Actions: []action.Action[rootState]{
		{ID: gNew, Desc: "new listing", Keys: []string{"n"}, Writes: true,
			When: func(s rootState) bool { return s.loggedIn && s.active != viewEditor }},
		{ID: gEdit, Desc: "edit the listing", Keys: []string{"e"}, Writes: true,
			When: func(s rootState) bool { return s.loggedIn && s.selection }},
		{ID: gDrafts, Desc: "drafts", Keys: []string{"D"},
			When: func(s rootState) bool { return s.loggedIn && s.active != viewDrafts && s.active != viewEditor }},
		{ID: gWatch, Desc: "watch panel", Keys: []string{"W"}, When: loggedIn},
		{ID: gJobs, Desc: "jobs panel", Keys: []string{"J"}, When: loggedIn},
		{ID: gLang, Desc: "language", Keys: []string{"L"}, When: loggedIn},
		{ID: gPalette, Desc: "commands", Keys: []string{":", "ctrl+p"}, Label: ":/ctrl+p", When: loggedIn},
		{ID: gAbout, Desc: "version, config file and keys", When: loggedIn},
		{ID: gHelp, Desc: "help", Keys: []string{"?"}, Short: 1, Offer: loggedIn},
		{ID: gQuit, Desc: "quit", Keys: []string{"q"}, Short: 2, Offer: loggedIn},
		{ID: gForceQuit, Desc: "quit", Keys: []string{"ctrl+c"}, Short: 3,
			Offer: func(s rootState) bool { return !s.loggedIn || s.typing }},
	},
}

// GlobalActions is the root's table, for the reference of every action id.
func GlobalActions() action.Catalog { return globalActions }

// reach is what is in reach on screen (the view's actions, then the root's the view
// does not take), and the keys two of them share.
func (m Model) reach() ([]action.Bound, []action.Conflict) {
	var view []action.Bound
	if p := m.views.Get(m.active); p != nil {
		view = p.Actions()
	}
	return action.Merge(view, globalActions.Reach(m.rootState(), m.keymap))
}

// global is the root's action key k runs on screen, if any. The root's keys come
// before the view's where both have one, as they always have: a view's table gives
// one up only by declaring it (Merge).
func (m Model) global(k tea.KeyMsg) (action.Bound, bool) {
	_, g := m.split()
	return action.Find(g, k)
}

// isKey reports whether k is one of the keys of the global action id, in any state.
func (m Model) isKey(k tea.KeyMsg, id action.ID) bool {
	for _, b := range globalActions.Reach(rootState{loggedIn: true, selection: true}, m.keymap) {
		if b.ID == id {
			_, ok := action.Find([]action.Bound{b}, k)
			return ok
		}
	}
	return false
}

// runGlobal does a global action, by key or from the palette.
func (m Model) runGlobal(b action.Bound) (Model, tea.Cmd) {
	if b.Hidden { // a write under a read-only key: say why nothing happens
		m.setNotice(readOnlyNote(), true)
		return m, nil
	}
	switch b.ID {
	case gQuit, gForceQuit:
		return m.quit()
	case gHelp:
		m.showHelp, m.helpOff = true, 0
	case gPalette:
		return m.openPalette()
	case gLang:
		return m.cycleLang()
	case gNew:
		return m.openEditor(msgs.NewDraft{})
	case gEdit:
		return m.editListing()
	case gDrafts:
		return m.openDrafts()
	case gJobs:
		m.toggle(viewJobs)
	case gWatch:
		m.toggle(viewWatch)
	case gAbout:
		m.setNotice(m.about(), false)
	}
	return m, nil
}

// about is the notice of global.about: what runs, and where its keys come from.
func (m Model) about() string {
	s := "listings " + m.opts.Version
	if m.opts.KeysFile != "" {
		s += " · " + i18n.T("root.about.config", "File", m.opts.KeysFile)
	}
	if n := len(m.keymap); n > 0 {
		s += " · " + i18n.N("root.about.keys", n)
	}
	return s
}

// keyProblems is the banner of what is wrong with the user's keys, said at start:
// the app runs on, with the default keys of the actions concerned.
func keyProblems(file string, problems []action.Problem) *notice.Banner {
	if len(problems) == 0 {
		return nil
	}
	where := i18n.T("root.keys.config")
	if file != "" {
		where = file
	}
	var said []string
	for _, p := range problems {
		said = append(said, p.Text)
	}
	text := strings.Join(said, "; ")
	return notice.NewBanner(i18n.T("root.keys.op", "Where", where), errors.New(text),
		notice.Why{Hint: text, Todo: i18n.T("root.keys.todo")},
		time.Time{}, time.Time{})
}

// openPalette shows every action in reach on screen.
func (m Model) openPalette() (Model, tea.Cmd) {
	reach, _ := m.reach()
	p := palette.New(reach)
	m.palette = &p
	return m, nil
}

// paletteKey gives a key to the open palette, and runs what it chose: a global
// action as its key would, a view's through the view's Run, answered like its keys.
func (m Model) paletteKey(k tea.KeyMsg) (Model, tea.Cmd) {
	p, res := m.palette.Update(k)
	m.palette = &p
	if res.Done {
		m.palette = nil
	}
	b := res.Chosen
	switch {
	case b == nil:
		return m, nil
	case b.Global:
		return m.runGlobal(*b)
	}
	pane := m.views.Get(m.active)
	if pane == nil {
		return m, nil
	}
	return m, address(m.active, m.views.Gen(m.active), pane.Run(b.ID))
}

// setKeymap gives the user's keys to every view.
func (m *Model) setKeymap() {
	m.views.Each(func(_ viewID, p registry.Pane) { p.SetKeymap(m.keymap) })
}

// viewTables is every view's table, by the view's name, for the check of the user's
// keys and the reference of every action id. A view that holds others gives theirs
// with its own, each in its mode (the editor's steps), as they are in reach together.
func viewTables() map[string]action.Catalog {
	return map[string]action.Catalog{
		"browser": browser.Table(), "detail": detail.Table(), "watch": watch.Table(),
		"jobs": jobs.Table(), "drafts": drafts.Table(), "editor": editor.Table(),
		"importer": importer.Table(), "citypick": citypick.Table(),
		"bulkform": bulkform.Table(), "login": login.Table(),
	}
}
