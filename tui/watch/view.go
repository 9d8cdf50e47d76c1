package watch

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// emptyText is what the panel says with nothing to watch; the keys are the action
// table's, not the catalog's.
func emptyText() string { return i18n.T("watch.empty", "Watch", "w", "Add", "+") }

// headLines are the title, the status line, a blank line and the table header.
const headLines = 4

// listHeight is how many rows fit under the header.
func (m *Model) listHeight() int {
	h := m.height - headLines
	if m.adding {
		h -= 2
	}
	return max(h, 1)
}

// Summary is the footer's short text ("watching 2 · next check 12s"); "" when the
// list is empty.
func (m Model) Summary() string { return m.summary }

// View renders the panel: exactly height lines, none wider than width.
func (m Model) View() string {
	lines := make([]string, 0, m.height)
	title := i18n.T("watch.title")
	if m.open != "" {
		title += " › " + m.open
	}
	lines = append(lines, theme.Title.Render(title), m.statusLine, "")
	if len(m.items) == 0 {
		lines = append(lines, theme.Muted.Render(emptyText()))
	} else {
		lines = append(lines, m.header)
		lines = append(lines, m.rows...)
	}
	var bottom []string
	if m.adding {
		hint := theme.Muted.Render(i18n.T("watch.add.hint", "Submit", "enter", "Cancel", "esc"))
		if m.inputErr != "" {
			hint = theme.Danger.Render(theme.ErrorMark + " " + m.inputErr)
		}
		bottom = []string{m.input.View(), hint}
	}
	for len(lines)+len(bottom) < m.height {
		lines = append(lines, "")
	}
	lines = append(lines[:max(min(len(lines), m.height-len(bottom)), 0)], bottom...)
	if len(lines) > m.height {
		lines = lines[len(lines)-m.height:]
	}
	for i, l := range lines {
		lines[i] = layout.Cut(l, m.width)
	}
	return strings.Join(lines, "\n")
}

// refresh precomputes everything View and Summary show, and keeps the cursor in range.
func (m *Model) refresh() {
	m.buildItems()
	es := m.items
	m.cursor = max(min(m.cursor, len(es)-1), 0)
	h := m.listHeight()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = max(min(m.offset, len(es)-h), 0)
	m.statusLine = theme.Muted.Render(m.statusText())
	m.summary = m.summaryText()

	idW := m.idW
	const addedW = 6
	statusW := statusWidth()
	showAdded := m.width >= 70
	fixed := 2 + idW + 1 + 1 + statusW + 1
	if showAdded {
		fixed += 1 + addedW
	}
	rest := max(m.width-fixed, 12)
	titleW := max(rest*45/100, 6)
	nextW := max(rest-titleW, 6)
	cols := func(id, title, status, next, added string) string {
		s := layout.Pad(id, idW) + " " + layout.Pad(title, titleW) + " " + layout.Pad(status, statusW) + " " + layout.Pad(next, nextW)
		if showAdded {
			s += " " + layout.Pad(added, addedW)
		}
		return s
	}
	m.header = theme.Header.Render("  " + cols(i18n.T("watch.col.id"), i18n.T("watch.col.title"), i18n.T("watch.col.status"), i18n.T("watch.col.next"), i18n.T("watch.col.added")))
	// Only the visible rows are rendered: a tick re-renders them every second.
	m.rows = m.rows[:0:0]
	for i := m.offset; i < min(m.offset+h, len(es)); i++ {
		if g := es[i].sum; g != nil {
			m.rows = append(m.rows, m.groupRow(es[i].group, g, i == m.cursor, idW, titleW+1+statusW+1+nextW, addedW, showAdded))
			continue
		}
		e := es[i].e
		title := e.Title
		if title == "" {
			title = "—"
		}
		next, bad := m.nextText(e)
		added := clock(e.AddedAt, m.at)
		if i == m.cursor {
			line := theme.Cursor + " " + cols(strconv.Itoa(e.ID), title, format.Status(e.Status), next, added)
			m.rows = append(m.rows, theme.Selected.Render(layout.Cut(line, m.width)))
			continue
		}
		nextStyle := theme.Muted
		if bad {
			nextStyle = theme.Danger
		}
		m.rows = append(m.rows, "  "+cols(strconv.Itoa(e.ID), title, theme.Status(e.Status),
			nextStyle.Render(layout.Cut(next, nextW)), theme.Muted.Render(added)))
	}
}

