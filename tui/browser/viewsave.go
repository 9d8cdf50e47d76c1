package browser

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Saving the filter and sort on screen as a view (ctrl+s, in the filter too), and
// renaming or deleting the view on screen (the palette): a name asked in the footer,
// a y/n question before a delete, the config written off the loop (ViewConfig.Edit,
// the file read again and every other setting kept), and the tabs changed once it
// is written.

const (
	modeNaming   = "naming"
	modeDeleting = "deleting"
)

// naming is the footer's question: a view's name to save or rename it under, or
// whether to delete it.
type naming struct {
	op    string // opSave, opRename, opDelete; "": no question
	input textinput.Model
	err   string
	def   viewDef // what a save writes
	old   string  // the name of the view renamed, deleted or saved over
}

const (
	opSave   = "save"
	opRename = "rename"
	opDelete = "delete"
)

func (n naming) mode() string {
	switch n.op {
	case "":
		return ""
	case opDelete:
		return modeDeleting
	}
	return modeNaming
}

// Predicates of the views' actions.
func canSaveViews(m Model) bool { return m.viewCfg.Edit != nil }
func hasViews(m Model) bool     { return m.nViews > 0 }
func onSavedView(m Model) bool  { return m.viewCfg.Edit != nil && m.viewOf(m.cur) != nil }

// viewsKey runs the views' actions (actions.go).
func (m Model) viewsKey(id string) (Model, tea.Cmd) {
	v := m.viewOf(m.cur)
	switch {
	case m.nViews == 0 && id == "browser.view.next",
		v == nil && (id == "browser.view.rename" || id == "browser.view.delete"):
		return m, nil // out of reach (actions.go): never run
	}
	switch id {
	case "browser.view.next":
		next := len(tabDefs)
		if m.cur >= len(tabDefs) {
			next = len(tabDefs) + (m.cur-len(tabDefs)+1)%m.nViews
		}
		return m.switchTab(next - m.cur)
	case "browser.view.save", "browser.filter.save":
		d := m.filterOnScreen()
		old := ""
		if v != nil {
			old = v.def.name // enter saves over it; another name makes a new view
		}
		return m.ask(naming{op: opSave, def: d, old: old}, old)
	case "browser.view.rename":
		return m.ask(naming{op: opRename, def: v.def, old: v.def.name}, v.def.name)
	case "browser.view.delete":
		m.naming = naming{op: opDelete, def: v.def, old: v.def.name}
		return m, nil
	case "browser.view.name.cancel", "browser.view.delete.no":
		m.naming = naming{}
		return m, nil
	case "browser.view.delete.yes":
		n := m.naming
		m.naming = naming{}
		return m, m.writeView(n)
	case "browser.view.name.ok":
		return m.nameGiven()
	}
	return m, nil
}

// ask opens the name's input, holding name.
func (m Model) ask(n naming, name string) (Model, tea.Cmd) {
	m.filtering = false
	m.input.Blur()
	n.input = theme.Input()
	n.input.Prompt = i18n.T("browser.view.name_prompt") + " "
	n.input.PromptStyle = theme.Key
	n.input.CharLimit = maxViewName
	n.input.Width = max(min(m.width/2-12, maxViewName), 8)
	n.input.Cursor.SetMode(cursor.CursorStatic)
	n.input.SetValue(name)
	n.input.CursorEnd()
	m.naming = n
	return m, m.naming.input.Focus()
}

// typeName edits the name with a key no action has.
func (m Model) typeName(k tea.KeyMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.naming.input, cmd = m.naming.input.Update(k)
	m.naming.err = ""
	return m, cmd
}

// nameGiven checks the name typed and writes the view; a name that cannot be one
// is said beside the input, which stays.
func (m Model) nameGiven() (Model, tea.Cmd) {
	n := m.naming
	name := strings.TrimSpace(n.input.Value())
	err := checkName(name)
	if err == nil && !strings.EqualFold(name, n.old) && m.viewIndex(name) >= 0 {
		err = errors.New(i18n.T("browser.view.exists", "Name", fmt.Sprintf("%q", name)))
	}
	if err != nil {
		m.naming.err = err.Error()
		return m, nil
	}
	n.def.name = name
	m.naming = naming{}
	return m, m.writeView(n)
}

