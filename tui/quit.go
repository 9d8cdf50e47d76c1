package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/draft"
)

// Quitting never loses work without a question: q and ctrl+c ask first when a draft is
// open and unsent, an upload or a submit is running, or (in the sandbox, which keeps
// nothing) drafts would be gone. In the question, q, y or enter quit, and ctrl+c again
// quits at once.

// quitRisks says what quitting now would cost; nil when nothing.
func (m Model) quitRisks() []string {
	var why []string
	if m.editor != nil {
		// The editor keeps its draft after esc (its uploads go on): once it is off
		// screen, the draft is the one left there, not an open one.
		which := "open"
		if m.active != viewEditor {
			which = "left"
		}
		switch ed := m.editor.M; {
		case ed.Busy():
			why = append(why, i18n.T("root.quit.busy."+which))
		case ed.Unsent() && m.sandbox:
			why = append(why, i18n.T("root.quit.lost."+which))
		case ed.Unsent():
			why = append(why, i18n.T("root.quit.kept."+which))
		}
	}
	if m.jobs != nil && m.jobs.M.Running() {
		why = append(why, i18n.T("root.quit.job"))
	}
	if m.sandbox && m.client != nil {
		if list, err := m.draftStore.List(m.baseURL); err == nil && len(list) > 0 && !(len(list) == 1 && m.editor.M.Unsent()) {
			why = append(why, i18n.N("root.quit.drafts", len(list)))
		}
	}
	return why
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

// draftsCountMsg is how many unsent drafts the app starts with.
type draftsCountMsg struct{ n int }

func countDrafts(store *draft.Store, base string) tea.Cmd {
	return func() tea.Msg {
		list, err := store.List(base)
		if err != nil {
			return nil
		}
		return draftsCountMsg{len(list)}
	}
}

func (m Model) onDraftsCount(n int) (Model, tea.Cmd) {
	if n > 0 && m.notice.Text == "" {
		m.setNotice(i18n.N("root.drafts.unsent", n), false)
	}
	return m, nil
}
