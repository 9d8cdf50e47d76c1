package catpick

import (
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
)

// Update handles keys (while focused), the answers of the picker's requests, the
// spinner and a language change.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case treeMsg:
		return m.onTree(msg)
	case suggestMsg:
		return m.onSuggest(msg)
	case spinner.TickMsg:
		if msg.ID != m.spin.ID() || !(m.loading || m.suggesting) {
			return m, nil // nothing runs: let the tick chain stop
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case msgs.LangChanged:
		m.Relabel()
		cmd := m.SetLang(msg.Lang)
		return m, cmd
	case tea.KeyMsg:
		if !m.focused {
			return m, nil
		}
		return m.key(msg)
	case tea.MouseMsg:
		if !m.focused {
			return m, nil
		}
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.move(-1)
		case tea.MouseButtonWheelDown:
			m.move(1)
		}
	}
	return m, nil
}

// key runs the action of k; in the search input, any other key edits the query.
func (m Model) key(k tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, k); ok {
		return m.Run(id)
	}
	if !m.searching {
		return m, nil
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	if m.input.Value() != before {
		m.runSearch(m.idAt(&m.found))
		if inOtherScript(m.input.Value(), m.lang) {
			cmd = tea.Batch(cmd, m.loadSearchLang())
		}
	}
	return m, cmd
}

// openSearch gives the search input the keys, over every level of the tree.
func (m Model) openSearch() (Model, tea.Cmd) {
	if m.tr == nil {
		return m, nil
	}
	m.searching = true
	m.clearNote()
	m.runSearch(m.idAt(&m.browse))
	return m, m.input.Focus()
}

// retry asks for the tree again: it did not load, or came empty.
func (m Model) retry() (Model, tea.Cmd) {
	if m.loading {
		return m, nil
	}
	if m.tr != nil { // an empty tree: ask again rather than keep it
		delete(m.trees, m.lang)
		m.tr = nil
	}
	return m, m.fetch()
}

// choose sends Chosen for a leaf; a group is never chosen.
func (m Model) choose(i int) (Model, tea.Cmd) {
	n := &m.tr.nodes[i]
	if !n.leaf() {
		return m, nil
	}
	m.current = n.id
	m.setNote(noteOK, i18n.T("pickers.cat.chosen", "Path", n.path))
	return m, emit(Chosen{ID: n.id, Path: n.path, Slug: n.slug})
}

// cur is the list on screen.
func (m *Model) cur() *list {
	if m.searching {
		return &m.found
	}
	return &m.browse
}

// at is the index of the node under the cursor of the list on screen.
func (m *Model) at() (int, bool) {
	l := m.cur()
	if m.tr == nil || l.cursor < 0 || l.cursor >= len(l.rows) {
		return 0, false
	}
	return l.rows[l.cursor], true
}

func (m *Model) move(d int) {
	l := m.cur()
	l.cursor = max(min(l.cursor+d, len(l.rows)-1), 0)
	m.scroll(l)
}

// scroll keeps the cursor of l within the rows on screen.
func (m *Model) scroll(l *list) {
	h := m.bodyHeight()
	l.offset = min(l.offset, max(len(l.rows)-h, 0))
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	l.offset = max(l.offset, 0)
}

// openLevel lists the children of the node at index parent (-1: the top), with the
// cursor on row at.
func (m *Model) openLevel(parent, at int) {
	m.parent = parent
	m.browse = list{rows: m.tr.level(parent), cursor: at}
	m.move(0)
}

// up goes to the parent level, with the cursor on the group just left.
func (m *Model) up() {
	if m.parent < 0 {
		return
	}
	m.positionOn(m.parent)
	m.clearNote()
}

// positionOn opens the level of the node at index i with the cursor on it.
func (m *Model) positionOn(i int) {
	p := m.tr.nodes[i].parent
	for r, x := range m.tr.level(p) {
		if x == i {
			m.openLevel(p, r)
			return
		}
	}
	m.openLevel(-1, 0)
}

func (m *Model) closeSearch() {
	if !m.searching {
		return
	}
	m.searching = false
	m.input.Blur()
	m.input.Reset()
	m.found = list{}
}

// runSearch refreshes the results for the query, with the cursor on keep (an id)
// when it still matches.
func (m *Model) runSearch(keep int) {
	m.found = list{}
	if m.tr == nil {
		return
	}
	var also []*tree
	if t, ok := m.trees[searchLang(m.lang)]; ok && t != m.tr {
		also = append(also, t)
	}
	m.found.rows = m.tr.search(m.input.Value(), also...)
	for r, x := range m.found.rows {
		if m.tr.nodes[x].id == keep {
			m.found.cursor = r
			break
		}
	}
	m.move(0)
}

// idAt is the id of the category under l's cursor; 0 when none.
func (m *Model) idAt(l *list) int {
	if m.tr == nil || l.cursor < 0 || l.cursor >= len(l.rows) {
		return 0
	}
	return m.tr.nodes[l.rows[l.cursor]].id
}

// keepPosition remembers where the cursors are, by id, before the tree is swapped
// for another language's (ids are the same in every language).
func (m *Model) keepPosition() {
	if m.tr == nil {
		return // nothing on screen yet; a Select or an AI answer may be waiting
	}
	m.focusID, m.focusWhy = m.idAt(&m.browse), focusKeep
	if m.focusID == 0 && m.parent >= 0 {
		m.focusID = m.tr.nodes[m.parent].id
	}
	m.keepFound = m.idAt(&m.found)
}

// useTree puts t on screen: the level and cursor of the waiting position, the
// search re-run in the new language, the AI note in the new names.
func (m *Model) useTree(t *tree) {
	m.tr = t
	m.openLevel(-1, 0)
	if m.focusID != 0 {
		m.applyFocus()
	}
	if m.searching {
		m.runSearch(m.keepFound)
	}
	m.keepFound = 0
	if m.note.kind == noteAI && m.sugID != 0 {
		m.suggestNote()
	}
}

// applyFocus puts the cursor on focusID (opening its level) in the loaded tree.
func (m *Model) applyFocus() {
	id, why := m.focusID, m.focusWhy
	m.focusID = 0
	i := m.tr.find(id)
	if i < 0 {
		m.openLevel(-1, 0)
	} else {
		m.positionOn(i)
	}
	switch {
	case why == focusSuggest:
		m.suggestNote()
	case why == focusSelect && i < 0:
		m.setNote(noteWarn, i18n.T("pickers.cat.gone", "ID", id))
	case why == focusSelect && !m.tr.nodes[i].leaf():
		m.setNote(noteWarn, i18n.T("pickers.cat.is_group", "Path", m.tr.nodes[i].path))
	case why == focusSelect:
		m.clearNote()
	}
}
