package watch

import (
	"errors"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The panel's modes: the list, and the "add id" input in focus.
const (
	modeList   = ""
	modeAdding = "adding"
)

func nonEmpty(m Model) bool { return len(m.items) > 0 }
func inGroup(m Model) bool  { return m.open != "" }

// table is the watch panel's actions. None of them takes a key the root has on
// every screen (docs/tui.md, "Keys"): D, for one, opens the drafts, so clearing the
// decided listings is c.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		if m.adding {
			return modeAdding
		}
		return modeList
	},
	Actions: []action.Action[Model]{
		{ID: "watch.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, When: nonEmpty},
		{ID: "watch.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, When: nonEmpty},
		{ID: "watch.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}, When: nonEmpty},
		{ID: "watch.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}, When: nonEmpty},
		{ID: "watch.first", Moves: true, Desc: "first", Keys: []string{"home", "g"}, Label: "g/home", When: nonEmpty},
		{ID: "watch.last", Moves: true, Desc: "last", Keys: []string{"end", "G"}, Label: "G/end", When: nonEmpty},
		{ID: "watch.open", Desc: "open", Keys: []string{"enter"}, Group: 1, Short: 1, When: nonEmpty},
		{ID: "watch.add", Desc: "add id", Keys: []string{"+", "a"}, Group: 1, Short: 2},
		{ID: "watch.remove", Desc: "remove", Keys: []string{"d", "delete"}, Label: "d", Group: 1, Short: 3, When: nonEmpty},
		{ID: "watch.remove_decided", Desc: "clear decided", Keys: []string{"c"}, Group: 1, When: nonEmpty},
		{ID: "watch.check", Desc: "check now", Keys: []string{"r"}, Group: 1, Short: 4,
			When: func(m Model) bool { return nonEmpty(m) && m.base > 0 }},
		{ID: "watch.back", Desc: "back", Keys: []string{"esc"}, Group: 1, Short: 5,
			When: func(m Model) bool { return !inGroup(m) }},
		{ID: "watch.all_watched", Desc: "all watched", Keys: []string{"esc"}, Group: 1, Short: 5, When: inGroup},

		{ID: "watch.add.type", Desc: "type a listing id", Mode: modeAdding, Typing: true},
		{ID: "watch.add.submit", Desc: "watch id", Keys: []string{"enter"}, Mode: modeAdding, Short: 1},
		{ID: "watch.add.cancel", Desc: "cancel", Keys: []string{"esc"}, Mode: modeAdding, Short: 2},
	},
}

// Table is the panel's actions, for the check of the user's keys and the reference
// of every action id.
func Table() action.Catalog { return table }

// Actions is what the panel does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

// Run does the panel's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	cmd := m.run(id)
	m.refresh()
	return m, cmd
}

// key handles the panel's keys: an action's, else the "add id" input's typing.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if id, ok := table.Match(*m, m.Keys.Map, msg); ok {
		return m.run(id)
	}
	if m.adding {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		m.inputErr = ""
		return cmd
	}
	return nil
}

func (m *Model) run(id action.ID) tea.Cmd {
	page := max(m.listHeight()-1, 1)
	switch id {
	case "watch.up":
		m.cursor--
	case "watch.down":
		m.cursor++
	case "watch.page_up":
		m.cursor -= page
	case "watch.page_down":
		m.cursor += page
	case "watch.first":
		m.cursor = 0
	case "watch.last":
		m.cursor = len(m.items) - 1
	case "watch.open":
		if g, ok := m.selectedGroup(); ok {
			m.openGroup(g)
		} else if e := m.selected(); e != nil {
			return send(msgs.OpenListing{ID: e.ID, Title: e.Title})
		}
	case "watch.add":
		m.adding, m.inputErr = true, ""
		m.input.Reset()
		return m.input.Focus()
	case "watch.remove":
		return m.remove()
	case "watch.remove_decided":
		return m.clearDecided()
	case "watch.check":
		if g, ok := m.selectedGroup(); ok {
			return send(msgs.Notice{Text: i18n.T("watch.notice.group_check", "Group", g, "Open", "enter", "Check", "r")})
		}
		return m.checkNow()
	case "watch.all_watched":
		m.closeGroup()
	case "watch.back":
		return send(msgs.Back{})
	case "watch.add.cancel":
		m.adding, m.inputErr = false, ""
		m.input.Blur()
	case "watch.add.submit":
		id, err := parseID(m.input.Value())
		if err != nil {
			m.inputErr = err.Error()
			return nil
		}
		m.adding, m.inputErr = false, ""
		m.input.Blur()
		return m.watch(id, "", "", true)
	}
	return nil
}

