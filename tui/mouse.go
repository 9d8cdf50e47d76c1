package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/helpview"
)

// viewTop is the screen line of the view's first line. The view sits right above
// what the root draws under it (banner, notice, wait line, footer), as View stacks
// them; on a screen too short for all of it View cuts lines off the top, and then the
// view starts above line 1 (negative past the header), which this counts too. It is
// the one place that knows where the view is: the mouse is translated with it, so no
// view guesses what is above it.
func (m Model) viewTop() int {
	below := 1 + m.under.Height() // the footer, and the lines above it
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
		m.helpOff = helpview.Wheel(msg.Button, m.helpOff)
		return m, nil
	}
	return m.toActive(msg)
}
