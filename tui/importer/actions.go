package importer

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The import's modes, one a stage: the path typed, the check under way, the plan,
// and the question whether to take the AI's categories.
const (
	modePath     = "path"
	modeChecking = "checking"
	modePlan     = "plan"
	modeAsking   = "asking"
)

func sends(m Model) bool { return m.plan != nil && m.plan.Requests > 0 }

// table is the import's actions. The path box takes the printable keys; the plan
// and the question leave the root its keys but n, which there says no (a new
// listing is one esc away).
var table = action.Table[Model]{
	Mode: func(m Model) string {
		switch m.stage {
		case stPath:
			return modePath
		case stChecking:
			return modeChecking
		case stSuggested:
			return modeAsking
		}
		return modePlan
	},
	Actions: []action.Action[Model]{
		{ID: "importer.path", Desc: "type the sheet's path", Mode: modePath, Typing: true},
		{ID: "importer.check", Desc: "check the sheet", Keys: []string{"enter"}, Mode: modePath, Short: 1},
		{ID: "importer.complete", Desc: "complete the path", Keys: []string{"tab"}, Mode: modePath, Short: 2},
		{ID: "importer.suggest", Desc: "AI category for empty cells", Keys: []string{"ctrl+t"}, Mode: modePath, Short: 3},
		{ID: "importer.anywhere", Desc: "files from outside the sheet's folder", Keys: []string{"ctrl+o"},
			Mode: modePath, Short: 4},
		{ID: "importer.back", Desc: "cancel", Keys: []string{"esc"}, Mode: modePath, Short: 5},

		{ID: "importer.stop", Desc: "stop the check (nothing is sent)", Keys: []string{"esc"}, Mode: modeChecking, Short: 1},

		{ID: "importer.run", Desc: "run the good rows", Keys: []string{"y", "Y", "enter"}, Label: "y/enter",
			Mode: modePlan, Short: 1, When: sends},
		{ID: "importer.close", Desc: "close", Keys: []string{"enter", "y", "Y"}, Label: "enter",
			Note: func(Model) string { return "nothing to send" }, Mode: modePlan, Short: 1, When: func(m Model) bool { return !sends(m) }},
		{ID: "importer.cancel", Desc: "cancel", Keys: []string{"n", "N", "esc"}, Label: "n/esc",
			Mode: modePlan, Short: 2, Shadows: []action.ID{"global.new"}},
		{ID: "importer.report", Desc: "write the report", Keys: []string{"w"}, Mode: modePlan},
		{ID: "importer.up", Moves: true, Desc: "scroll up", Keys: []string{"up", "k"}, Mode: modePlan, Group: 1},
		{ID: "importer.down", Moves: true, Desc: "scroll down", Keys: []string{"down", "j"}, Mode: modePlan, Group: 1},
		{ID: "importer.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}, Mode: modePlan, Group: 1},
		{ID: "importer.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}, Mode: modePlan, Group: 1},

		{ID: "importer.take", Desc: "take the AI's categories", Keys: []string{"y", "Y"}, Label: "y",
			Mode: modeAsking, Short: 1},
		{ID: "importer.not_now", Desc: "back to the plan", Keys: []string{"n", "N", "esc"}, Label: "n/esc",
			Mode: modeAsking, Short: 2, Shadows: []action.ID{"global.new"}},
	},
}

// Table is the import's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the view does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

// Run does the import's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "importer.check":
		m.stopCheck()
		m.stage, m.problem, m.choices = stChecking, "", nil
		m.doing = i18n.T("importer.reading")
		m.input.Blur()
		return m, tea.Batch(readSheet(m.input.Value(), m.cfg.StartDir, m.seq), m.spin.Tick)
	case "importer.complete":
		m.seq++
		return m, complete(m.input.Value(), m.cfg.StartDir, m.seq)
	case "importer.suggest":
		m.suggest = !m.suggest
	case "importer.anywhere":
		m.anywhere = !m.anywhere
	case "importer.back", "importer.close", "importer.cancel":
		return m, emit(msgs.Back{})
	case "importer.stop":
		m.stopCheck()
		m.stage, m.problem = stPath, i18n.T("importer.stopped")
		return m, m.input.Focus()
	case "importer.run":
		if m.suggested > 0 {
			m.stage = stSuggested
			return m, nil
		}
		return m, emit(msgs.StartJob{Import: m.plan})
	case "importer.report":
		return m, writePlanReport(m.file, m.plan)
	case "importer.up", "importer.down", "importer.page_up", "importer.page_down":
		m.box.ScrollAction(string(id))
	case "importer.take":
		return m, emit(msgs.StartJob{Import: m.plan})
	case "importer.not_now":
		m.stage = stPlan
	}
	return m, nil
}
