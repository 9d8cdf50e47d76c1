package tui

import (
	"fmt"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/format"
	"github.com/listings-tui/listings/tui/theme"
)

// Every wait is visible: when the request budget holds a request back, a line under
// the view says what it waits for, for how long, and that esc gives it up. The client
// reports each wait (api.Client.OnWaits) from the request's goroutine into waits; the
// root reads it on every update and each second.

// waits is the latest budget wait of the client, shared by the copies of the root.
type waits struct {
	mu   sync.Mutex
	last api.Wait
}

func (w *waits) note(x api.Wait) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if x.Until.After(w.last.Until) {
		w.last = x
	}
}

// active is the wait that has not ended at now, if any.
func (w *waits) active(now time.Time) (api.Wait, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last, w.last.Until.After(now)
}

func (w *waits) clear() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.last = api.Wait{}
}

// waitText is the line of an active wait: "⧗ waiting 42s for the request budget (60
// requests a minute are spent), until 12:01:05 · esc gives up".
func waitText(x api.Wait, now time.Time) string {
	why := fmt.Sprintf("the key's %d requests a minute are spent", x.PerMinute)
	if x.Throttled {
		why = "the service asked to slow down"
	}
	return fmt.Sprintf("⧗ waiting %s for the request budget (%s), until %s Kyiv time · esc gives up",
		format.Wait(x.Until.Sub(now)), why, format.Clock(x.Until))
}

// refreshWait puts the active wait, if any, on its line.
func (m *Model) refreshWait() {
	x, ok := m.waits.active(m.now)
	if !ok || m.client == nil {
		m.waitLine = notice{}
		return
	}
	text := waitText(x, m.now)
	if text != m.waitLine.text {
		m.waitLine = notice{text: text, warn: true}
	}
}

// abandonWait is esc while a request waits for the budget: every waiting request is
// given up (nothing was sent), and the views show them as failed loads, to retry.
func (m *Model) abandonWait() {
	m.client.AbandonWaits()
	m.waits.clear()
	m.waitLine = notice{}
	m.setNotice(theme.WarningMark+" gave up waiting for the request budget; nothing was sent (r reloads)", true)
}
