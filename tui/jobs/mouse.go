package jobs

import tea "github.com/charmbracelet/bubbletea"

// mouse scrolls the rows not imported with the wheel, a row a notch, as ↑/↓ do.
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		m.failOff = max(m.failOff-1, 0)
	case tea.MouseButtonWheelDown:
		m.failOff = max(min(m.failOff+1, len(m.job.failures)-1), 0)
	}
	return m, nil
}
