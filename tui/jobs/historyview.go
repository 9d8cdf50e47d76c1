package jobs

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// whenLayout is how the history says when a job started (Kyiv time, as the CLI).
const whenLayout = "2006-01-02 15:04"

// historyLines are the history: a line a job, newest first, the cursor's marked, in
// a window that keeps the cursor in sight.
func (m Model) historyLines() []string {
	lines := []string{theme.Title.Render("Jobs · history"), ""}
	if m.histErr != "" {
		lines = append(lines, m.wrap(theme.Warning.Render(theme.WarningMark+" "+m.histErr))...)
	}
	if len(m.history) == 0 {
		return append(lines, theme.Muted.Render("No job of this service yet."))
	}
	lines = append(lines, theme.Muted.Render(fmt.Sprintf("%d jobs of this service, newest first · enter opens one", len(m.history))),
		theme.Heading.Render(fmt.Sprintf("  %-16s  %-22s %6s %6s %6s  %s", "WHEN", "KIND", "DONE", "FAILED", "LEFT", "STATE")))
	rows := max(m.height-len(lines), 1)
	off := max(m.histCur-rows+1, 0)
	for i := off; i < min(off+rows, len(m.history)); i++ {
		e := m.history[i]
		kind := e.verb
		if e.lineage != "" {
			kind += " (" + strings.Fields(e.lineage)[0] + ")"
		}
		l := fmt.Sprintf("%-16s  %-22s %6d %6d %6d  %s", e.created.In(api.Kyiv).Format(whenLayout), layout.Cut(kind, 22), e.done, e.failed, e.left, e.state)
		if i == m.histCur {
			lines = append(lines, theme.Selected.Render("▸ "+l))
		} else {
			lines = append(lines, "  "+stateStyle(e.state, l))
		}
	}
	return lines
}

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
	lines := []string{theme.Title.Render("Jobs · job " + o.id), ""}
	lines = append(lines, m.wrap(theme.Heading.Render(o.line))...)
	facts := fmt.Sprintf("created %s · %s · %s %d done · %s %d failed · %d left", o.created.In(api.Kyiv).Format(whenLayout), o.state,
		theme.OKMark, o.done, theme.ErrorMark, o.failed, o.left)
	if o.lineage != "" {
		facts += " · " + o.lineage
	}
	lines = append(lines, m.wrap(facts)...)
	if o.again > 0 {
		lines = append(lines, theme.Warning.Render(fmt.Sprintf("%s %s failed for a reason that may pass now (the budget, the network, a server error): a retry sends them again",
			theme.WarningMark, o.noun(o.again))))
	}
	if o.refused > 0 {
		lines = append(lines, theme.Warning.Render(fmt.Sprintf("%s %s refused before sending: nothing was sent for them", theme.WarningMark, o.noun(o.refused))))
	}
	if o.reportAt != "" {
		lines = append(lines, theme.Muted.Render("report: "+o.reportAt))
	}
	lines = append(lines, "")
	if m.openOff > 0 {
		lines = append(lines, theme.Muted.Render(fmt.Sprintf("  ↑ %d more", m.openOff)))
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