// remove stops watching the listing, or the group, under the cursor.
func (m *Model) remove() tea.Cmd {
	if g, ok := m.selectedGroup(); ok {
		for _, e := range m.store.Entries() {
			if e.Group == g {
				m.forget(e.ID)
			}
		}
		n := m.store.RemoveGroup(g)
		return tea.Batch(m.save(), send(msgs.Notice{Text: i18n.T("watch.notice.stopped_group", "Group", g, "Listings", i18n.N("count.listings", n))}))
	}
	e := m.selected()
	if e == nil {
		return nil
	}
	m.forget(e.ID)
	m.store.Remove(e.ID)
	return tea.Batch(m.save(), send(msgs.Notice{Text: i18n.T("watch.notice.stopped", "ID", e.ID)}))
}

// clearDecided drops the decided (and gone) listings: all of them at the top of the
// panel, the open group's in a group.
func (m *Model) clearDecided() tea.Cmd {
	for _, e := range m.store.Entries() {
		if !e.Pollable() && (m.open == "" || e.Group == m.open) {
			m.forget(e.ID)
		}
	}
	var n int
	if m.open == "" {
		n = m.store.RemoveDecided()
	} else {
		n = m.store.RemoveDecidedIn(m.open)
	}
	if n == 0 {
		return send(msgs.Notice{Text: i18n.T("watch.notice.nothing_decided")})
	}
	return tea.Batch(m.save(), send(msgs.Notice{Text: i18n.N("watch.notice.removed_decided", n)}))
}

// checkNow puts the selected entry first, within the budget rule.
func (m *Model) checkNow() tea.Cmd {
	e := m.selected()
	if e == nil {
		return nil
	}
	if m.base <= 0 {
		return send(msgs.Notice{Text: i18n.T("watch.notice.polling_off")})
	}
	var cmds []tea.Cmd
	if !e.Pollable() {
		m.rearm(e)
		cmds = append(cmds, m.save())
	}
	m.authPaused = false
	m.priority, m.asked = e.ID, e.ID
	cmd := m.maybePoll()
	switch {
	case cmd != nil:
		cmds = append(cmds, cmd)
	case m.at.Before(m.holdUntil):
		cmds = append(cmds, send(msgs.Notice{Text: i18n.T(
			"watch.notice.held", "ID", e.ID, "Why", m.holdWord(), "Wait", untilText(m.holdUntil, m.at))}))
	}
	return tea.Batch(cmds...)
}

// forget drops in-memory state tied to an id that leaves the list.
func (m *Model) forget(id int) {
	if m.inflight.id == id {
		m.inflight.discard = true
	}
	if m.priority == id {
		m.priority = 0
	}
	if m.asked == id {
		m.asked = 0
	}
}

// parseID accepts a listing id typed or pasted: digits only, surrounding spaces and a
// leading "#" forgiven.
func parseID(s string) (int, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if s == "" {
		return 0, errors.New(i18n.T("watch.id.empty", "Example", "10062"))
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, errors.New(i18n.T("watch.id.digits", "Example", "10062"))
		}
	}
	id, err := strconv.Atoi(s)
	if err != nil || id <= 0 || id > 1<<31-1 {
		return 0, errors.New(i18n.T("watch.id.bad", "Text", s))
	}
	return id, nil
}
