package watch

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

// mouse answers the wheel (the cursor moves an entry a notch) and the left button:
// a click on an entry selects it, and a click on the entry already selected does what
// enter does, opens the listing or the group (a terminal reports no double click: the
// click that finds its entry selected is the second one). y is the panel's own line,
// the root having translated it. While an id is typed the input keeps the keys, and
// a click does nothing.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		m.cursor-- // refresh keeps it in range
	case msg.Button == tea.MouseButtonWheelDown:
		m.cursor++
	case msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress && !m.adding:
		i := m.offset + msg.Y - headLines
		if msg.Y < headLines || i >= min(m.offset+m.listHeight(), len(m.items)) {
			return nil // the title, the status line, the headings, or under the entries
		}
		if i == m.cursor {
			return m.openSelected()
		}
		m.cursor = i
	}
	return nil
}

// openSelected is enter on the entry under the cursor: a group shows its listings, a
// listing opens in the detail.
func (m *Model) openSelected() tea.Cmd {
	if g, ok := m.selectedGroup(); ok {
		m.openGroup(g)
	} else if e := m.selected(); e != nil {
		return send(msgs.OpenListing{ID: e.ID, Title: e.Title})
	}
	return nil
}
