package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/editing"
	"github.com/listings-tui/listings/tui/msgs"
)

// openEditor shows the editor and asks it to open what req names (msgs.NewDraft,
// msgs.EditListing, msgs.ResumeDraft); which draft that is, and whether the open one
// can be left, is tui/editing's to decide.
func (m Model) openEditor(req tea.Msg) (Model, tea.Cmd) {
	built := m.need(viewEditor)
	m.push(viewEditor)
	m, cmd := m.deliver(viewEditor, req)
	return m, tea.Batch(built, cmd)
}

// editListing is e: the listing of the view on screen.
func (m Model) editListing() (Model, tea.Cmd) {
	p := m.views.Get(m.active)
	if p == nil {
		return m, nil
	}
	id, ok := p.Selected()
	if !ok {
		return m, nil
	}
	req := msgs.EditListing{ID: id}
	if m.detail != nil { // the listing open in the detail, if it is this one
		if cur, _, ok := m.detail.M.Current(); ok && cur.ID == id {
			req.Listing = cur
		}
	}
	return m.openEditor(req)
}

// openDrafts is D: the drafts list.
func (m Model) openDrafts() (Model, tea.Cmd) {
	built := m.need(viewDrafts)
	m.push(viewDrafts)
	return m, tea.Batch(built, m.addr(viewDrafts, m.drafts.M.Reload()))
}

// listingSaved follows an accepted create or edit: the editor closes, the lists
// learn of it, the listing opens, and a pending one joins the moderation watch.
func (m Model) listingSaved(msg msgs.ListingSaved) (Model, tea.Cmd) {
	if m.active == viewEditor {
		m.pop()
	}
	text := editing.Saved(msg)
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
	cmds = append(cmds, m.need(viewDetail))
	m.push(viewDetail)
	m.detail.M, cmd = m.detail.M.Open(msg.ID, msg.Title)
	cmds = append(cmds, m.addr(viewDetail, cmd))
	// The watch says it started watching; what was saved matters more: said last.
	last := func() tea.Msg { return msgs.Notice{Text: text} }
	return m, tea.Sequence(tea.Batch(cmds...), last)
}
