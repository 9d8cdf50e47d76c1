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

// shortHelp is the footer's keys: those of the dialog, the overlay or the palette
// while one is open, else what the tables put in the footer: the view's, then the
// root's (root), which are never the ones cut.
func (m *Model) shortHelp() (view, root []key.Binding) {
	switch {
	case m.dialog != nil:
		return nil, m.dialog.Footer(m.answers, m.keys.Force())
	case m.showHelp:
		return nil, rootkeys.HelpFooter(m.keymap)
	case m.palette != nil:
		return nil, m.palette.ShortHelp()
	}
	v, g := m.split()
	return action.HelpOf(v).ShortHelp(), action.HelpOf(g).ShortHelp()
}

// split is what is in reach on screen: the view's actions, and the root's.
func (m *Model) split() (view, global []action.Bound) {
	reach, _ := m.reach()
	return action.Split(reach)
}
