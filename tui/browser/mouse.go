package browser

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/msgs"
)

// The view's lines above its rows, in the coordinates the root hands the mouse in
// (the view's first line is y 0; docs/tui.md, "The mouse").
const (
	tabsY     = 0 // the tab line
	rowsFromY = 2 // the tab line and the column headings come first
)

// mouse answers the wheel (the cursor moves a row a notch) and the left button: on
// the tab line it shows the tab clicked; on a row it selects it, and on the row
// already selected it opens it, as enter does (a terminal reports no double click:
// the click that finds its row selected is the second one).
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	t := &m.tabs[m.cur]
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		return m.moveTo(t.cursor - 1)
	case msg.Button == tea.MouseButtonWheelDown:
		return m.moveTo(t.cursor + 1)
	case msg.Button != tea.MouseButtonLeft || msg.Action != tea.MouseActionPress:
		return m, nil
	case msg.Y == tabsY:
		if i := m.tabAt(msg.X); i >= 0 && i != m.cur {
			return m.switchTab(i - m.cur)
		}
		return m, nil
	}
	i := m.rowAt(msg.Y - rowsFromY)
	switch {
	case i < 0:
		return m, nil
	case i == t.cursor:
		if l, ok := m.Selected(); ok {
			return m, emit(msgs.OpenListing{ID: l.ID, Title: l.Title})
		}
		return m, nil
	}
	return m.moveTo(i)
}

// tabAt is the tab drawn at column x of the tab line, or -1.
func (m *Model) tabAt(x int) int {
	if x < 0 {
		return -1
	}
	for i, p := range m.tabParts() {
		if x -= layout.Width(p); x < 0 {
			return i
		}
	}
	return -1
}
