package tui

import tea "github.com/charmbracelet/bubbletea"

// nudge rings the bell and, where the terminal can, shows text as a notification
// (tui/nudge); nothing when the user turned it off or is watching the panel in this
// window.
func (m Model) nudge(text string) tea.Cmd {
	if m.opts.Quiet || (m.active == viewWatch && m.focused) {
		return nil
	}
	out := "\a" + m.term.Seq(text)
	w := m.bell
	return func() tea.Msg {
		_, _ = w.Write([]byte(out))
		return nil
	}
}
