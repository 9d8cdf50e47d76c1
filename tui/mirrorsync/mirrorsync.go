// Package mirrorsync keeps the local mirror (api/mirror) fresh in the background, at
// low priority: not in the first seconds (the first page and the ping go first), not
// while the minute's budget is half spent (the user's requests go first), not more
// often than Every, and never into the reserve of the day that Sync itself keeps. It
// also runs the file's integrity check once, after the first frame. The root holds one
// Schedule, asks it on each tick for what is due and hands it the answers; what is
// said, and telling the browser, stay the root's.
package mirrorsync

import (
	"context"
	"errors"
	"runtime/debug"
	"time"

	"github.com/listings-tui/listings/internal/i18n"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

const (
	// Every is how old the mirror may get before the app syncs it again.
	Every = 15 * time.Minute
	// After lets what the user waits for at start go first.
	After = 5 * time.Second
	// syncTimeout bounds a background sync: 10 000 listings take 101 requests.
	syncTimeout = 15 * time.Minute
	// LangGap is how soon a sync is repeated while the mirror's rows are in another
	// language than the app's (after L): sooner than Every, not on every tick.
	LangGap = time.Minute
	// verifyTimeout bounds the integrity check after the first frame.
	verifyTimeout = time.Minute
)

// Client is what a background sync needs of the API: the pages, and the budget it
// leaves to the user; *api.Client satisfies it.
type Client interface {
	mirror.Lister
	Budget() api.Budget
}

// Schedule is when the mirror was last synced, and what runs.
type Schedule struct {
	since    time.Time // when the client was set: syncs wait After from here
	last     time.Time // the last sync, or attempt
	lang     string    // the language of the last sync: the mirror's rows
	read     bool      // last and lang were read from the mirror (readLast)
	syncing  bool
	verified bool // the integrity check after the first frame was started
}

// Start is the schedule of a client set at now, over db (nil: none). The mirror's
// last sync is read when a sync is first considered (After later), not here: Start
// runs in the root's New, where that read waited for SQLite's open, 1–3 ms cold,
// before the first frame (docs/performance.md, "Start").
func Start(db *mirror.DB, now time.Time) Schedule {
	return Schedule{since: now}
}

// readLast reads db's last sync, once.
func (s *Schedule) readLast(db *mirror.DB) {
	if s.read {
		return
	}
	s.read = true
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if last, ok, err := db.LastSync(ctx); err == nil && ok {
		s.last, s.lang = last.Started, last.Lang
	}
}

// Verified ends the integrity check: Msg says the file was set aside and a new one
// built.
type Verified struct {
	Msg string
	Err error
}

// Synced ends a background sync.
type Synced struct {
	Res mirror.SyncResult
	Err error
}

// Sync is the background sync of db through c in lang when one is due at now and
// the budget has room, else nil.
func (s *Schedule) Sync(db *mirror.DB, c Client, now time.Time, lang string) tea.Cmd {
	if db == nil || s.syncing || now.Sub(s.since) < After {
		return nil
	}
	s.readLast(db)
	otherLang := s.lang != "" && s.lang != lang
	if since := now.Sub(s.last); since < Every && !(otherLang && since >= LangGap) {
		return nil
	}
	if b := c.Budget(); b.PerMinute > 0 && (b.PerMinute-b.UsedMinute)*2 < b.PerMinute {
		return nil
	}
	s.syncing, s.last = true, now
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
		return Synced{Res: res, Err: err}
	}
}

// SyncDone takes a sync's end: the warning for the notice line ("" for none: a
// failure the user cannot act on, offline or the budget kept, quietly waits for the
// next turn) and whether the browser must read the mirror again.
func (s *Schedule) SyncDone(msg Synced) (warning string, reread bool) {
	s.syncing = false
	if msg.Res.Requests > 0 {
		s.lang = msg.Res.Lang
	}
	var short *mirror.BudgetShortError
	switch err := msg.Err; {
	case err == nil:
	case errors.As(err, &short), api.IsUnreachable(err), api.IsRateLimit(err), errors.Is(err, context.Canceled):
	default:
		warning = theme.WarningMark + " " + i18n.T("notice.mirror.sync_stopped", "Err", termtext.Clean(err.Error()))
	}
	return warning, msg.Res.Requests > 0
}

// Verify runs the mirror's integrity check once, on the first tick: after the first
// frame, which OpenFast kept it from delaying (docs/performance.md).
func (s *Schedule) Verify(db *mirror.DB) tea.Cmd {
	if db == nil || s.verified {
		return nil
	}
	s.verified = true
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), verifyTimeout)
		defer cancel()
		msg, err := db.Verify(ctx)
		return Verified{Msg: msg, Err: err}
	}
}

// VerifyDone takes the check's end: when the file failed it and was rebuilt, the
// warning says so, the next sync is due at once to refill it, and the browser must
// read the new file.
func (s *Schedule) VerifyDone(msg Verified) (warning string, reread bool) {
	switch {
	case msg.Err != nil:
		return theme.WarningMark + " " + i18n.T("notice.mirror.unchecked", "Err", termtext.Clean(msg.Err.Error())), false
	case msg.Msg == "":
		return "", false
	}
	s.last, s.lang, s.read = time.Time{}, "", true
	return theme.WarningMark + " " + termtext.Clean(msg.Msg), true
}
