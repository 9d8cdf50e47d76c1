package watch

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

const emptyText = "Nothing is watched. Press w on a listing, or + to add an id."

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
	title := "Moderation watch"
	if m.open != "" {
		title += " › " + m.open
	}
	lines = append(lines, theme.Title.Render(title), m.statusLine, "")
	if len(m.items) == 0 {
		lines = append(lines, theme.Muted.Render(emptyText))
	} else {
		lines = append(lines, m.header)
		lines = append(lines, m.rows...)
	}
	var bottom []string
	if m.adding {
		hint := theme.Muted.Render("enter watch · esc cancel")
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
	const statusW, addedW = 10, 6
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
	m.header = theme.Header.Render("  " + cols("ID", "TITLE", "STATUS", "NEXT", "ADDED"))
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

// groupRow is a group's line: its name and counts across the title, status and next
// columns.
func (m *Model) groupRow(name string, g *groupSum, selected bool, idW, wideW, addedW int, showAdded bool) string {
	// The counts are what the line is for: the name gives way first
	// ("price job 20261127-…: 640 pending, 20 approved").
	counts := ": " + g.text()
	text := layout.Cut(name, max(wideW-ansi.StringWidth(counts), 12)) + counts
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
		return "not found: removed or another account's", true
	case !e.Pollable() && e.Status == api.StatusBlocked:
		return "blocked: " + reasonOr(e.Reason), false
	case !e.Pollable():
		return "decided " + clock(e.DecidedAt, m.at), false
	case m.base <= 0:
		return "polling off", false
	case m.inflight.seq != 0 && m.inflight.id == e.ID:
		return "checking…", false
	case m.authPaused:
		return "paused: key refused", true
	case e.Error != "" && !e.NextCheck.After(m.at):
		return theme.ErrorMark + " " + e.Error + " · retry due", true
	case e.Error != "":
		return theme.ErrorMark + " " + e.Error + " · retry in " + countdown(e.NextCheck.Sub(m.at)), true
	case !e.NextCheck.After(m.at) && m.at.Before(m.holdUntil):
		return "paused: " + m.holdWhy, false
	case !e.NextCheck.After(m.at):
		return "check due", false
	}
	return "next check in " + countdown(e.NextCheck.Sub(m.at)), false
}

func (m *Model) statusText() string {
	if m.base <= 0 {
		return "polling off (watch interval 0)"
	}
	s := fmt.Sprintf("polling every %s–%s", interval(m.base), interval(capFor(m.base)))
	if b := m.budget; b.PerMinute > 0 {
		s += fmt.Sprintf(" · budget %d/%d this minute", b.UsedMinute, b.PerMinute)
		if b.PerDay > 0 && b.UsedToday*2 >= b.PerDay {
			s += fmt.Sprintf(", %d/%d today", b.UsedToday, b.PerDay)
		}
	}
	switch {
	case m.authPaused:
		s += " · paused: the key was refused (r retries)"
	case m.at.Before(m.holdUntil):
		s += " · paused: " + m.holdWhy + " " + untilText(m.holdUntil, m.at)
	}
	return s
}

func (m *Model) summaryText() string {
	total, n, soonest := m.store.Len(), m.pending, m.soonest
	if total == 0 {
		return ""
	}
	if n == 0 {
		return fmt.Sprintf("watch: %d decided", total)
	}
	s := fmt.Sprintf("watching %d · ", n)
	switch {
	case m.base <= 0:
		return s + "polling off"
	case m.authPaused:
		return s + "paused: key refused"
	case m.inflight.seq != 0:
		return s + "checking"
	case m.at.Before(m.holdUntil):
		return s + "paused: " + m.holdWhy
	case !soonest.After(m.at):
		return s + "next check now"
	}
	return s + "next check " + countdown(soonest.Sub(m.at))
}

// countdown renders a wait rounded up to the second: "12s", "1m05s", "2h05m".
func countdown(d time.Duration) string {
	s := int((max(d, 0) + time.Second - 1) / time.Second)
	switch {
	case s < 60:
		return strconv.Itoa(s) + "s"
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
}

// interval renders a schedule step: "15s", "22.5s", "2m", "2m40s".
func interval(d time.Duration) string {
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
	}
	if d%time.Minute == 0 {
		return strconv.Itoa(int(d/time.Minute)) + "m"
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
	return t.In(api.Kyiv).Format("02 Jan")
}

func untilText(until, now time.Time) string {
	return "for " + countdown(until.Sub(now))
}
