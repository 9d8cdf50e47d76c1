package tui

import (
	"context"
	"errors"
	"runtime/debug"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/msgs"
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

// langSyncGap is how soon a sync is repeated while the mirror's rows are in another
// language than the app's (after L): sooner than syncEvery, not on every tick.
const langSyncGap = time.Minute

// verifyTimeout bounds the integrity check after the first frame.
const verifyTimeout = time.Minute

// mirrorState is the root's part of the mirror.
type mirrorState struct {
	since    time.Time // when the client was set: syncs wait syncAfter from here
	last     time.Time // the last sync, or attempt
	lang     string    // the language of the last sync: the mirror's rows
	syncing  bool
	verified bool // the integrity check after the first frame was started
}

// mirrorVerifiedMsg ends the integrity check: the message says the file was set
// aside and a new one built.
type mirrorVerifiedMsg struct {
	msg string
	err error
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
		m.mir.last, m.mir.lang = last.Started, last.Lang
	}
}

// keepMirrorFor drops the mirror when a login leads to another profile or service:
// the mirror is of the account the app started on.
func (m *Model) keepMirrorFor(d msgs.LoggedIn) {
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

// browserOptions are the browser's options: the mirror when there is one, and its
// first frame when Run read it ahead.
func (m *Model) browserOptions() []browser.Option {
	opts := []browser.Option{browser.WithColumns(m.opts.Columns), browser.WithViews(m.opts.Views)}
	if m.opts.Mirror == nil {
		return opts
	}
	opts = append(opts, browser.WithMirror(m.opts.Mirror))
	if m.opts.prefetched != nil {
		opts = append(opts, browser.WithPrefetched(m.opts.prefetched))
	}
	return opts
}

// maybeSync starts a background sync when one is due and the budget has room.
func (m *Model) maybeSync() tea.Cmd {
	db, c := m.opts.Mirror, m.client
	if db == nil || c == nil || m.mir.syncing || m.now.Sub(m.mir.since) < syncAfter {
		return nil
	}
	otherLang := m.mir.lang != "" && m.mir.lang != m.lang
	if since := m.now.Sub(m.mir.last); since < syncEvery && !(otherLang && since >= langSyncGap) {
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
		// The sync's garbage (a hundred pages of JSON, SQLite's) is gone: hand its
		// memory back before the browser reads the mirror, rather than let that read
		// grow the process over it (docs/performance.md, "Scrolling 10 000
		// listings"). A collection and the return take a few milliseconds, here, off
		// the event loop.
		debug.FreeOSMemory()
		return mirrorSyncedMsg{res: res, err: err}
	}
}

// onMirrorSynced tells the browser; a sync that failed for a reason the user can act
// on is said in the notice line, the others (offline, the budget kept) quietly wait
// for the next turn.
func (m Model) onMirrorSynced(msg mirrorSyncedMsg) (Model, tea.Cmd) {
	m.mir.syncing = false
	if msg.res.Requests > 0 {
		m.mir.lang = msg.res.Lang
	}
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

// maybeVerify runs the mirror's integrity check once, on the first tick: after the
// first frame, which OpenFast kept it from delaying (docs/performance.md).
func (m *Model) maybeVerify() tea.Cmd {
	db := m.opts.Mirror
	if db == nil || m.mir.verified {
		return nil
	}
	m.mir.verified = true
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), verifyTimeout)
		defer cancel()
		msg, err := db.Verify(ctx)
		return mirrorVerifiedMsg{msg: msg, err: err}
	}
}

// onMirrorVerified says when the file failed its check and was rebuilt: the next
// sync refills it (due at once), and the browser reads the new file.
func (m Model) onMirrorVerified(msg mirrorVerifiedMsg) (Model, tea.Cmd) {
	switch {
	case msg.err != nil:
		m.setNotice(theme.WarningMark+" the local mirror could not be checked: "+termtext.Clean(msg.err.Error()), true)
		return m, nil
	case msg.msg == "":
		return m, nil
	}
	m.setNotice(theme.WarningMark+" "+termtext.Clean(msg.msg), true)
	m.mir.last, m.mir.lang = time.Time{}, ""
	var cmd tea.Cmd
	m.browser.M, cmd = m.browser.M.Update(browser.MirrorSynced{})
	return m, m.addr(viewBrowser, cmd)
}
