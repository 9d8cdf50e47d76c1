package jobs

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// historyLines are the history: a line a job, newest first, the cursor's marked, in
// a window that keeps the cursor in sight.
func (m Model) historyLines() []string {
	lines := []string{theme.Title.Render(i18n.T("jobs.history.title")), ""}
	if m.histErr != "" {
		lines = append(lines, m.wrap(theme.Warning.Render(theme.WarningMark+" "+m.histErr))...)
	}
	if len(m.history) == 0 {
		return append(lines, theme.Muted.Render(i18n.T("jobs.history.none")))
	}
	lines = append(lines, theme.Muted.Render(i18n.N("jobs.history.count", len(m.history), "Open", "enter")),
		theme.Heading.Render("  "+layout.Pad(i18n.T("jobs.col.when"), 16)+"  "+layout.Pad(i18n.T("jobs.col.kind"), 22)+" "+
			right(i18n.T("jobs.col.done"))+" "+right(i18n.T("jobs.col.failed"))+" "+right(i18n.T("jobs.col.left"))+"  "+i18n.T("jobs.col.state")))
	rows := max(m.height-len(lines), 1)
	off := max(m.histCur-rows+1, 0)
	for i := off; i < min(off+rows, len(m.history)); i++ {
		e := m.history[i]
		kind := verbWord(e.verb)
		if e.lineage != "" {
			kind += " (" + strings.Fields(e.lineage)[0] + ")"
		}
		l := fmt.Sprintf("%-16s  %-22s %6d %6d %6d  %s", format.Minute(e.created), layout.Cut(kind, 22), e.done, e.failed, e.left, stateWord(e.state))
		if i == m.histCur {
			lines = append(lines, theme.Selected.Render("▸ "+l))
		} else {
			lines = append(lines, "  "+stateStyle(e.state, l))
		}
	}
	return lines
}

// right is a number column's head, right-aligned in its six columns as the numbers
// are.
func right(head string) string { return fmt.Sprintf("%6s", head) }

// stateStyle colours a history line by its job's state.
func stateStyle(state, l string) string {
	switch state {
	case job.StateRunning:
		return theme.Success.Render(l)
	case job.StateStopped:
		return theme.Warning.Render(l)
	case job.StateCancelled:
		return theme.Muted.Render(l)
	}
	return l
}

// openLines are a job opened: what it is, where it stands, and its items from the
// scroll, what was not done first.
func (m Model) openLines() []string {
	o := m.open
	lines := []string{theme.Title.Render(i18n.T("jobs.open.title", "ID", o.id)), ""}
	lines = append(lines, m.wrap(theme.Heading.Render(o.lineWord()))...)
	facts := i18n.T("jobs.open.created", "When", format.Minute(o.created)) + " · " + stateWord(o.state) + " · " +
		counts(o.done, o.failed, o.left)
	if o.lineage != "" {
		facts += " · " + o.lineage
	}
	lines = append(lines, m.wrap(facts)...)
	if o.again > 0 {
		lines = append(lines, theme.Warning.Render(theme.WarningMark+" "+i18n.T("jobs.open.again", "Items", o.noun(o.again))))
	}
	if o.refused > 0 {
		lines = append(lines, theme.Warning.Render(theme.WarningMark+" "+i18n.T("jobs.refused", "Items", o.noun(o.refused))))
	}
	if o.reportAt != "" {
		lines = append(lines, m.pathLines(i18n.T("jobs.report_at", "Path", o.reportAt))...)
	}
	lines = append(lines, "")
	if m.openOff > 0 {
		lines = append(lines, theme.Muted.Render("  "+i18n.T("jobs.more", "Count", m.openOff)))
	}
	for _, it := range o.lines[min(m.openOff, len(o.lines)):] {
		if it.ok {
			lines = append(lines, theme.OKMark+" "+it.text)
		} else {
			lines = append(lines, theme.Danger.Render(theme.ErrorMark+" "+it.text))
		}
	}
	return lines
}
