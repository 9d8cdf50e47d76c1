package tui

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/internal/batch"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/msgs"
)

// Answers go to the view that asked. Every command a view returns is wrapped so that
// its message comes back addressed to that view (and to the generation of views it
// was made by: after a login the views are new, and an answer to the old ones must not
// reach them). The root hands an addressed message to its owner alone; only what is
// truly global (the window size, the clock, the language, a listing or the drafts
// changing, a save) goes to every view, and a message addressed to nobody (a key, the
// mouse, the end of an external editor) goes to the view on screen.

// addressed is a view's answer on its way back to it.
type addressed struct {
	to  viewID
	gen int
	msg tea.Msg
}

var bubbleteaPk = reflect.TypeFor[tea.QuitMsg]().PkgPath()

// address wraps cmd so that what it yields comes back addressed to the view to.
func address(to viewID, gen int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return wrap(to, gen, cmd()) }
}

// wrap addresses msg. Batches and sequences stay what they are, for Bubble Tea to run,
// with each of their commands addressed; Bubble Tea's own messages (quit, exec, window
// title, …) pass untouched, since the runtime must see them.
func wrap(to viewID, gen int, msg tea.Msg) tea.Msg {
	if msg == nil {
		return nil
	}
	if out, ok := batch.Map(msg, func(c tea.Cmd) tea.Cmd { return address(to, gen, c) }); ok {
		return out
	}
	if reflect.TypeOf(msg).PkgPath() == bubbleteaPk {
		return msg
	}
	return addressed{to: to, gen: gen, msg: msg}
}

// deliver gives msg to the view id alone and addresses what it answers.
func (m Model) deliver(id viewID, msg tea.Msg) (Model, tea.Cmd) {
	p := m.views.Get(id)
	if p == nil {
		return m, nil
	}
	return m, address(id, m.views.Gen(id), p.Update(msg))
}

// broadcast gives a global message to every view.
func (m Model) broadcast(msg tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	m.views.Each(func(id viewID, p registry.Pane) {
		cmds = append(cmds, address(id, m.views.Gen(id), p.Update(msg)))
	})
	return m, tea.Batch(cmds...)
}

// toActive gives msg to the view on screen.
func (m Model) toActive(msg tea.Msg) (Model, tea.Cmd) { return m.deliver(m.active, msg) }

// onAddressed takes a view's answer: a message to the root (msgs.ToRoot, by its
// type) is the root's to handle; anything else is its view's alone, if that view is
// still the one that asked.
func (m Model) onAddressed(a addressed) (Model, tea.Cmd) {
	if r, ok := a.msg.(msgs.ToRoot); ok {
		return m.toRoot(r)
	}
	if a.gen != m.views.Gen(a.to) {
		return m, nil // an answer to a view replaced since (a login, a new login screen)
	}
	return m.deliver(a.to, a.msg)
}
