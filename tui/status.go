package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/msgs"
)

// A status change is asked for by the browser or the detail (msgs.RequestStatus);
// the root checks it, asks the user, sends it and tells every view the new status.
// The words, the question, the request and which answer counts are tui/confirm's.

func (m Model) requestStatus(r msgs.RequestStatus) (Model, tea.Cmd) {
	if m.client == nil {
		return m, nil
	}
	if m.readOnly {
		m.setNotice(keycheck.ReadOnly(), true)
		return m, nil
	}
	d, text, warn := confirm.Ask(r)
	if d == nil {
		m.setNotice(text, warn)
		return m, nil
	}
	m.dialog = d
	return m, nil
}

// yes answers the open question.
func (m Model) yes() (Model, tea.Cmd) {
	if m.dialog.Quit {
		return m, tea.Quit
	}
	r := m.dialog.Req
	m.dialog = nil
	m.setNotice(confirm.Sending(r), false)
	return m, m.statuses.Send(m.client, r)
}

func (m Model) statusDone(msg confirm.Done) (Model, tea.Cmd) {
	if !m.statuses.Latest(msg) {
		return m, nil // a later change of the same listing was asked for
	}
	if msg.Err != nil {
		m.under.Notice.Clear()
		return m.showError(msgs.Error{Op: msg.Op(), Err: msg.Err})
	}
	m.setNotice(msg.Notice(), false)
	return m.broadcast(msgs.ListingChanged{ID: msg.Req.ID, Status: msg.Status()})
}
