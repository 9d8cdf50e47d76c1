package watch

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// polled is the answer of one poll; seq says which request it answers.
type polled struct {
	id     int
	seq    int
	detail *api.ListingDetail
	err    error
}

// poll asks for one listing.
func poll(svc Poller, id int, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), pollTimeout)
		defer cancel()
		d, err := svc.GetListing(ctx, id, lang)
		if err == nil && d == nil {
			err = errors.New("the service sent an empty answer")
		}
		return polled{id: id, seq: seq, detail: d, err: err}
	}
}

func send(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// flight is the one request in flight.
type flight struct {
	id, seq int
	since   time.Time
	// discard drops the answer: the entry was removed or re-armed meanwhile.
	discard bool
}

// maybePoll fires the next due check if polling is on, nothing is in flight, nothing
// holds polling and the budget leaves room.
func (m *Model) maybePoll() tea.Cmd {
	if m.base <= 0 || m.authPaused || m.svc == nil {
		return nil
	}
	if m.inflight.seq != 0 {
		if m.at.Sub(m.inflight.since) < stuckAfter {
			return nil
		}
		m.inflight = flight{} // its answer, if it ever comes, is now stale
	}
	if m.at.Before(m.holdUntil) {
		return nil
	}
	e := due(m.store.Entries(), m.at, m.priority)
	if e == nil {
		return nil
	}
	m.budget = m.svc.Budget()
	if d, busy := budgetBusy(m.budget); busy {
		m.holdUntil, m.holdWhy = m.at.Add(d), holdBudget
		return nil
	}
	if e.ID == m.priority {
		m.priority = 0
	}
	m.seq++
	m.inflight = flight{id: e.ID, seq: m.seq, since: m.at}
	return poll(m.svc, e.ID, m.lang, m.seq)
}

// answer applies a poll's answer.
func (m *Model) answer(a polled) tea.Cmd {
	if a.seq == 0 || a.seq != m.inflight.seq {
		return nil // stale: a request the model has given up on
	}
	discard := m.inflight.discard
	m.inflight = flight{}
	m.budget = m.svc.Budget()
	e := m.store.Get(a.id)
	if discard || e == nil || !e.Pollable() {
		return nil
	}
	e.LastChecked = m.at
	err := a.err
	switch {
	case err == nil:
		clear(m.reported)
		return m.onDetail(e, a.detail)
	case api.IsNotFound(err):
		clear(m.reported)
		e.Gone, e.Error, e.NextCheck = true, "", time.Time{}
		return tea.Batch(m.save(), m.tell(e))
	case api.IsRateLimit(err):
		d := rateLimitWait(err, m.at)
		m.holdUntil, m.holdWhy = m.at.Add(d), holdRate
		e.NextCheck = m.holdUntil
		m.store.Touch()
		return nil
	case api.IsAuth(err):
		// Every poll would fail the same way: stop until the user acts (r, w or +).
		m.authPaused = true
		e.NextCheck = m.at
		return tea.Batch(m.save(), send(msgs.Error{Op: i18n.T("watch.op.poll"), Err: err}))
	default:
		e.Interval = duration(backoffWait(time.Duration(e.Interval), m.base))
		e.NextCheck = m.at.Add(time.Duration(e.Interval))
		e.Error = shortError(err)
		cmds := []tea.Cmd{m.save()}
		if kind := errorKind(err); !m.reported[kind] {
			m.reported[kind] = true
			cmds = append(cmds, send(msgs.Error{Op: i18n.T("watch.op.poll"), Err: err}))
		}
		return tea.Batch(cmds...)
	}
}

// onDetail applies a successful answer: still pending, or decided.
func (m *Model) onDetail(e *Entry, d *api.ListingDetail) tea.Cmd {
	title := termtext.Clean(d.Listing.Title)
	titleChanged := title != "" && title != e.Title
	if titleChanged {
		e.Title = title
	}
	e.Error = ""
	l := d.Listing
	changed := send(msgs.ListingChanged{ID: e.ID, Status: l.Status, Listing: &l, Moderation: d.Moderation})
	// Only a state the spec names ends the watch: a status this client does not know
	// (the service may add some) is no decision it can read, and a moderation block
	// still saying pending means the review goes on.
	stillPending := d.Moderation != nil && d.Moderation.Decision == string(api.StatusPending)
	if l.Status == "" || l.Status == api.StatusPending || !l.Status.Known() || stillPending {
		var cmds []tea.Cmd
		if l.Status != "" && !l.Status.Known() && l.Status != e.Status {
			cmds = append(cmds, send(msgs.Notice{Background: true, Text: theme.WarningMark + " " + i18n.T("watch.unknown_state",
				"ID", e.ID, "Title", quoted(e.Title), "Status", fmt.Sprintf("%q", termtext.Clean(string(l.Status))))}))
		}
		statusChanged := l.Status != "" && l.Status != e.Status
		if l.Status != "" {
			e.Status = l.Status
		}
		e.Interval = duration(nextWait(time.Duration(e.Interval), m.base))
		e.NextCheck = m.at.Add(time.Duration(e.Interval))
		if titleChanged {
			cmds = append(cmds, changed)
		}
		if e.ID == m.asked {
			m.asked = 0 // answered: still pending
		}
		if titleChanged || statusChanged {
			cmds = append(cmds, m.save())
		} else {
			m.store.Touch() // only the schedule moved: it goes with the next write
		}
		return tea.Batch(cmds...)
	}
	m.decide(e, l.Status, d.Moderation)
	return tea.Batch(m.save(), m.tell(e), changed)
}

// tell says that e left the watch: at once when that answers the user's own check of
// it, else with the others that come meanwhile (burst.go).
func (m *Model) tell(e *Entry) tea.Cmd {
	if e.ID != m.asked {
		m.burst.add(e, m.at)
		return nil
	}
	m.asked = 0
	return send(msgs.Notice{Text: decisionText(e), Bell: !e.Gone})
}

// decide records that the listing left moderation; it is not polled any more.
func (m *Model) decide(e *Entry, status api.Status, mod *api.Moderation) {
	e.Status, e.Error, e.NextCheck, e.Gone = status, "", time.Time{}, false
	e.DecidedAt = m.at
	e.Reason = ""
	if mod != nil {
		if mod.ReviewedAt != nil && !mod.ReviewedAt.IsZero() {
			e.DecidedAt = mod.ReviewedAt.Time
		}
		if mod.Reason != nil {
			e.Reason = termtext.Clean(*mod.Reason)
		}
	}
	if m.inflight.id == e.ID {
		m.inflight.discard = true
	}
}

// rearm puts an entry back on the schedule from the base interval, checked now.
func (m *Model) rearm(e *Entry) {
	if e.Status != api.StatusPending {
		e.Status = ""
	}
	e.Interval, e.NextCheck = 0, m.at
	e.DecidedAt, e.Reason, e.Error, e.Gone = time.Time{}, "", "", false
	if m.inflight.id == e.ID {
		m.inflight.discard = true
	}
	m.authPaused = false
}

func decisionText(e *Entry) string {
	if e.Gone {
		return theme.WarningMark + " " + i18n.T("watch.decision.gone", "ID", e.ID, "Title", quoted(e.Title))
	}
	switch e.Status {
	case api.StatusActive:
		return theme.OKMark + " " + i18n.T("watch.decision.approved", "ID", e.ID, "Title", quoted(e.Title))
	case api.StatusBlocked:
		return theme.ErrorMark + " " + i18n.T("watch.decision.blocked", "ID", e.ID, "Title", quoted(e.Title), "Reason", reasonOr(e.Reason))
	}
	return theme.WarningMark + " " + i18n.T("watch.decision.other", "ID", e.ID, "Title", quoted(e.Title), "Status", string(e.Status))
}

func reasonOr(r string) string {
	if r == "" {
		return i18n.T("watch.no_reason")
	}
	return r
}

func quoted(title string) string {
	if title == "" {
		return ""
	}
	return " “" + title + "”"
}

// shortError is the text of a failure for the entry's row.
func shortError(err error) string {
	if api.IsUnreachable(err) {
		return errUnreachable
	}
	if e, ok := api.AsError(err); ok {
		if e.Status != 0 && e.Code != "" {
			return fmt.Sprintf("%d %s", e.Status, e.Code)
		}
		if e.Code != "" {
			return e.Code
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return errTimedOut
	}
	return termtext.Clean(err.Error())
}
