package tui

import (
	"os"

	tea "github.com/charmbracelet/bubbletea"

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
	return m.openWriting(viewBulk, func() (cmd tea.Cmd) {
		m.bulk.M, cmd = m.bulk.M.Open(b)
		return cmd
	})
}

// openImport shows the import's path input.
func (m Model) openImport() (Model, tea.Cmd) {
	return m.openWriting(viewImport, func() (cmd tea.Cmd) {
		m.imp.M, cmd = m.imp.M.Open()
		return cmd
	})
}

// openWriting shows the view id, which open opens (its holder is shared by every
// copy of the root), unless the key may not write.
func (m Model) openWriting(id viewID, open func() tea.Cmd) (Model, tea.Cmd) {
	if m.client == nil {
		return m, nil
	}
	if m.readOnly {
		m.setNotice(readOnlyNote(), true)
		return m, nil
	}
	m.push(id)
	return m, m.addr(id, open())
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

// jobsDir is where jobs are journaled: the CLI's directory, or a temporary one for
// the sandbox (its listings end with the app), made at the first job (the jobs panel
// asks off the event loop) and removed when the app ends.
func (s *shared) jobsDir(dir string, sandbox bool) func() string {
	if dir != "" && !sandbox {
		return func() string { return dir }
	}
	return func() string {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.tempJobs == "" {
			d, err := os.MkdirTemp("", "listings-sandbox-jobs-")
			if err != nil {
				return "" // the panel says a job cannot be journaled
			}
			s.tempJobs = d
			s.stops = append(s.stops, func() { _ = os.RemoveAll(d) })
		}
		return s.tempJobs
	}
}
