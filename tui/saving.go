package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// saverMsg is a change of the draft saver's health: a failed write, or nil once
// writes succeed again.
type saverMsg struct{ err error }

// watchSaver waits, off the event loop, for the next change of the saver's health.
func watchSaver(s *draft.Saver) tea.Cmd {
	return func() tea.Msg { return saverMsg{<-s.State()} }
}

// onSaver says in the banner that drafts are not being saved, and why, for as long as
// that lasts: typing on would otherwise be lost without a word at the next crash.
func (m Model) onSaver(msg saverMsg) (Model, tea.Cmd) {
	var next tea.Cmd
	if m.watchSaving {
		next = watchSaver(m.saver)
	}
	if msg.err != nil {
		m.saveFailing = true
		m, cmd := m.showError(msgs.Error{Op: "save the draft (what you type is not kept on disk until this is fixed)", Err: msg.err})
		return m, tea.Batch(cmd, next)
	}
	if m.saveFailing {
		m.saveFailing = false
		if m.under.Banner != nil && strings.HasPrefix(m.under.Banner.Op(), "save the draft") {
			m.under.Banner = nil
		}
		m.setNotice(theme.OKMark+" drafts are saved again", false)
	}
	return m, next
}
