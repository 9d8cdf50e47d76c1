package drafts

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The list's modes: the list, and the question whether to delete a draft.
const (
	modeList    = ""
	modeConfirm = "confirm"
)

func hasItems(m Model) bool { return len(m.items) > 0 }

func resumable(m Model) bool {
	it, ok := m.selected()
	return ok && it.Draft != nil
}

// table is the drafts list's actions.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.confirm != "" {
			return modeConfirm
		}
		return modeList
	},
	Actions: []action.Action[Model]{
		{ID: "drafts.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, When: hasItems},
		{ID: "drafts.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, When: hasItems},
		{ID: "drafts.first", Moves: true, Desc: "first", Keys: []string{"home", "g"}, Label: "g/home", When: hasItems},
		{ID: "drafts.last", Moves: true, Desc: "last", Keys: []string{"end", "G"}, Label: "G/end", When: hasItems},
		{ID: "drafts.resume", Desc: "resume", Keys: []string{"enter"}, Group: 1, Short: 1, When: resumable},
		{ID: "drafts.delete", Desc: "delete", Keys: []string{"d", "delete"}, Label: "d", Group: 1, Short: 2, When: hasItems},
		{ID: "drafts.import", Desc: "import a sheet", Keys: []string{"I"}, Group: 1, Short: 3},
		{ID: "drafts.reload", Desc: "reload", Keys: []string{"r"}, Group: 1},
		{ID: "drafts.back", Desc: "back", Keys: []string{"esc"}, Group: 1, Short: 4},

		// The question: y or enter deletes, any other key keeps the draft.
		{ID: "drafts.confirm.answer", Desc: "answer the question", Mode: modeConfirm, Typing: true},
		{ID: "drafts.confirm.yes", Desc: "delete it", Keys: []string{"y", "enter"}, Mode: modeConfirm, Short: 1},
		{ID: "drafts.confirm.no", Desc: "keep it", Keys: []string{"n", "esc"}, Mode: modeConfirm, Short: 2},
	},
}

// Table is the list's actions, for the check of the user's keys and the reference
// of every action id.
func Table() action.Catalog { return table }

// Actions is what the list does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

func (m Model) onKey(k tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, k); ok {
		return m.Run(id)
	}
	if m.confirm != "" { // any other key keeps the draft
		return m.Run("drafts.confirm.no")
	}
	return m, nil
}

// Run does the list's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "drafts.confirm.yes", "drafts.confirm.no":
		del := m.confirm
		m.confirm = ""
		m.render()
		if id == "drafts.confirm.yes" {
			return m, remove(m.store, del)
		}
	case "drafts.up":
		m.move(-1)
	case "drafts.down":
		m.move(1)
	case "drafts.first":
		m.move(-len(m.items))
	case "drafts.last":
		m.move(len(m.items))
	case "drafts.back":
		return m, func() tea.Msg { return msgs.Back{} }
	case "drafts.resume":
		it, _ := m.selected()
		return m, func() tea.Msg { return msgs.ResumeDraft{ID: it.ID} }
	case "drafts.delete":
		if it, ok := m.selected(); ok {
			m.confirm = it.ID
			m.render()
		}
	case "drafts.reload":
		return m, m.Reload()
	case "drafts.import":
		return m, func() tea.Msg { return msgs.OpenImport{} }
	}
	return m, nil
}
