package browser

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
)

// The browser's modes: the table, and the filter input in focus.
const (
	modeTable  = ""
	modeFilter = "filter"
)

// Predicates of the table below.
func hasRows(m Model) bool  { return len(m.tabs[m.cur].vis) > 0 }
func hasRow(m Model) bool   { return m.selectedRow() != nil }
func unmarked(m Model) bool { return m.marks.len() == 0 }
func marked(m Model) bool   { return m.marks.len() > 0 }

// rowOrMarks: a bulk key acts on the marks, else on the row under the cursor.
func rowOrMarks(m Model) bool { return marked(m) || hasRow(m) }

// canMove says whether the row under the cursor may move to status, as the spec
// allows (api.CheckMove): the footer offers only such a move. The key still works
// otherwise, and the root says why the move cannot be made.
func canMove(to api.Status) func(Model) bool {
	return func(m Model) bool {
		if marked(m) {
			return true
		}
		l, ok := m.Selected()
		mv, _ := api.CheckMove(l.Status, to)
		return ok && mv == api.MoveAllowed
	}
}

// awaits: the row under the cursor awaits moderation (a status this client does
// not know may be that), so watching it means something.
func awaits(m Model) bool {
	l, ok := m.Selected()
	return marked(m) || (ok && (l.Status == api.StatusPending || !l.Status.Known()))
}

