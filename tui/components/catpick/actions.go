package catpick

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
)

// modeSearch is the table's mode while the search input has focus.
const modeSearch = "search"

func hasTree(m Model) bool { return m.tr != nil }

// under is the node under the cursor of the list on screen.
func under(m Model) (*node, bool) {
	i, ok := m.at()
	if !ok {
		return nil, false
	}
	return &m.tr.nodes[i], true
}

func onLeaf(m Model) bool {
	n, ok := under(m)
	return ok && n.leaf()
}

func onGroup(m Model) bool {
	n, ok := under(m)
	return ok && !n.leaf()
}

func inLevel(m Model) bool { return m.tr != nil && m.parent >= 0 }

// The meanings of esc while browsing, one at a time: stop the AI, up a level, leave.
func suggesting(m Model) bool { return m.suggesting }
func escUp(m Model) bool      { return !m.suggesting && inLevel(m) }
func escOut(m Model) bool     { return !m.suggesting && !inLevel(m) }

// failed: the tree did not load, or came empty: r asks again.
func failed(m Model) bool { return !m.loading && (m.tr == nil || len(m.tr.top) == 0) }

// table is the picker's actions. Tab, shift+tab and ctrl+s stay the editor's. The
// AI suggestion is ctrl+a, which works in the search input too (the input's own
// ctrl+a, go to line start, is taken off it; home still does that); A is an alias
// while no input has focus. While the search input has focus it takes the letters:
// the results move with the arrows only.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.searching {
			return modeSearch
		}
		return ""
	},
	Actions: []action.Action[Model]{
		{ID: "catpick.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, When: hasTree},
		{ID: "catpick.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, When: hasTree},
		{ID: "catpick.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}, When: hasTree},
		{ID: "catpick.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}, When: hasTree},
		{ID: "catpick.first", Moves: true, Desc: "first", Keys: []string{"home", "g"}, Label: "g/home", When: hasTree},
		{ID: "catpick.last", Moves: true, Desc: "last", Keys: []string{"end", "G"}, Label: "G/end", When: hasTree},
		{ID: "catpick.choose", Desc: "choose", Keys: []string{"enter"}, Group: 1, Short: 1, When: onLeaf},
		{ID: "catpick.open", Desc: "open group", Keys: []string{"enter", "right", "l"}, Label: "enter/→",
			Group: 1, Short: 1, When: onGroup},
		{ID: "catpick.parent", Desc: "up a level", Keys: []string{"left", "h", "backspace"}, Label: "←/h",
			Group: 1, Short: 2, When: inLevel},
		{ID: "catpick.stop_suggest", Desc: "stop the AI suggestion", Keys: []string{"esc"}, Group: 1, Short: 5,
			When: suggesting},
		{ID: "catpick.back", Desc: "back up a level", Keys: []string{"esc"}, Group: 1, Short: 5, When: escUp},
		{ID: "catpick.leave", Desc: "leave (draft kept)", Keys: []string{"esc"}, Group: 1, Short: 5, When: escOut},
		{ID: "catpick.search", Desc: "search all", Keys: []string{"/"}, Group: 2, Short: 3, When: hasTree},
		{ID: "catpick.suggest", Desc: "AI suggest", Keys: []string{"ctrl+a", "A"}, Label: "ctrl+a", Group: 2,
			Short: 4, When: func(m Model) bool { return !m.suggesting }},
		{ID: "catpick.retry", Desc: "retry", Keys: []string{"r"}, Group: 2, Short: 6, When: failed},

		{ID: "catpick.search.type", Mode: modeSearch, Desc: "type the search", Typing: true},
		{ID: "catpick.search.choose", Mode: modeSearch, Desc: "choose", Keys: []string{"enter"}, Short: 1,
			When: onLeaf},
		{ID: "catpick.search.close", Mode: modeSearch, Desc: "close search", Keys: []string{"esc"}, Short: 2},
		{ID: "catpick.search.up", Mode: modeSearch, Moves: true, Desc: "up", Keys: []string{"up"}, Short: 3},
		{ID: "catpick.search.down", Mode: modeSearch, Moves: true, Desc: "down", Keys: []string{"down"}, Short: 4},
		{ID: "catpick.search.page_up", Mode: modeSearch, Moves: true, Desc: "page up", Keys: []string{"pgup"}},
		{ID: "catpick.search.page_down", Mode: modeSearch, Moves: true, Desc: "page down", Keys: []string{"pgdown"}},
		{ID: "catpick.search.suggest", Mode: modeSearch, Desc: "AI suggest", Keys: []string{"ctrl+a"}, Short: 5,
			When: func(m Model) bool { return !m.suggesting }},
	},
}

// Table is the picker's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the picker does now: nothing while it has no focus.
func (m Model) Actions() []action.Bound {
	if !m.focused {
		return nil
	}
	return table.Reach(m, m.Keys.Map)
}

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// Run does the picker's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "catpick.up", "catpick.search.up":
		m.move(-1)
	case "catpick.down", "catpick.search.down":
		m.move(1)
	case "catpick.page_up", "catpick.search.page_up":
		m.move(-m.bodyHeight())
	case "catpick.page_down", "catpick.search.page_down":
		m.move(m.bodyHeight())
	case "catpick.first":
		m.move(-len(m.cur().rows))
	case "catpick.last":
		m.move(len(m.cur().rows))
	case "catpick.choose", "catpick.search.choose":
		if i, ok := m.at(); ok {
			return m.choose(i)
		}
	case "catpick.open":
		if i, ok := m.at(); ok && !m.tr.nodes[i].leaf() {
			m.openLevel(i, 0)
			m.clearNote()
		}
	case "catpick.parent", "catpick.back":
		m.up()
	case "catpick.stop_suggest":
		if m.suggesting {
			m.cancelSuggest()
		}
	case "catpick.leave":
		return m, emit(Cancelled{})
	case "catpick.search":
		return m.openSearch()
	case "catpick.search.close":
		m.closeSearch()
		m.clearNote()
	case "catpick.suggest", "catpick.search.suggest":
		return m.startSuggest()
	case "catpick.retry":
		return m.retry()
	}
	return m, nil
}
