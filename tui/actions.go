package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/bulkform"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/editor"
	"github.com/listings-tui/listings/tui/detail"
	"github.com/listings-tui/listings/tui/drafts"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/jobs"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/palette"
	"github.com/listings-tui/listings/tui/rootkeys"
	"github.com/listings-tui/listings/tui/watch"
)

// rootState is what the global actions depend on (tui/rootkeys holds their table).
func (m Model) rootState() rootkeys.State {
	s := rootkeys.State{LoggedIn: m.client != nil && m.active != viewLogin, ReadOnly: m.readOnly,
		OnEditor: m.active == viewEditor, OnDrafts: m.active == viewDrafts}
	if p := m.views.Get(m.active); p != nil {
		_, s.Selection = p.Selected()
		s.Typing = action.Typing(p.Actions())
	}
	return s
}

// GlobalActions is the root's table, for the reference of every action id.
func GlobalActions() action.Catalog { return rootkeys.Table }

// reach is what is in reach on screen (the view's actions, then the root's the view
// does not take), and the keys two of them share.
func (m Model) reach() ([]action.Bound, []action.Conflict) {
	var view []action.Bound
	if p := m.views.Get(m.active); p != nil {
		view = p.Actions()
	}
	return action.Merge(view, rootkeys.Table.Reach(m.rootState(), m.keymap))
}

// global is the root's action key k runs on screen, if any. The root's keys come
// before the view's where both have one, as they always have: a view's table gives
// one up only by declaring it (Merge).
func (m Model) global(k tea.KeyMsg) (action.Bound, bool) {
	_, g := m.split()
	return action.Find(g, k)
}

// isKey reports whether k is one of the keys of the global action id, in any state.
func (m Model) isKey(k tea.KeyMsg, id action.ID) bool { return rootkeys.Is(k, m.keymap, id) }

// runGlobal does a global action, by key or from the palette.
func (m Model) runGlobal(b action.Bound) (Model, tea.Cmd) {
	if b.Hidden { // a write under a read-only key: say why nothing happens
		m.setNotice(keycheck.ReadOnly(), true)
		return m, nil
	}
	switch b.ID {
	case rootkeys.Quit, rootkeys.ForceQuit:
		return m.quit()
	case rootkeys.Help:
		m.showHelp, m.helpOff = true, 0
	case rootkeys.Palette:
		return m.openPalette()
	case rootkeys.Lang:
		return m.cycleLang()
	case rootkeys.New:
		return m.openEditor(msgs.NewDraft{})
	case rootkeys.Edit:
		return m.editListing()
	case rootkeys.Drafts:
		return m.openDrafts()
	case rootkeys.Jobs:
		m.toggle(viewJobs)
	case rootkeys.Watch:
		m.toggle(viewWatch)
	case rootkeys.About:
		m.setNotice(rootkeys.AboutText(m.opts.Version, m.opts.KeysFile, len(m.keymap)), false)
	}
	return m, nil
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
	return m, m.views.Address(m.active, pane.Run(b.ID))
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
