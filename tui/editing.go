package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// draftLoadedMsg is a draft read back from the store to resume.
type draftLoadedMsg struct {
	d   *draft.Draft
	err error
}

func loadDraft(store *draft.Store, id string) tea.Cmd {
	return func() tea.Msg {
		d, err := store.Load(id)
		return draftLoadedMsg{d: d, err: err}
	}
}

// findEditDraft looks for an unsent edit of listing id, so that e resumes it instead
// of starting over.
func findEditDraft(store *draft.Store, base string, id int) tea.Cmd {
	return func() tea.Msg {
		list, err := store.List(base)
		if err != nil {
			return editDraftMsg{id: id}
		}
		for _, l := range list {
			if l.Draft != nil && l.Draft.ListingID == id {
				return editDraftMsg{id: id, d: l.Draft}
			}
		}
		return editDraftMsg{id: id}
	}
}

// editDraftMsg is the answer of findEditDraft: d is nil when there is none.
type editDraftMsg struct {
	id int
	d  *draft.Draft
}

// editorBusy keeps the open draft on screen while its uploads run: opening another
// one now would drop their answers.
func (m Model) editorBusy() (Model, tea.Cmd, bool) {
	if !m.editor.m.Busy() {
		return m, nil, false
	}
	m.push(viewEditor)
	m.setNotice(theme.WarningMark+" this draft is still uploading or sending; wait for it, then open the other one", true)
	return m, nil, true
}

// newListing is n: the editor on a new draft.
func (m Model) newListing() (Model, tea.Cmd) {
	if m, cmd, busy := m.editorBusy(); busy {
		return m, cmd
	}
	m.push(viewEditor)
	var cmd tea.Cmd
	m.editor.m, cmd = m.editor.m.Open(draft.New(m.baseURL, m.profile, m.lang, m.opts.Now()))
	return m, m.addr(viewEditor, cmd)
}

// editListing is e: the listing in the detail, or the row under the cursor.
func (m Model) editListing() (Model, tea.Cmd) {
	id := 0
	switch m.active {
	case viewDetail:
		if l, _, ok := m.detail.m.Current(); ok {
			id = l.ID
		}
	case viewBrowser:
		if l, ok := m.browser.m.Selected(); ok {
			id = l.ID
		}
	}
	if id == 0 {
		return m, nil
	}
	if m, cmd, busy := m.editorBusy(); busy {
		return m, cmd
	}
	return m, findEditDraft(m.draftStore, m.baseURL, id)
}

func (m Model) onEditDraft(msg editDraftMsg) (Model, tea.Cmd) {
	m.push(viewEditor)
	var cmd tea.Cmd
	if msg.d != nil {
		m.setNotice(fmt.Sprintf("resumed your unsent edit of listing %d (D lists drafts)", msg.id), false)
		m.editor.m, cmd = m.editor.m.Open(msg.d)
		return m, m.addr(viewEditor, cmd)
	}
	var l *api.ListingFull
	if cur, _, ok := m.detail.m.Current(); ok && cur.ID == msg.id {
		l = cur
	}
	m.editor.m, cmd = m.editor.m.OpenEdit(msg.id, l)
	return m, m.addr(viewEditor, cmd)
}

// openDrafts is D: the drafts list.
func (m Model) openDrafts() (Model, tea.Cmd) {
	m.push(viewDrafts)
	return m, m.addr(viewDrafts, m.drafts.m.Reload())
}

func (m Model) onDraftLoaded(msg draftLoadedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		m.setNotice(theme.ErrorMark+" "+termtext.Clean(msg.err.Error()), true)
		return m, nil
	}
	if d := m.editor.m.Draft(); d != nil && d.ID == msg.d.ID {
		m.push(viewEditor) // already open: keep its uploads
		return m, nil
	}
	if m, cmd, busy := m.editorBusy(); busy {
		return m, cmd
	}
	m.push(viewEditor)
	var cmd tea.Cmd
	m.editor.m, cmd = m.editor.m.Open(msg.d)
	return m, m.addr(viewEditor, cmd)
}

// listingSaved follows an accepted create or edit: the editor closes, the lists
// learn of it, the listing opens, and a pending one joins the moderation watch.
func (m Model) listingSaved(msg msgs.ListingSaved) (Model, tea.Cmd) {
	if m.active == viewEditor {
		m.pop()
	}
	what := "saved"
	if msg.Created {
		what = "created"
	}
	text := fmt.Sprintf("%s listing %d %s: %s", theme.OKMark, msg.ID, what, theme.StatusPlain(msg.Status))
	if msg.Status == api.StatusPending {
		text += " (moderation takes about 15 minutes; it is watched)"
	}
	m.setNotice(text, false)
	m, cmd := m.broadcast(msg)
	cmds := []tea.Cmd{cmd}
	if msg.Status != "" {
		m, cmd = m.broadcast(msgs.ListingChanged{ID: msg.ID, Status: msg.Status})
		cmds = append(cmds, cmd)
	}
	if msg.Status == api.StatusPending {
		m, cmd = m.deliver(viewWatch, msgs.Watch{ID: msg.ID, Title: msg.Title})
		cmds = append(cmds, cmd)
	}
	m.push(viewDetail)
	m.detail.m, cmd = m.detail.m.Open(msg.ID, msg.Title)
	cmd = m.addr(viewDetail, cmd)
	// The watch says it started watching; what was saved matters more: said last.
	last := func() tea.Msg { return msgs.Notice{Text: text} }
	return m, tea.Sequence(tea.Batch(append(cmds, cmd)...), last)
}
