package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// A status change is asked for by the browser or the detail (msgs.RequestStatus);
// the root checks it, asks the user, sends it and tells every view the new status.
// The words, the question and the request are tui/confirm's.

func (m Model) requestStatus(r msgs.RequestStatus) (Model, tea.Cmd) {
	if m.client == nil {
		return m, nil
	}
	r.Title = termtext.Clean(r.Title)
	if m.readOnly {
		m.setNotice(keycheck.ReadOnly, true)
		return m, nil
	}
	if text, warn := confirm.Refused(r); text != "" {
		m.setNotice(text, warn)
		return m, nil
	}
	m.dialog = confirm.Status(r)
	return m, nil
}

// yes answers the open question.
func (m Model) yes() (Model, tea.Cmd) {
	if m.dialog.Quit {
		return m, tea.Quit
	}
	r := m.dialog.Req
	m.dialog = nil
	m.statuses[r.ID]++
	seq := m.statuses[r.ID]
	m.setNotice(confirm.Sending(r), false)
	return m, confirm.Send(m.client, r, seq)
}

func (m Model) statusDone(msg confirm.Done) (Model, tea.Cmd) {
	if msg.Seq != m.statuses[msg.Req.ID] {
		return m, nil // a later change of the same listing was asked for
	}
	if msg.Err != nil {
		m.under.Notice.Clear()
		return m.showError(msgs.Error{Op: msg.Op(), Err: msg.Err})
	}
	m.setNotice(msg.Notice(), false)
	return m.broadcast(msgs.ListingChanged{ID: msg.Req.ID, Status: msg.Status()})
}
