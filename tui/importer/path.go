package importer

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/theme"
)

// The path box opened again holds the path of before, selected, as a browser's
// address bar or a file dialog holds the last one: a shop fixing its sheet and
// importing it again ("fix them in the sheet and import it again") presses enter,
// one that imports another sheet types or pastes over it, and an arrow or tab edits
// it. The box had kept the path with the cursor at its end, so the next path typed
// was appended to it ("shop/stock.csvshop/export.xlsx: no such file"); an empty box
// would lose the path the fix-and-import-again loop reuses.

// selectPath selects the path in the box, if there is one.
func (m *Model) selectPath() {
	m.replace = m.input.Value() != ""
	m.input.CursorEnd()
	m.input.TextStyle = lipgloss.NewStyle()
	if m.replace {
		m.input.TextStyle = theme.Selected
	}
}

// typeOver answers a key while the path is selected: typed or pasted text replaces
// it and a deletion clears it (both false: the key is then the input's, on an empty
// box, or done); any other key keeps the path and unselects it.
func (m *Model) typeOver(msg tea.KeyMsg, id action.ID) (done bool) {
	if !m.replace || id == "importer.suggest" || id == "importer.anywhere" {
		return false // the switches under the box leave the path as it is
	}
	m.replace = false
	m.input.TextStyle = lipgloss.NewStyle()
	switch msg.Type {
	case tea.KeyRunes, tea.KeySpace:
		m.input.SetValue("")
	case tea.KeyBackspace, tea.KeyDelete:
		m.input.SetValue("")
		return true
	}
	return false
}