// minGroupName is the least of a group's name its line keeps while the counts fit.
const minGroupName = 12

// groupRow is a group's line: its name and counts across the title, status and next
// columns.
func (m *Model) groupRow(name string, g *groupSum, selected bool, idW, wideW, addedW int, showAdded bool) string {
	// The counts are what the line is for: the name gives way first
	// ("price job 20261127-…: 640 pending, 20 approved"), then the time it was
	// added, then the name again down to a stub (longer languages' counts).
	counts := ": " + g.text()
	cw := ansi.StringWidth(counts)
	if showAdded && cw+minGroupName > wideW {
		showAdded, wideW = false, wideW+1+addedW
	}
	text := layout.Cut(name, max(wideW-cw, 4)) + counts
	added := clock(g.added, m.at)
	s := layout.Pad("▸", idW) + " " + layout.Pad(layout.Cut(text, wideW), wideW)
	if selected {
		if showAdded {
			s += " " + layout.Pad(added, addedW)
		}
		return theme.Selected.Render(layout.Cut(theme.Cursor+" "+s, m.width))
	}
	if showAdded {
		s += " " + theme.Muted.Render(layout.Pad(added, addedW))
	}
	return "  " + s
}

// nextText says what happens next to an entry; bad marks a failure.
func (m *Model) nextText(e *Entry) (string, bool) {
	switch {
	case e.Gone:
		return i18n.T("watch.next.gone"), true
	case !e.Pollable() && e.Status == api.StatusBlocked:
		return i18n.T("watch.next.blocked", "Reason", reasonOr(e.Reason)), false
	case !e.Pollable():
		return i18n.T("watch.next.decided", "Time", clock(e.DecidedAt, m.at)), false
	case m.base <= 0:
		return i18n.T("watch.polling_off"), false
	case m.inflight.seq != 0 && m.inflight.id == e.ID:
		return i18n.T("watch.next.checking"), false
	case m.authPaused:
		return i18n.T("watch.paused_key"), true
	case e.Error != "" && !e.NextCheck.After(m.at):
		return theme.ErrorMark + " " + errorWord(e.Error) + " · " + i18n.T("watch.next.retry_due"), true
	case e.Error != "":
		return theme.ErrorMark + " " + errorWord(e.Error) + " · " + i18n.T("watch.next.retry_in", "Wait", countdown(e.NextCheck.Sub(m.at))), true
	case !e.NextCheck.After(m.at) && m.at.Before(m.holdUntil):
		return i18n.T("watch.paused", "Why", m.holdWord()), false
	case !e.NextCheck.After(m.at):
		return i18n.T("watch.next.due"), false
	}
	return i18n.T("watch.next.in", "Wait", countdown(e.NextCheck.Sub(m.at))), false
}

func (m *Model) statusText() string {
	if m.base <= 0 {
		return i18n.T("watch.status.off")
	}
	s := i18n.T("watch.status.every", "From", interval(m.base), "To", interval(capFor(m.base)))
	if b := m.budget; b.PerMinute > 0 {
		s += " · " + i18n.T("watch.status.budget", "Used", b.UsedMinute, "Limit", b.PerMinute)
		if b.PerDay > 0 && b.UsedToday*2 >= b.PerDay {
			s += ", " + i18n.T("watch.status.today", "Used", b.UsedToday, "Limit", b.PerDay)
		}
	}
	switch {
	case m.authPaused:
		s += " · " + i18n.T("watch.status.key_refused", "Retry", "r")
	case m.at.Before(m.holdUntil):
		s += " · " + i18n.T("watch.paused", "Why", m.holdWord()) + " " + untilText(m.holdUntil, m.at)
	}
	return s
}

