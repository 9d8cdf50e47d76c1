package citypick

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
)

func failed(m Model) bool  { return m.st == stError }
func hasText(m Model) bool { return m.input.Value() != "" }

// canChoose says enter has a city to choose, or a search to send at once (the
// debounce not over yet): choose() does nothing otherwise, so it is not offered.
func canChoose(m Model) bool {
	switch m.st {
	case stSearching:
		return m.seq == 0
	case stResults:
		return m.rowsFor == cacheKey(m.lang, m.query) && m.cursor < len(m.rows)
	}
	return false
}

// table is the picker's actions. The input always has focus while the picker does,
// so the list moves with the arrows and ctrl+p/ctrl+n, never j/k; ctrl+p is the
// palette's elsewhere, and here the list's, as it was before the palette. Tab,
// shift+tab and ctrl+s stay the editor's.
var table = action.Table[Model]{
	Actions: []action.Action[Model]{
		{ID: "citypick.type", Desc: "type the city's name", Typing: true},
		{ID: "citypick.up", Moves: true, Desc: "up", Keys: []string{"up", "ctrl+p"}, Label: "↑", Short: 2,
			Shadows: []action.ID{"global.palette"}},
		{ID: "citypick.down", Moves: true, Desc: "down", Keys: []string{"down", "ctrl+n"}, Label: "↓", Short: 3},
		{ID: "citypick.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}},
		{ID: "citypick.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}},
		{ID: "citypick.choose", Desc: "choose", Keys: []string{"enter"}, Group: 1, Short: 1,
			When: canChoose},
		{ID: "citypick.retry", Desc: "retry", Keys: []string{"enter"}, Group: 1, Short: 1, When: failed},
		{ID: "citypick.clear", Desc: "clear", Keys: []string{"esc"}, Group: 1, Short: 4, When: hasText},
		{ID: "citypick.back", Desc: "back", Keys: []string{"esc"}, Group: 1, Short: 4,
			When: func(m Model) bool { return !hasText(m) }},
	},
}

// Table is the picker's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the picker does now: nothing while it has no focus.
func (m Model) Actions() []action.Bound {
	if !m.input.Focused() {
		return nil
	}
	return table.Reach(m, m.Keys.Map)
}

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// Run does the picker's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "citypick.up":
		m.move(-1)
	case "citypick.down":
		m.move(1)
	case "citypick.page_up":
		m.move(-m.bodyHeight())
	case "citypick.page_down":
		m.move(m.bodyHeight())
	case "citypick.choose", "citypick.retry":
		return m.choose()
	case "citypick.clear":
		m.input.Reset()
		return m, m.changed()
	case "citypick.back":
		return m, emit(Cancelled{})
	}
	return m, nil
}
