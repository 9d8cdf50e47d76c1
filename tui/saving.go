package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/msgs"
)

// onSaver says in the banner that drafts are not being saved, and why, for as long as
// that lasts: typing on would otherwise be lost without a word at the next crash
// (tui/draftnote hears the saver and words it).
func (m Model) onSaver(msg draftnote.Health) (Model, tea.Cmd) {
	var next tea.Cmd
	if m.watchSaving {
		next = draftnote.Watch(m.saver)
	}
	if msg.Err != nil {
		m.saveFailing = true
		m, cmd := m.showError(msgs.Error{Op: draftnote.FailingOp(), Err: msg.Err})
		return m, tea.Batch(cmd, next)
	}
	if m.saveFailing {
		m.saveFailing = false
		if m.under.Banner != nil && draftnote.IsFailing(m.under.Banner.Op()) {
			m.under.Banner = nil
		}
		m.setNotice(draftnote.Again(), false)
	}
	return m, next
}

// onDraftsCount says at start how many unsent drafts there are, unless the notice
// line says something already.
func (m Model) onDraftsCount(c draftnote.Count) (Model, tea.Cmd) {
	if text := c.Notice(); text != "" && m.under.Notice.Text == "" {
		m.setNotice(text, false)
	}
	return m, nil
}