// table is the browser's actions (docs/tui.md, "Keys"). n, e, q, ?, L, W, J and D
// are the root's.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.menu.open {
			return modeColumns
		}
		if mode := m.naming.mode(); mode != "" {
			return mode
		}
		if m.filtering {
			return modeFilter
		}
		return modeTable
	},
	// Offline (the mirror's rows, the service unreachable) writes are not offered.
	ReadOnly: func(m Model) bool { return m.readOnly || m.mir.down },
	Actions: []action.Action[Model]{
		{ID: "browser.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}},
		{ID: "browser.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}},
		{ID: "browser.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup", "ctrl+u"}, Label: "pgup"},
		{ID: "browser.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown", "ctrl+d"}, Label: "pgdn"},
		{ID: "browser.first", Moves: true, Desc: "first", Keys: []string{"home", "g"}, Label: "g/home"},
		{ID: "browser.last", Moves: true, Desc: "last", Keys: []string{"end", "G"}, Label: "G/end"},

		{ID: "browser.open", Desc: "open", Keys: []string{"enter"}, Group: 1, Short: 1, When: hasRow, Offer: unmarked},
		{ID: "browser.next_tab", Desc: "next tab", Keys: []string{"tab"}, Group: 1, Short: 10, Offer: unmarked},
		{ID: "browser.prev_tab", Desc: "prev tab", Keys: []string{"shift+tab"}, Group: 1},
		{ID: "browser.filter", Desc: "filter", Keys: []string{"/"}, Group: 1, Short: 11, Offer: unmarked},
		{ID: "browser.clear_filter", Desc: "clear filter", Keys: []string{"esc"}, Group: 1,
			When: func(m Model) bool { return m.query != "" }},
		{ID: "browser.sort", Desc: "sort", Keys: []string{"s"}, Group: 1, Short: 12, Offer: unmarked},
		{ID: "browser.reverse", Desc: "reverse", Keys: []string{"S"}, Group: 1},
		{ID: "browser.refresh", Desc: "refresh", Keys: []string{"r"}, Group: 1, Short: 13, Offer: unmarked},

		{ID: "browser.activate", Desc: "activate", Keys: []string{"a"}, Group: 2, Short: 3, Writes: true,
			When: rowOrMarks, Offer: canMove(api.StatusActive)},
		{ID: "browser.deactivate", Desc: "deactivate", Keys: []string{"x"}, Group: 2, Short: 2, Writes: true,
			When: rowOrMarks, Offer: canMove(api.StatusInactive)},
		{ID: "browser.watch", Desc: "watch", Keys: []string{"w"}, Group: 2, Short: 6, When: rowOrMarks, Offer: awaits},
		{ID: "browser.open_page", Desc: "open page", Keys: []string{"o"}, Group: 2, When: hasRow},
		{ID: "browser.copy_url", Desc: "copy URL", Keys: []string{"y"}, Group: 2, When: hasRow},
		// In the second column of the help, which has room for it.
		{ID: "browser.columns", Desc: "columns", Keys: []string{"C"}, Group: 2},

		{ID: "browser.mark", Desc: "mark", Keys: []string{" "}, Group: 3, Short: 7, When: hasRows, Offer: marked},
		{ID: "browser.mark_all", Desc: "mark all shown", Keys: []string{"*", "ctrl+a"}, Label: "*", Group: 3, Short: 8,
			When: hasRows, Offer: marked},
		{ID: "browser.clear_marks", Desc: "clear marks", Keys: []string{"esc"}, Group: 3, Short: 9,
			When: func(m Model) bool { return marked(m) && m.query == "" }},
		{ID: "browser.price", Desc: "price", Keys: []string{"$"}, Group: 3, Short: 4, Writes: true,
			When: rowOrMarks, Offer: marked},
		{ID: "browser.fields", Desc: "edit fields", Keys: []string{"E"}, Group: 3, Short: 5, Writes: true,
			When: rowOrMarks, Offer: marked},
		{ID: "browser.import", Desc: "import a sheet", Keys: []string{"I"}, Group: 3, Writes: true},

		// Saved views (views.go, viewsave.go): rename and delete are rare, the
		// palette's alone.
		{ID: "browser.view.next", Desc: "next view", Keys: []string{"v"}, Group: 1, When: hasViews},
		{ID: "browser.view.save", Desc: "save as a view", Keys: []string{"ctrl+s"}, Group: 1, When: canSaveViews},
		{ID: "browser.view.rename", Desc: "rename this view", Group: 1, When: onSavedView},
		{ID: "browser.view.delete", Desc: "delete this view", Group: 1, When: onSavedView},

		// While the filter input has focus: letters are the filter's.
		{ID: "browser.filter.type", Desc: "type the filter", Mode: modeFilter, Typing: true},
		{ID: "browser.filter.keep", Desc: "keep filter", Keys: []string{"enter"}, Mode: modeFilter, Short: 1},
		{ID: "browser.filter.clear", Desc: "clear filter", Keys: []string{"esc"}, Mode: modeFilter, Short: 2},
		{ID: "browser.filter.up", Moves: true, Desc: "up", Keys: []string{"up"}, Mode: modeFilter, Short: 3},
		{ID: "browser.filter.down", Moves: true, Desc: "down", Keys: []string{"down"}, Mode: modeFilter, Short: 4},
		{ID: "browser.filter.save", Desc: "save as a view", Keys: []string{"ctrl+s"}, Mode: modeFilter, Short: 5,
			When: canSaveViews},

		// The question of a view's name, and of its deletion (viewsave.go).
		{ID: "browser.view.name.type", Desc: "type the view's name", Mode: modeNaming, Typing: true},
		{ID: "browser.view.name.ok", Desc: "save the view", Keys: []string{"enter"}, Mode: modeNaming, Short: 1},
		{ID: "browser.view.name.cancel", Desc: "cancel", Keys: []string{"esc"}, Mode: modeNaming, Short: 2},
		{ID: "browser.view.delete.answer", Desc: "answer the question", Mode: modeDeleting, Typing: true},
		{ID: "browser.view.delete.yes", Desc: "delete it", Keys: []string{"y", "Y"}, Mode: modeDeleting, Short: 1},
		{ID: "browser.view.delete.no", Desc: "keep it", Keys: []string{"n", "N", "esc"}, Mode: modeDeleting, Short: 2},

		// The column menu (colmenu.go).
		{ID: "browser.columns.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, Mode: modeColumns},
		{ID: "browser.columns.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, Mode: modeColumns},
		{ID: "browser.columns.toggle", Desc: "show/hide", Keys: []string{" "}, Mode: modeColumns, Short: 1},
		{ID: "browser.columns.move_up", Moves: true, Desc: "move left", Keys: []string{"alt+up"}, Mode: modeColumns, Short: 2},
		{ID: "browser.columns.move_down", Moves: true, Desc: "move right", Keys: []string{"alt+down"}, Mode: modeColumns, Short: 3},
		{ID: "browser.columns.save", Desc: "save to config", Keys: []string{"ctrl+s"}, Mode: modeColumns, Short: 4,
			When: func(m Model) bool { return m.colSave != nil }},
		{ID: "browser.columns.close", Desc: "close", Keys: []string{"esc", "enter", "C"}, Label: "esc", Mode: modeColumns, Short: 5},
	},
}

// Table is the browser's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the browser does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

// Capturing reports whether the filter input or a view's question has focus: its
// table takes the letters, so the root must not treat them as global keys.
func (m Model) Capturing() bool { return m.filtering || m.naming.op != "" }

// key runs the action key k stands for; a key of none edits the filter when it has
// focus, else does nothing.
func (m Model) key(k tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, k); ok {
		return m.Run(id)
	}
	switch {
	case m.naming.mode() == modeNaming:
		return m.typeName(k)
	case m.naming.op != "":
		return m, nil // a question: only its keys
	case m.filtering:
		return m.typeFilter(k)
	}
	return m, nil
}
