package tui

import (
	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/theme"
)

// Every wait is visible: when the request budget holds a request back, a line under
// the view says what it waits for, for how long, and that esc gives it up
// (tui/notice keeps the client's latest wait and words the line).

// usersWaits keeps the client's waits for the wait line: the user's only. A job's
// waits (api.Background) are its panel's and its footer's to show, and esc, which
// gives up what the line shows, must not give them up.
func usersWaits(w *notice.Waits) func(api.Wait) {
	return func(x api.Wait) {
		if !x.Background {
			w.Note(x)
		}
	}
}

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

// abandonWait is esc while a request waits for the budget: every waiting request of
// the user's is given up (nothing was sent), and the views show them as failed loads,
// to retry. A job's waiting requests are its own: the job goes on.
func (m *Model) abandonWait() {
	m.client.AbandonForegroundWaits()
	m.waits.Clear()
	m.waitLine = notice.Line{}
	m.setNotice(theme.WarningMark+" "+i18n.T("root.wait.gave_up"), true)
}