// filterOnScreen is the filter and sort on screen as a view: the status of the tab
// (or the view on screen), its words and the filter's, the order.
func (m *Model) filterOnScreen() viewDef {
	var d viewDef
	if v := m.viewOf(m.cur); v != nil {
		d = v.def
	} else {
		d.status = viewStatus(m.cur)
	}
	if m.query != "" && !slices.Contains(strings.Fields(d.search), m.query) {
		d.search = strings.TrimSpace(d.search + " " + m.query)
	}
	if r := []rune(d.search); len(r) > maxViewText {
		d.search = string(r[:maxViewText])
	}
	d.order = m.order
	return d
}

// viewIndex is the index of the view called name (in any case), or -1.
func (m *Model) viewIndex(name string) int {
	for vi := range m.nViews {
		if strings.EqualFold(m.views[vi].def.name, name) {
			return vi
		}
	}
	return -1
}

// viewWritten answers writeView.
type viewWritten struct {
	n   naming
	err error
}

// writeView writes n's change to the config, off the loop.
func (m *Model) writeView(n naming) tea.Cmd {
	edit := m.viewCfg.Edit
	return func() tea.Msg {
		return viewWritten{n: n, err: edit(func(e *ViewEdit) error { return applyEdit(e, n) })}
	}
}

// applyEdit is n's change to the config's views as the file holds them now: the
// entries it does not touch stay as they are written, even one the app left out.
func applyEdit(e *ViewEdit, n naming) error {
	find := func(name string) int {
		for i, raw := range e.Views {
			var v struct{ Name string }
			if json.Unmarshal(raw, &v) == nil && strings.EqualFold(strings.TrimSpace(v.Name), name) {
				return i
			}
		}
		return -1
	}
	at, clash := find(n.old), find(n.def.name)
	switch {
	case n.op != opDelete && clash >= 0 && !strings.EqualFold(n.def.name, n.old):
		return errors.New(i18n.T("browser.view.err.clash", "Name", fmt.Sprintf("%q", n.def.name)))
	case n.op == opSave && at < 0 && len(e.Views) >= maxViews:
		return errors.New(i18n.N("browser.view.err.full", len(e.Views)))
	case n.op == opSave && at < 0:
		e.Views = append(e.Views, n.def.encode())
		return nil
	case at < 0:
		return errors.New(i18n.T("browser.view.err.gone", "Name", fmt.Sprintf("%q", n.old)))
	case n.op == opSave:
		e.Views[at] = n.def.encode()
	case n.op == opDelete:
		e.Views = slices.Delete(e.Views, at, at+1)
		delete(e.Columns, n.old)
	case n.op == opRename:
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(e.Views[at], &obj); err != nil {
			return errors.New(i18n.T("browser.view.err.not_object"))
		}
		obj["name"], _ = json.Marshal(n.def.name)
		e.Views[at], _ = json.Marshal(obj)
		if cols, ok := e.Columns[n.old]; ok {
			delete(e.Columns, n.old)
			e.Columns[n.def.name] = cols
		}
	}
	return nil
}

