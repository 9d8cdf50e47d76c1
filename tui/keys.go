package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/rootkeys"
)

// helpKey handles a key while the full help is shown: it closes, quits or scrolls;
// everything else is swallowed, since the view underneath is hidden.
func (m Model) helpKey(k tea.KeyMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(k, m.keys.Esc), m.isKey(k, rootkeys.Help):
		m.showHelp = false
	case m.isKey(k, rootkeys.Quit):
		return m, tea.Quit
	default:
		m.helpOff = helpview.Scroll(k, m.helpOff, m.viewHeight)
	}
	return m, nil // the overlay clamps the offset (refresh)
}

// bindingOf is the global action id as a binding for a modal part's footer.
func (m Model) bindingOf(id action.ID, desc string) key.Binding {
	for _, b := range rootkeys.Table.Reach(rootkeys.State{LoggedIn: true}, m.keymap) {
		if b.ID == id {
			return key.NewBinding(key.WithKeys(b.Keys...), key.WithHelp(b.Label, desc))
		}
	}
	return key.NewBinding(key.WithDisabled())
}

// shortHelp is the footer's keys: those of the dialog, the overlay or the palette
// while one is open, else what the tables put in the footer: the view's, then the
// root's (root), which are never the ones cut.
func (m *Model) shortHelp() (view, root []key.Binding) {
	switch {
	case m.dialog != nil:
		return nil, m.dialog.Footer(m.answers, m.keys.ForceQuit)
	case m.showHelp:
		help := m.bindingOf(rootkeys.Help, "close help")
		help.SetHelp("esc/"+help.Help().Key, "close help")
		return nil, []key.Binding{help, m.bindingOf(rootkeys.Quit, "quit")}
	case m.palette != nil:
		return nil, m.palette.ShortHelp()
	}
	v, g := m.split()
	return action.HelpOf(v).ShortHelp(), action.HelpOf(g).ShortHelp()
}

// fullHelp is the help overlay's columns: the view's groups, then the root's.
func (m *Model) fullHelp() [][]key.Binding {
	v, g := m.split()
	var root []key.Binding
	for _, col := range action.HelpOf(g).FullHelp() {
		root = append(root, col...)
	}
	return append(action.HelpOf(v).FullHelp(), root)
}

// split is what is in reach on screen: the view's actions, and the root's.
func (m *Model) split() (view, global []action.Bound) {
	reach, _ := m.reach()
	for _, b := range reach {
		if b.Global {
			global = append(global, b)
		} else {
			view = append(view, b)
		}
	}
	return view, global
}
