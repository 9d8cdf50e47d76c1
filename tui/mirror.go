package tui

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// The local mirror (api/mirror) spans views: the browser shows and searches it, the
// detail charts its views, and the root keeps it fresh with a background sync at low
// priority: not in the first seconds (the first page and the ping go first), not while
// the minute's budget is half spent (the user's requests go first), not more often
// than syncEvery, and never into the reserve of the day that Sync itself keeps.

const (
	// syncEvery is how old the mirror may get before the app syncs it again.
	syncEvery = 15 * time.Minute
	// syncAfter lets what the user waits for at start go first.
	syncAfter = 5 * time.Second
	// syncTimeout bounds a background sync: 10 000 listings take 101 requests.
	syncTimeout = 15 * time.Minute
)

// mirrorState is the root's part of the mirror.
type mirrorState struct {
	since   time.Time // when the client was set: syncs wait syncAfter from here
	last    time.Time // the last sync, or attempt
	syncing bool
}

// mirrorSyncedMsg ends a background sync.
type mirrorSyncedMsg struct {
	res mirror.SyncResult
	err error
}

// attachMirror gives the mirror to the views that use it and notes when the last
// sync was.
func (m *Model) attachMirror() {
	db := m.opts.Mirror
	m.mir = mirrorState{since: m.now}
	if db == nil {
		return
	}
	m.detail.M.SetMirror(db)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if last, ok, err := db.LastSync(ctx); err == nil && ok {
		m.mir.last = last.Started
	}
}

// keepMirrorFor drops the mirror when a login leads to another profile or service:
// the mirror is of the account the app started on.
func (m *Model) keepMirrorFor(d login.Done) {
	if d.Sandbox || d.Profile != m.opts.Profile || strings.TrimRight(d.BaseURL, "/") != strings.TrimRight(m.opts.BaseURL, "/") {
		m.opts.Mirror = nil
	}
}

// mirrorNotice says, once, that the mirror's file was set aside and rebuilt.
func (m *Model) mirrorNotice() {
	if m.opts.MirrorNotice != "" {
		m.setNotice(theme.WarningMark+" "+termtext.Clean(m.opts.MirrorNotice), true)
	}
}

// browserOptions are the browser's options: the mirror when there is one.
func (m *Model) browserOptions() []browser.Option {
	if m.opts.Mirror == nil {
		return nil
	}
	return []browser.Option{browser.WithMirror(m.opts.Mirror)}
}

// maybeSync starts a background sync when one is due and the budget has room.
func (m *Model) maybeSync() tea.Cmd {
	db, c := m.opts.Mirror, m.client
	if db == nil || c == nil || m.mir.syncing || m.now.Sub(m.mir.since) < syncAfter || m.now.Sub(m.mir.last) < syncEvery {
		return nil
	}
	if b := c.Budget(); b.PerMinute > 0 && (b.PerMinute-b.UsedMinute)*2 < b.PerMinute {
		return nil
	}
	m.mir.syncing, m.mir.last = true, m.now
	lang := m.lang
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), syncTimeout)
		defer cancel()
		res, err := db.Sync(ctx, c, mirror.SyncOptions{Lang: lang})
		return mirrorSyncedMsg{res: res, err: err}
	}
}

// onMirrorSynced tells the browser; a sync that failed for a reason the user can act
// on is said in the notice line, the others (offline, the budget kept) quietly wait
// for the next turn.
func (m Model) onMirrorSynced(msg mirrorSyncedMsg) (Model, tea.Cmd) {
	m.mir.syncing = false
	var short *mirror.BudgetShortError
	switch err := msg.err; {
	case err == nil:
	case errors.As(err, &short), api.IsUnreachable(err), api.IsRateLimit(err), errors.Is(err, context.Canceled):
	default:
		m.setNotice(theme.WarningMark+" the background sync of the local mirror stopped: "+termtext.Clean(err.Error()), true)
	}
	if msg.res.Requests == 0 {
		return m, nil
	}
	var cmd tea.Cmd
	m.browser.M, cmd = m.browser.M.Update(browser.MirrorSynced{})
	return m, m.addr(viewBrowser, cmd)
}
