package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/msgs"
)

// Answers go to the view that asked: the registry addresses every command a view
// returns to that view and its generation (tui/internal/registry), and the root hands
// an addressed message to its owner alone; only what is truly global (the window
// size, the clock, the language, a listing or the drafts changing, a save) goes to
// every view, and a message addressed to nobody (a key, the mouse, the end of an
// external editor) goes to the view on screen.

// addressed is a view's answer on its way back to it.
type addressed = registry.Addressed[viewID]

// deliver gives msg to the view id alone and addresses what it answers.
func (m Model) deliver(id viewID, msg tea.Msg) (Model, tea.Cmd) {
	p := m.views.Get(id)
	if p == nil {
		return m, nil
	}
	return m, m.views.Address(id, p.Update(msg))
}

// broadcast gives a global message to every view.
func (m Model) broadcast(msg tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	m.views.Each(func(id viewID, p registry.Pane) {
		cmds = append(cmds, m.views.Address(id, p.Update(msg)))
	})
	return m, tea.Batch(cmds...)
}

// toActive gives msg to the view on screen.
func (m Model) toActive(msg tea.Msg) (Model, tea.Cmd) { return m.deliver(m.active, msg) }

// onAddressed takes a view's answer: a message to the root (msgs.ToRoot, by its
// type) is the root's to handle; anything else is its view's alone, if that view is
// still the one that asked.
func (m Model) onAddressed(a addressed) (Model, tea.Cmd) {
	if r, ok := a.Msg.(msgs.ToRoot); ok {
		return m.toRoot(r)
	}
	if !m.views.Current(a) {
		return m, nil // an answer to a view replaced since (a login, a new login screen)
	}
	return m.deliver(a.To, a.Msg)
}
