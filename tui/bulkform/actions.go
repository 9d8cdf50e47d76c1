package bulkform

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
)

// The form's modes: the plan, each form, and the question before throwing a form
// away. While the city picker has the screen, its table is the view's.
const (
	modePlan   = "plan"
	modePrice  = "price"
	modeFields = "fields"
	modeAsking = "asking"
)

func changes(m Model) bool { return len(m.plan.Changes) > 0 }

// onText says a field that takes letters has the focus: the name and the phone,
// and the city, whose letters open its search.
func onText(m Model) bool {
	c := m.form.cur
	return c == fName || c == fPhone || c == fCity
}

func onChoice(m Model) bool { return choices[m.form.cur] != nil }
func onCity(m Model) bool   { return m.form.cur == fCity }

// table is the bulk form's actions. The price form's inputs and the fields form's
// text fields take the printable keys; elsewhere the root keeps its own (? is its
// help), but n, which says no in the plan and the question.
var table = action.Table[Model]{
	Mode: func(m Model) string {
		switch {
		case m.discarding:
			return modeAsking
		case m.stage == stPrice:
			return modePrice
		case m.stage == stFields:
			return modeFields
		}
		return modePlan
	},
	Actions: []action.Action[Model]{
		{ID: "bulkform.price_input", Desc: "type the price", Mode: modePrice, Typing: true},
		{ID: "bulkform.price_plan", Desc: "plan", Keys: []string{"enter"}, Mode: modePrice, Group: 1, Short: 1},
		{ID: "bulkform.price_next", Desc: "next", Keys: []string{"tab", "shift+tab"}, Label: "tab",
			Mode: modePrice, Short: 2},
		{ID: "bulkform.price_back", Desc: "cancel", Keys: []string{"esc"}, Mode: modePrice, Group: 1, Short: 3},

		{ID: "bulkform.fields_input", Desc: "type the field", Mode: modeFields, Typing: true, When: onText},
		{ID: "bulkform.fields_next", Desc: "next field", Keys: []string{"tab", "down"}, Label: "↓/tab",
			Mode: modeFields, Short: 1},
		{ID: "bulkform.fields_prev", Desc: "previous field", Keys: []string{"shift+tab", "up"}, Label: "↑/shift+tab",
			Mode: modeFields},
		{ID: "bulkform.fields_choose_next", Desc: "next choice", Keys: []string{"right", " "}, Label: "→/space",
			Mode: modeFields, Short: 2, When: onChoice},
		{ID: "bulkform.fields_choose_prev", Desc: "previous choice", Keys: []string{"left"},
			Mode: modeFields, When: onChoice},
		{ID: "bulkform.fields_clear_city", Desc: "clear the city", Keys: []string{"delete", "backspace"},
			Label: "del", Mode: modeFields, When: onCity},
		{ID: "bulkform.fields_plan", Desc: "plan", Keys: []string{"enter", "ctrl+s"}, Label: "enter",
			Mode: modeFields, Group: 1, Short: 3},
		{ID: "bulkform.fields_back", Desc: "cancel", Keys: []string{"esc"}, Mode: modeFields, Group: 1, Short: 4},

		{ID: "bulkform.start", Desc: "start the job", Keys: []string{"y", "Y", "enter"}, Label: "y/enter",
			Mode: modePlan, Short: 1, When: changes},
		{ID: "bulkform.close", Desc: "close", Keys: []string{"enter", "y", "Y"}, Label: "enter",
			Note: func(Model) string { return "nothing to send" }, Mode: modePlan, Short: 1, When: func(m Model) bool { return !changes(m) }},
		{ID: "bulkform.cancel", Desc: "cancel", Keys: []string{"n", "N", "esc"}, Label: "n/esc",
			Mode: modePlan, Short: 2, Shadows: []action.ID{"global.new"}},
		{ID: "bulkform.up", Moves: true, Desc: "up", Keys: []string{"up", "k"}, Mode: modePlan, Group: 1},
		{ID: "bulkform.down", Moves: true, Desc: "down", Keys: []string{"down", "j"}, Mode: modePlan, Group: 1, Short: 3},
		{ID: "bulkform.page_up", Moves: true, Desc: "page up", Keys: []string{"pgup"}, Mode: modePlan, Group: 1},
		{ID: "bulkform.page_down", Moves: true, Desc: "page down", Keys: []string{"pgdown"}, Mode: modePlan, Group: 1},

		// Throwing a form away asks first; the question takes every letter.
		{ID: "bulkform.ask", Desc: "answer the question", Mode: modeAsking, Typing: true},
		{ID: "bulkform.discard", Desc: "discard what you set", Keys: []string{"y", "Y"}, Label: "y",
			Mode: modeAsking, Short: 1},
		{ID: "bulkform.keep", Desc: "keep editing", Keys: []string{"n", "N", "esc"}, Label: "n/esc",
			Mode: modeAsking, Short: 2},
	},
}

// Table is the bulk form's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the view does now: the city picker's while it has the screen.
func (m Model) Actions() []action.Bound {
	if m.picking && !m.discarding {
		return m.city.Actions()
	}
	return table.Reach(m, m.Keys.Map)
}

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return action.HelpOf(m.Actions()) }

// SetKeymap gives the form and its city picker the user's keys.
func (m *Model) SetKeymap(km action.Keymap) {
	m.Keys.Map = km
	m.city.SetKeymap(km)
}

// Run does the bulk form's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	if m.picking && !m.discarding {
		var cmd tea.Cmd
		m.city, cmd = m.city.Run(id)
		return m, cmd
	}
	switch id {
	case "bulkform.price_plan":
		c, err := m.price.change()
		if m.price.err = errText(err); err == nil {
			m.makePlan(bulk.Action{Price: &c})
		}
	case "bulkform.price_next":
		m.price.cur = 1 - m.price.cur
		return m, m.price.focus()
	case "bulkform.price_back":
		return m.leave(m.price.dirty())
	case "bulkform.fields_next":
		m.form.cur = (m.form.cur + 1) % numFields
		return m, m.form.focus()
	case "bulkform.fields_prev":
		m.form.cur = (m.form.cur + numFields - 1) % numFields
		return m, m.form.focus()
	case "bulkform.fields_choose_next":
		m.form.turn(1)
	case "bulkform.fields_choose_prev":
		m.form.turn(-1)
	case "bulkform.fields_clear_city":
		m.form.cityRef, m.form.cityLabel = "", ""
	case "bulkform.fields_plan":
		e, err := m.form.patch()
		if m.form.err = errText(err); err == nil {
			m.makePlan(bulk.Action{Edit: true, Patch: e})
		}
	case "bulkform.fields_back":
		return m.leave(m.form.dirty())
	case "bulkform.start":
		return m, emit(msgs.StartJob{Verb: string(m.verb), Plan: m.plan})
	case "bulkform.close", "bulkform.cancel":
		return m, emit(msgs.Back{})
	case "bulkform.up", "bulkform.down", "bulkform.page_up", "bulkform.page_down":
		m.box.ScrollAction(string(id))
	case "bulkform.discard":
		m.discarding = false
		return m, emit(msgs.Back{})
	case "bulkform.keep":
		m.discarding = false
	}
	return m, nil
}

// errText is what a form says of err, in the interface's language when bulk says
// it as a rules.Why: nothing when there is none.
func errText(err error) string {
	if w, ok := err.(rules.Why); ok {
		return i18n.Reason("bulkform.why.", w)
	}
	if err == nil {
		return ""
	}
	return err.Error()
}
