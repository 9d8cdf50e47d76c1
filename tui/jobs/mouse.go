package jobs

import tea "github.com/charmbracelet/bubbletea"

// mouse scrolls the list shown with the wheel, a line a notch, as ↑/↓ do.
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		m.move(-1)
	case tea.MouseButtonWheelDown:
		m.move(1)
	}
	return m, nil
}