// onViewWritten changes the tabs as the config now says, and tells where.
func (m Model) onViewWritten(msg viewWritten) (Model, tea.Cmd) {
	n := msg.n
	if msg.err != nil {
		return m, emit(msgs.Error{Op: viewOp(n.op, n.def.name), Err: msg.err})
	}
	vi := m.viewIndex(n.old)
	switch {
	case n.op == opDelete && vi >= 0:
		m.removeView(vi)
	case n.op == opRename && vi >= 0:
		m.views[vi].def.name = n.def.name
	case n.op == opSave && vi >= 0 && strings.EqualFold(n.old, n.def.name):
		m.views[vi].def = n.def
		m.views[vi].read = false
		m.views[vi].gen++
		m.tabs[len(tabDefs)+vi].sortedFor.ok = false
		m.clearFilter() // its words are the view's now
	case n.op == opSave && m.nViews < maxViews:
		ti := m.addView(n.def)
		m.clearFilter() // its words are the view's now
		m, _ = m.switchTab(ti - m.cur)
	}
	m.ensure(m.cur)
	m.cols = m.computeLayout()
	return m, tea.Batch(m.rereadViews(), emit(msgs.Notice{Text: viewDone(n.op, n.def.name, configWhere(m.viewCfg.File))}))
}

// addView adds d's tab after the others and returns its index.
func (m *Model) addView(d viewDef) int {
	ti := len(tabDefs) + m.nViews
	st := d.status
	if st == "moderation" {
		st = ""
	}
	m.views[m.nViews] = viewTab{def: d, src: viewSource(st)}
	m.nViews++
	m.tabs[ti], m.carry[ti] = tabState{}, tally{}
	tabs, _ := parseColumns(m.colCfg, m.viewNames())
	m.colTabs[ti] = tabs[ti]
	return ti
}

// removeView takes view vi's tab away; the tab on screen stays, or the one before
// it when it was that one.
func (m *Model) removeView(vi int) {
	ti := len(tabDefs) + vi
	copy(m.views[vi:], m.views[vi+1:m.nViews])
	copy(m.tabs[ti:], m.tabs[ti+1:])
	copy(m.carry[ti:], m.carry[ti+1:])
	copy(m.colTabs[ti:], m.colTabs[ti+1:])
	m.nViews--
	m.views[m.nViews] = viewTab{}
	if m.cur >= ti {
		prev := m.cur
		m.cur = max(m.cur-1, 0)
		if prev == ti {
			m.orderFor(prev)
		}
	}
}

// viewNames are the views' names, in the order of their tabs.
func (m *Model) viewNames() []string {
	out := make([]string, m.nViews)
	for vi := range out {
		out[vi] = m.views[vi].def.name
	}
	return out
}

// orderFor sets the order of the tab on screen, coming from tab prev: a view shows
// in its own sort; the built-in tabs get back the order they had.
func (m *Model) orderFor(prev int) {
	if prev < len(tabDefs) && m.cur >= len(tabDefs) {
		m.plainOrder = m.order
	}
	if v := m.viewOf(m.cur); v != nil {
		m.order = v.def.order
	} else if prev >= len(tabDefs) {
		m.order = m.plainOrder
	}
}

// namingLine is the footer's question, "" when none is asked.
func (m *Model) namingLine() string {
	switch m.naming.op {
	case "":
		return ""
	case opDelete:
		return theme.Warning.Render(i18n.T("browser.view.delete_ask", "Name", m.naming.old)) + " " +
			theme.Key.Render("y") + theme.Muted.Render(" "+i18n.T("browser.view.delete_yes")+" · ") +
			theme.Key.Render("n") + theme.Muted.Render(" "+i18n.T("browser.view.delete_no"))
	}
	line := m.naming.input.View()
	if m.naming.err != "" {
		line += "  " + theme.Danger.Render(m.naming.err)
	}
	return line
}

// viewOp is what a failed write of view name was doing, for the banner.
func viewOp(op, name string) string {
	switch op {
	case opRename:
		return i18n.T("browser.view.op.rename", "Name", name)
	case opDelete:
		return i18n.T("browser.view.op.delete", "Name", name)
	}
	return i18n.T("browser.view.op.save", "Name", name)
}

// viewDone says a write of view name is done, and in which file.
func viewDone(op, name, where string) string {
	switch op {
	case opRename:
		return i18n.T("browser.view.renamed", "Name", name, "Where", where)
	case opDelete:
		return i18n.T("browser.view.deleted", "Name", name, "Where", where)
	}
	return i18n.T("browser.view.saved", "Name", name, "Where", where)
}
