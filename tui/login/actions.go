package login

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
)

func onButtons(m Model) bool { return m.focus == fieldButtons }

// table is the login screen's actions. A text field in focus takes the printable
// keys; on the box and the buttons, the root's ? and q work.
var table = action.Table[Model]{
	Actions: []action.Action[Model]{
		{ID: "login.type", Desc: "type in the field", Typing: true, When: Model.Capturing},
		{ID: "login.next", Desc: "next field", Keys: []string{"tab", "down"}, Label: "tab", Short: 1},
		{ID: "login.prev", Desc: "previous", Keys: []string{"shift+tab", "up"}, Label: "shift+tab"},
		{ID: "login.confirm", Desc: "confirm", Keys: []string{"enter"}, Short: 2},
		{ID: "login.tick", Desc: "tick", Keys: []string{" ", "x"}, Group: 1, Short: 3,
			When: func(m Model) bool { return m.focus == fieldInsecure }},
		// Each arrow is offered where it moves: the other button is there to go to.
		{ID: "login.choose_login", Desc: "choose log in", Keys: []string{"left", "h"}, Label: "←", Group: 1, Short: 3,
			When: func(m Model) bool { return onButtons(m) && m.button == buttonSandbox }},
		{ID: "login.choose_sandbox", Desc: "choose the sandbox", Keys: []string{"right", "l"}, Label: "→", Group: 1, Short: 3,
			When: func(m Model) bool { return onButtons(m) && m.button == buttonLogin && m.cfg.Sandbox != nil }},
	},
}

// Table is the screen's actions, for the check of the user's keys and the
// reference of every action id.
func Table() action.Catalog { return table }

// Actions is what the screen does now.
func (m Model) Actions() []action.Bound { return table.Reach(m, m.Keys.Map) }

// KeyMap is the help of Actions.
func (m Model) KeyMap() action.Help { return table.Help(m, m.Keys.Map) }

// Run does the screen's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	switch id {
	case "login.next":
		m.move(1)
	case "login.prev":
		m.move(-1)
	case "login.confirm":
		return m.confirm()
	case "login.tick":
		m.insecure = !m.insecure
	case "login.choose_login":
		m.button = buttonLogin
	case "login.choose_sandbox":
		m.button = buttonSandbox
	}
	return m, nil
}

// confirm is enter: the buttons press the one chosen; the box offered when the
// keyring failed logs in with it as it is (space ticks it), as from the last
// field; any other field goes on to the next one.
func (m Model) confirm() (Model, tea.Cmd) {
	switch {
	case m.focus == fieldButtons:
		return m.submit()
	case m.focus == fieldInsecure, m.focus == m.order()[len(m.order())-2]:
		m.button = buttonLogin
		return m.submit()
	}
	m.move(1)
	return m, nil
}

// handleKey runs the action of a key, or gives the key to the field in focus.
func (m Model) handleKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	if id, ok := table.Match(m, m.Keys.Map, msg); ok {
		return m.Run(id)
	}
	return m.forward(msg)
}
