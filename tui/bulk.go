package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/msgs"
)

// Bulk work spans three views: the browser's marks ask for an action (msgs.Bulk),
// tui/bulkform shows its form and plan and asks for the job (msgs.StartJob), and
// tui/jobs journals and runs it. An import goes the same way: the browser's or the
// drafts list's I (msgs.OpenImport), tui/importer's path and plan, then tui/jobs.
// The root only routes between them.

// openBulk shows the form or the plan of a bulk action.
func (m Model) openBulk(b msgs.Bulk) (Model, tea.Cmd) {
	if len(b.Items) == 0 {
		return m, nil
	}
	return m.openWriting(viewBulk, func(m *Model) (cmd tea.Cmd) {
		m.bulk.M, cmd = m.bulk.M.Open(b)
		return cmd
	})
}

// openImport shows the import's path input.
func (m Model) openImport() (Model, tea.Cmd) {
	return m.openWriting(viewImport, func(m *Model) (cmd tea.Cmd) {
		m.imp.M, cmd = m.imp.M.Open()
		return cmd
	})
}

// openWriting shows the view id, built if it is not yet, which open opens, unless the
// key may not write.
func (m Model) openWriting(id viewID, open func(*Model) tea.Cmd) (Model, tea.Cmd) {
	if m.client == nil {
		return m, nil
	}
	if m.readOnly {
		m.setNotice(keycheck.ReadOnly(), true)
		return m, nil
	}
	built := m.need(id)
	m.push(id)
	return m, tea.Batch(built, m.addr(id, open(&m)))
}

// startJob closes the plan and gives the job to the jobs panel, which shows it.
func (m Model) startJob(s msgs.StartJob) (Model, tea.Cmd) {
	if m.active == viewBulk || m.active == viewImport {
		m.pop()
	}
	m.push(viewJobs)
	return m.deliver(viewJobs, s)
}

// toggle shows the view v, or leaves it when it is on screen.
func (m *Model) toggle(v viewID) {
	if m.active == v {
		m.pop()
	} else {
		m.push(v)
	}
}
