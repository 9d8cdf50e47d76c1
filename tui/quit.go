package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/confirm"
)

// Quitting never loses work without a question: q and ctrl+c ask first when a draft is
// open and unsent, an upload or a submit is running, or (in the sandbox, which keeps
// nothing) drafts would be gone. In the question, q, y or enter quit, and ctrl+c again
// quits at once.

// quitRisks says what quitting now would cost (tui/confirm words it); nil when nothing.
func (m Model) quitRisks() []string {
	r := confirm.AtRisk{OnEditor: m.active == viewEditor, Sandbox: m.sandbox, Job: m.jobs != nil && m.jobs.M.Running()}
	if m.editor != nil {
		r.Busy, r.Unsent = m.editor.M.Busy(), m.editor.M.Unsent()
	}
	if m.sandbox && m.client != nil {
		if list, err := m.draftStore.List(m.baseURL); err == nil {
			r.Drafts = len(list)
		}
	}
	return confirm.Risks(r)
}

// quit is q or ctrl+c outside a question.
func (m Model) quit() (Model, tea.Cmd) {
	why := m.quitRisks()
	if len(why) == 0 {
		return m, tea.Quit
	}
	m.dialog = confirm.QuitQuestion(why)
	return m, nil
}
