package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/msgs"
)

// learnScopes takes the key's scopes from the ping (tui/keycheck): without
// listings:write the app is read-only from the start, and every view is told.
func (m Model) learnScopes(write bool) (Model, tea.Cmd) {
	if m.readOnly == !write {
		return m, nil
	}
	m.readOnly = !write
	if m.readOnly {
		m.setNotice(keycheck.ReadOnly(), true)
	}
	return m.broadcast(msgs.KeyScopes{Write: write})
}
