package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// readOnlyNote says, once at start and whenever a write key is pressed, why nothing
// that writes is offered, and what to do.
func readOnlyNote() string { return theme.WarningMark + " " + i18n.T("root.read_only") }

// learnScopes takes the key's scopes from ping: without listings:write the app is
// read-only from the start, instead of spending a request on each refused write (and
// opening an editor whose listing could never be sent).
func (m Model) learnScopes(info *api.KeyInfo) (Model, tea.Cmd) {
	write := info.HasScope(api.ScopeWrite)
	if m.readOnly == !write {
		return m, nil
	}
	m.readOnly = !write
	if m.readOnly {
		m.setNotice(readOnlyNote(), true)
	}
	return m.broadcast(msgs.KeyScopes{Write: write})
}
