package tui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/termtext"
)

// The banner, the notice and the wait line are rendered by tui/notice; what is said,
// and when, is decided here.

// setNotice says text on the notice line for a few seconds.
func (m *Model) setNotice(text string, warn bool) {
	m.under.Say(text, warn, false, m.now)
}

// showError turns a failure into the banner, or into the login screen when the key
// itself is gone.
func (m Model) showError(e msgs.Error) (Model, tea.Cmd) {
	if e.Err == nil || errors.Is(e.Err, api.ErrWaitAbandoned) {
		return m, nil // the user gave the wait up; the notice said so already
	}
	op := termtext.Clean(e.Op)
	if api.IsCode(e.Err, api.CodeInvalidKey) || api.IsCode(e.Err, api.CodeKeyRevoked) ||
		api.IsCode(e.Err, api.CodeMissingBearerToken) {
		reason := login.Explain(e.Err, m.lastIP).String()
		if op != "" {
			reason = op + ": " + reason
		}
		m.toLogin(reason)
		return m, nil
	}
	b := notice.NewBanner(op, e.Err, notice.Why(login.Explain(e.Err, m.lastIP)), m.now, m.budget.DayResetsAt)
	if b.Same(m.under.Banner) {
		return m, nil // the same failure from another request: no flicker
	}
	b.Render(m.now, m.width, notice.Height(m.height))
	m.under.Banner = b
	return m, nil
}