func (m *Model) summaryText() string {
	total, n, soonest := m.store.Len(), m.pending, m.soonest
	if total == 0 {
		return ""
	}
	if n == 0 {
		return i18n.T("watch.summary.decided", "Count", total)
	}
	s := i18n.T("watch.summary.watching", "Count", n) + " · "
	switch {
	case m.base <= 0:
		return s + i18n.T("watch.polling_off")
	case m.authPaused:
		return s + i18n.T("watch.paused_key")
	case m.inflight.seq != 0:
		return s + i18n.T("watch.summary.checking")
	case m.at.Before(m.holdUntil):
		return s + i18n.T("watch.paused", "Why", m.holdWord())
	case !soonest.After(m.at):
		return s + i18n.T("watch.summary.now")
	}
	return s + i18n.T("watch.summary.next", "Wait", countdown(soonest.Sub(m.at)))
}

// countdown renders a wait rounded up to the second: "12s", "1m05s", "2h05m".
func countdown(d time.Duration) string {
	s := int((max(d, 0) + time.Second - 1) / time.Second)
	switch {
	case s < 60:
		return i18n.T("watch.dur.s", "S", strconv.Itoa(s))
	case s < 3600:
		return i18n.T("watch.dur.ms", "M", strconv.Itoa(s/60), "S", fmt.Sprintf("%02d", s%60))
	}
	return i18n.T("watch.dur.hm", "H", strconv.Itoa(s/3600), "M", fmt.Sprintf("%02d", s%3600/60))
}

// interval renders a schedule step: "15s", "22.5s", "2m", "2m40s".
func interval(d time.Duration) string {
	if d < time.Minute {
		return i18n.T("watch.dur.s", "S", i18n.UI().Decimal(strconv.FormatFloat(d.Seconds(), 'f', -1, 64)))
	}
	if d%time.Minute == 0 {
		return i18n.T("watch.dur.m", "M", strconv.Itoa(int(d/time.Minute)))
	}
	return countdown(d)
}

// clock renders a time in Kyiv, as every screen does: the time today, the date
// otherwise.
func clock(t, now time.Time) string {
	if t.IsZero() {
		return ""
	}
	if format.Date(t) == format.Date(now) {
		return format.HourMinute(t)
	}
	k := t.In(api.Kyiv)
	// Built from the month's number: TestMonthWords checks all twelve.
	return i18n.T("watch.date", "Day", k.Format("02"), "Month", i18n.T("watch.month."+strconv.Itoa(int(k.Month()))))
}

// holdWord is why polling waits, in the interface's words: holdWhy keeps the
// reason's English name, which tests and the schedule compare.
func (m *Model) holdWord() string {
	switch m.holdWhy {
	case holdBudget:
		return i18n.T("watch.hold.budget")
	case holdRate:
		return i18n.T("watch.hold.rate")
	}
	return m.holdWhy
}

// errorWord is an entry's failure in the interface's words: the store keeps the
// words of shortError (the API's codes, or one of these), whatever the language.
func errorWord(e string) string {
	switch e {
	case errUnreachable:
		return i18n.T("watch.err.unreachable")
	case errTimedOut:
		return i18n.T("watch.err.timed_out")
	}
	return e
}

func untilText(until, now time.Time) string {
	return i18n.T("watch.for", "Wait", countdown(until.Sub(now)))
}

// watchedStatuses are the statuses a watched listing shows, unknown among them.
var watchedStatuses = []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending, api.StatusBlocked,
	api.StatusSold, api.StatusArchived, ""}

// statusWidth is the status column's width in the interface's language: its widest
// status (English's 10, "на модерації" 14), at most 15, past which a word is cut
// rather than the title squeezed.
func statusWidth() int {
	w := 10
	for _, st := range watchedStatuses {
		w = max(w, ansi.StringWidth(format.Status(st)))
	}
	return min(w, 15)
}
