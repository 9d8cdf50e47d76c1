package watch

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

// KeyMap is the watch panel's keys; it feeds the help bar (help.KeyMap). None of them
// is one the root takes on every screen (docs/tui.md, "Keys"): D, for one, opens the
// drafts, so clearing the decided listings is c.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Open, Add, Remove, RemoveDecided      key.Binding
	Check, Back                           key.Binding
	// Submit and Cancel act while the "add id" input has focus.
	Submit, Cancel key.Binding

	capturing bool
	inGroup   bool // a group is open: esc goes back to the top of the panel
}

// DefaultKeyMap returns the panel's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:            key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:          key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:        key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:      key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:          key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:           key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Open:          key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Add:           key.NewBinding(key.WithKeys("+", "a"), key.WithHelp("+/a", "add id")),
		Remove:        key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")),
		RemoveDecided: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "clear decided")),
		Check:         key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "check now")),
		Back:          key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Submit:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "watch id")),
		Cancel:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the footer's line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.capturing {
		return []key.Binding{k.Submit, k.Cancel}
	}
	return []key.Binding{k.Open, k.Add, k.Remove, k.Check, k.back()}
}

// FullHelp is the help overlay's columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.capturing {
		return [][]key.Binding{{k.Submit, k.Cancel}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Open, k.Add, k.Remove, k.RemoveDecided, k.Check, k.back()},
	}
}

func (k KeyMap) back() key.Binding {
	if k.inGroup {
		b := k.Back
		b.SetHelp("esc", "all watched")
		return b
	}
	return k.Back
}

// key handles the panel's keys.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	page := max(m.listHeight()-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		m.cursor--
	case key.Matches(msg, k.Down):
		m.cursor++
	case key.Matches(msg, k.PageUp):
		m.cursor -= page
	case key.Matches(msg, k.PageDown):
		m.cursor += page
	case key.Matches(msg, k.Home):
		m.cursor = 0
	case key.Matches(msg, k.End):
		m.cursor = len(m.items) - 1
	case key.Matches(msg, k.Open):
		if g, ok := m.selectedGroup(); ok {
			m.openGroup(g)
		} else if e := m.selected(); e != nil {
			return send(msgs.OpenListing{ID: e.ID, Title: e.Title})
		}
	case key.Matches(msg, k.Add):
		m.adding, m.inputErr = true, ""
		m.input.Reset()
		return m.input.Focus()
	case key.Matches(msg, k.Remove):
		return m.remove()
	case key.Matches(msg, k.RemoveDecided):
		return m.clearDecided()
	case key.Matches(msg, k.Check):
		if g, ok := m.selectedGroup(); ok {
			return send(msgs.Notice{Text: fmt.Sprintf("%s is a group: enter shows its listings, r there checks one", g)})
		}
		return m.checkNow()
	case key.Matches(msg, k.Back):
		if m.open != "" {
			m.closeGroup()
			return nil
		}
		return send(msgs.Back{})
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
		return tea.Batch(m.save(), send(msgs.Notice{Text: fmt.Sprintf("Stopped watching %s (%d listing%s)", g, n, plural(n))}))
	}
	e := m.selected()
	if e == nil {
		return nil
	}
	m.forget(e.ID)
	m.store.Remove(e.ID)
	return tea.Batch(m.save(), send(msgs.Notice{Text: fmt.Sprintf("Stopped watching listing %d", e.ID)}))
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
		return send(msgs.Notice{Text: "Nothing decided to remove"})
	}
	return tea.Batch(m.save(), send(msgs.Notice{Text: fmt.Sprintf("Removed %d decided listing%s", n, plural(n))}))
}

// checkNow puts the selected entry first, within the budget rule.
func (m *Model) checkNow() tea.Cmd {
	e := m.selected()
	if e == nil {
		return nil
	}
	if m.base <= 0 {
		return send(msgs.Notice{Text: "Polling is off (watch interval 0): listing not checked"})
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
		cmds = append(cmds, send(msgs.Notice{Text: fmt.Sprintf(
			"Listing %d will be checked when the %s allows it (%s)", e.ID, m.holdWhy, untilText(m.holdUntil, m.at))}))
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

// inputKey handles keys while the "add id" input has focus.
func (m *Model) inputKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Cancel):
		m.adding, m.inputErr = false, ""
		m.input.Blur()
		return nil
	case key.Matches(msg, m.keys.Submit):
		id, err := parseID(m.input.Value())
		if err != nil {
			m.inputErr = err.Error()
			return nil
		}
		m.adding, m.inputErr = false, ""
		m.input.Blur()
		return m.watch(id, "", "", true)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	m.inputErr = ""
	return cmd
}

// parseID accepts a listing id typed or pasted: digits only, surrounding spaces and a
// leading "#" forgiven.
func parseID(s string) (int, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if s == "" {
		return 0, fmt.Errorf("type a listing id, e.g. 10062")
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("a listing id is digits only, e.g. 10062")
		}
	}
	id, err := strconv.Atoi(s)
	if err != nil || id <= 0 || id > 1<<31-1 {
		return 0, fmt.Errorf("%s is not a listing id", s)
	}
	return id, nil
}
