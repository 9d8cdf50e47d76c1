package tui

import (
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/theme"
)

// Every wait is visible: when the request budget holds a request back, a line under
// the view says what it waits for, for how long, and that esc gives it up
// (tui/notice keeps the client's latest wait and words the line).

// refreshWait puts the active wait, if any, on its line.
func (m *Model) refreshWait() {
	x, ok := m.waits.Active(m.now)
	if !ok || m.client == nil {
		m.waitLine = notice.Line{}
		return
	}
	text := notice.WaitText(x, m.now)
	if text != m.waitLine.Text {
		m.waitLine = notice.Line{Text: text, Warn: true}
	}
}

// abandonWait is esc while a request waits for the budget: every waiting request is
// given up (nothing was sent), and the views show them as failed loads, to retry.
func (m *Model) abandonWait() {
	m.client.AbandonWaits()
	m.waits.Clear()
	m.waitLine = notice.Line{}
	m.setNotice(theme.WarningMark+" gave up waiting for the request budget; nothing was sent (r reloads)", true)
}
