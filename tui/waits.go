package tui

// Every wait is visible: when the request budget holds a request back, a line under
// the view says what it waits for, for how long, and that esc gives it up
// (tui/notice keeps the client's latest wait, the user's only, and words the line).

// abandonWait is esc while a request waits for the budget: every waiting request of
// the user's is given up (nothing was sent), and the views show them as failed loads,
// to retry. A job's waiting requests are its own: the job goes on.
func (m *Model) abandonWait() {
	m.client.AbandonForegroundWaits()
	m.setNotice(m.under.GiveUp(), true)
}
