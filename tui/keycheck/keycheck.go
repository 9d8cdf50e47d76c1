// Package keycheck is the start's check of the key in use: one ping after start and
// after a login, which teaches the request meter the key's limits, gives the address
// the service sees (for the login screen's explanations) and tells the key's scopes;
// and what the app says while the key may not write. Turning the app read-only, and
// telling the views, is the root's.
package keycheck

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// ReadOnly says, once at start and whenever a write key is pressed, why nothing that
// writes is offered, and what to do, in the interface's language.
func ReadOnly() string { return theme.WarningMark + " " + i18n.T("root.read_only") }

// CheckOp is what the banner says failed when the ping did: "check the key".
func CheckOp() string { return i18n.T("root.check_key") }

// Pinged is the answer of the ping.
type Pinged struct {
	Info *api.KeyInfo
	Err  error
}

// Ping asks the service about the key, off the event loop.
func Ping(c *api.Client) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		info, err := c.Ping(ctx)
		return Pinged{Info: info, Err: err}
	}
}

// Writes reports whether the key may write: without listings:write the app is
// read-only from the start, instead of spending a request on each refused write (and
// opening an editor whose listing could never be sent).
func (p Pinged) Writes() bool { return p.Info != nil && p.Info.HasScope(api.ScopeWrite) }
