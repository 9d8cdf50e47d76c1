package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// helpWheel is how many lines a notch of the wheel scrolls the help overlay: the
// step of bubbles' viewport, which scrolls the detail, so both read alike.
const helpWheel = 3

// viewTop is the screen line of the view's first line. The view sits right above
// what the root draws under it (banner, notice, wait line, footer), as View stacks
// them; on a screen too short for all of it View cuts lines off the top, and then the
// view starts above line 1 (negative past the header), which this counts too. It is
// the one place that knows where the view is: the mouse is translated with it, so no
// view guesses what is above it.
func (m Model) viewTop() int {
	below := 1 // the footer
	if m.banner != nil {
		below += len(m.banner.Lines())
	}
	if m.notice.Text != "" {
		below += len(m.notice.Lines())
	}
	if m.waitLine.Text != "" {
		below += len(m.waitLine.Lines())
	}
	return m.height - below - m.viewHeight
}

// mouse routes the mouse to what is under the pointer: the help overlay when it is
// open, else the view on screen, in the view's own coordinates (its first line is
// y 0). The header, the footer and the lines between the view and the footer take no
// clicks, and a dialog is modal, so the view under it takes none either.
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	if m.dialog != nil {
		return m, nil
	}
	msg.Y -= m.viewTop()
	if msg.Y < 0 || msg.Y >= m.viewHeight {
		return m, nil
	}
	if m.showHelp {
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.helpOff = max(m.helpOff-helpWheel, 0)
		case tea.MouseButtonWheelDown:
			m.helpOff += helpWheel // the overlay clamps it (refresh)
		}
		return m, nil
	}
	return m.toActive(msg)
}
