package drafts

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

// mouse answers the wheel (the cursor moves a draft a notch) and the left button: a
// click on a draft selects it, and a click on the draft already selected resumes it,
// as enter does (a terminal reports no double click: the click that finds its draft
// selected is the second one). y is the list's own line, the root having translated
// it. While the delete question is asked, only y or n answer it.
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		m.move(-1)
	case msg.Button == tea.MouseButtonWheelDown:
		m.move(1)
	case msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress && m.confirm == "":
		i := m.offset + msg.Y - len(m.head)
		if msg.Y < len(m.head) || i >= min(m.offset+m.body(), len(m.items)) {
			return m, nil // the heading, the hint line, or under the drafts
		}
		if i == m.cursor {
			if it, ok := m.selected(); ok && it.Draft != nil {
				id := it.ID
				return m, func() tea.Msg { return msgs.ResumeDraft{ID: id} }
			}
			return m, nil
		}
		m.move(i - m.cursor)
	}
	return m, nil
}
