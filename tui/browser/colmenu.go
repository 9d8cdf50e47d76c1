package browser

import (
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// The column menu (C): the tab's columns with a box each, the shown ones first in
// their order, then the others (the built-in ones, then the attributes the mirror
// knows). Space shows or hides one, alt+↑/↓ moves a shown one; the table follows at
// once. ctrl+s writes the tab's list to the config (tui.columns), through the
// Save the root gives, which keeps every other setting of the file.

// ColumnConfig is the config's tui.columns, where it was read, and how a tab's list
// is written back.
type ColumnConfig struct {
	Tabs map[string][]string
	File string
	// Save writes the list of the tab called tab to the config; nil: the menu
	// cannot save.
	Save func(tab string, list []string) error
}

// WithColumns lays the tabs out as the config says; what in it does not apply is
// said at start (Init).
func WithColumns(c ColumnConfig) Option {
	return func(m *Model) {
		m.colCfg = c.Tabs // read in New, beside the views: a view's tab has columns too
		m.colFile, m.colSave = c.File, c.Save
	}
}

// colMenu is the column menu's state.
type colMenu struct {
	open   bool
	cursor int
}

const modeColumns = "columns"

// menuW is the menu's width, border included.
const menuW = 34

// tabCols is the tab on screen's columns.
func (m *Model) tabCols() []colSpec { return m.colTabs[m.cur] }

// menuItems are the menu's column ids: the shown ones in order, then the others.
func (m *Model) menuItems() []string {
	shown := m.tabCols()
	var out []string
	for _, c := range shown {
		out = append(out, c.id)
	}
	has := func(id string) bool { return slices.ContainsFunc(shown, func(c colSpec) bool { return c.id == id }) }
	for _, id := range builtinIDs {
		if !has(id) && (id != colGain || m.mir.db != nil) {
			out = append(out, id)
		}
	}
	for _, k := range m.attrKeys {
		if id := attrPrefix + k; !has(id) {
			out = append(out, id)
		}
	}
	return out
}

// columnsKey runs the menu's actions (actions.go).
func (m Model) columnsKey(id string) (Model, tea.Cmd) {
	items := m.menuItems()
	c := &m.menu.cursor
	switch id {
	case "browser.columns":
		m.menu = colMenu{open: true}
		return m, m.readAttrs()
	case "browser.columns.close":
		m.menu.open = false
	case "browser.columns.up":
		*c = max(*c-1, 0)
	case "browser.columns.down":
		*c = min(*c+1, len(items)-1)
	case "browser.columns.toggle":
		return m.toggleColumn(items[*c])
	case "browser.columns.move_up", "browser.columns.move_down":
		d := 1
		if id == "browser.columns.move_up" {
			d = -1
		}
		list := slices.Clone(m.tabCols())
		if j := *c + d; *c < len(list) && j >= 0 && j < len(list) {
			list[*c], list[j] = list[j], list[*c]
			*c = j
			m.setTabCols(list)
		}
	case "browser.columns.save":
		return m, m.saveColumns()
	}
	return m, nil
}

// toggleColumn shows the column id at the end of the tab's list, or hides it; the
// cursor stays on it.
func (m Model) toggleColumn(id string) (Model, tea.Cmd) {
	if id == colTitle {
		return m, emit(msgs.Notice{Text: i18n.T("browser.columns.title_stays")})
	}
	list := slices.Clone(m.tabCols())
	var cmd tea.Cmd
	if i := slices.IndexFunc(list, func(c colSpec) bool { return c.id == id }); i >= 0 {
		list = slices.Delete(list, i, i+1)
	} else {
		list = append(list, colSpec{id: id})
	}
	m.setTabCols(list)
	m.menu.cursor = max(slices.Index(m.menuItems(), id), 0)
	if strings.HasPrefix(id, attrPrefix) && m.attrs[strings.TrimPrefix(id, attrPrefix)] == nil {
		cmd = m.readAttrs() // its values, now that it shows
	}
	return m, cmd
}

// setTabCols replaces the tab on screen's list (never changed in place: copies of
// the model share it) and lays the table out again.
func (m *Model) setTabCols(list []colSpec) {
	m.colTabs[m.cur] = list
	m.cols = m.computeLayout()
}

// saveColumns writes the tab's list to the config, off the Update.
func (m *Model) saveColumns() tea.Cmd {
	save, tab, list, file := m.colSave, m.def(m.cur).name, specIDs(m.tabCols()), m.colFile
	// The words are drawn now, in the language on screen when the user saved.
	title, op := m.tabTitle(m.cur), i18n.T("browser.columns.save_op")
	where := configWhere(file)
	return func() tea.Msg {
		if err := save(tab, list); err != nil {
			return msgs.Error{Op: op, Err: err}
		}
		return msgs.Notice{Text: i18n.T("browser.columns.saved", "Tab", title, "Where", where)}
	}
}

// configNotice says at start what in the config's columns and views does not apply.
func (m *Model) configNotice() tea.Cmd {
	file := m.colFile
	if file == "" {
		file = m.viewCfg.File
	}
	where := configWhere(file)
	var parts []string
	if len(m.colProblems) > 0 {
		parts = append(parts, i18n.T("browser.config.columns_problems", "Where", where,
			"Problems", strings.Join(m.colProblems, "; ")))
	}
	if len(m.viewProblems) > 0 {
		parts = append(parts, i18n.T("browser.config.views_problems", "Where", where,
			"Problems", strings.Join(m.viewProblems, "; ")))
	}
	if len(parts) == 0 {
		return nil
	}
	return emit(msgs.Notice{Text: theme.WarningMark + " " + strings.Join(parts, " · ")})
}

// menuLines are the menu's lines, at most h, each menuW wide (or the view's width).
func (m *Model) menuLines(h int) []string {
	w := min(menuW, m.width)
	inner := max(w-4, 1)
	items := m.menuItems()
	shown := len(m.tabCols())
	note := m.attrNote()
	room := max(h-2-2, 1) // the border, the heading, the note
	top := min(max(m.menu.cursor-room+1, 0), max(len(items)-room, 0))
	body := []string{theme.Key.Render(layout.Cut(i18n.T("browser.columns.heading", "Tab", m.tabTitle(m.cur)), inner))}
	for i := top; i < min(top+room, len(items)); i++ {
		id := items[i]
		box := "[ ] "
		if i < shown {
			box = "[x] "
		}
		text := menuLabel(id)
		switch {
		case id == colGain && m.mir.db == nil:
			text += " " + i18n.T("browser.columns.no_mirror")
		case strings.HasPrefix(id, attrPrefix) && m.attrRead(id):
			text += " (" + strconv.Itoa(m.attrCount(id)) + ")" // how many listings have it
		}
		line := box + text
		if i == m.menu.cursor {
			line = theme.Selected.Render(layout.Pad(theme.Cursor+" "+line, inner))
		} else {
			line = "  " + line
		}
		body = append(body, layout.Pad(line, inner))
	}
	body = append(body, theme.Muted.Render(layout.Pad(note, inner)))
	box := theme.Border.Width(inner + 2).Render(strings.Join(body, "\n"))
	lines := strings.Split(box, "\n")
	return lines[:min(len(lines), h)]
}

// attrNote says where the attribute columns' values come from.
func (m *Model) attrNote() string {
	switch {
	case m.attrSource() == nil:
		return i18n.T("browser.columns.attr_needs_mirror")
	case len(m.attrKeys) == 0:
		return i18n.T("browser.columns.attr_sync")
	}
	return i18n.T("browser.columns.attr_details")
}

// overlayMenu draws the menu over the right of the body lines of the view.
func (m *Model) overlayMenu(lines []string) {
	const from = 2 // under the tab line and the header
	if len(lines) <= from+1 {
		return
	}
	box := m.menuLines(len(lines) - from - 1) // the footer stays
	left := max(m.width-layout.Width(box[0]), 0)
	for i, b := range box {
		ln := lines[from+i]
		lines[from+i] = layout.Pad(ansi.Truncate(ln, left, ""), left) + "\x1b[m" + b
	}
}

// configWhere names the config file in a message, or the config when its path is
// not known.
func configWhere(file string) string {
	if file != "" {
		return file
	}
	return i18n.T("browser.config.the_config")
}

// menuLabel is column id as the menu names it: its id, which the config writes, and
// before it its heading when the interface's language names it otherwise.
func menuLabel(id string) string {
	if head := colHead(id, id); i18n.UI().Lang() != i18n.English && head != id {
		return head + " · " + id
	}
	return id
}
