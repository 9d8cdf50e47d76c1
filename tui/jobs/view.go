package jobs

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// barW is the progress bar's width at most.
const barW = 30

// View renders the panel: the jobs offered for a resume, the job with its progress,
// its time left and its last refusals; exactly the size given.
func (m Model) View() string {
	if m.plan != nil {
		return m.planView()
	}
	switch m.show {
	case showHistory:
		return m.fill(m.historyLines())
	case showOpen:
		return m.fill(m.openLines())
	}
	lines := []string{theme.Title.Render(i18n.T("jobs.title")), ""}
	for i, o := range m.offers {
		lines = append(lines, m.wrap(theme.WarningMark+" "+i18n.T("jobs.offer", "ID", o.id, "Left", o.left, "Total", o.total))...)
		if i == 0 {
			// The keys on a line of their own: after the job's id they were cut at
			// 80 columns ("r resume · d disc…").
			lines = append(lines, m.wrap(theme.Muted.Render("  "+i18n.T("jobs.offer.keys", "Resume", "r", "Discard", "d", "Later", "esc")))...)
		}
	}
	if len(m.offers) > 0 {
		lines = append(lines, "")
	}
	lines = append(lines, m.jobLines()...)
	if m.asking {
		lines = append(lines, "")
		lines = append(lines, m.wrap(theme.Warning.Render(theme.WarningMark+" "+i18n.T("jobs.ask")))...)
		lines = append(lines, m.wrap(theme.Muted.Render("  "+i18n.T("jobs.ask.keys", "Yes", "y", "No", "n")))...)
	}
	return m.fill(lines)
}

// fill makes lines the panel's exact size.
func (m Model) fill(lines []string) string {
	lines = layout.Block(strings.Join(lines, "\n"), m.width, m.height)
	for i, l := range lines {
		lines[i] = layout.Pad(l, m.width)
	}
	return strings.Join(lines, "\n")
}

// wrap breaks s at the panel's width, between words where it can, so that what a
// key does is never cut.
func (m Model) wrap(s string) []string {
	return strings.Split(ansi.Wrap(s, max(m.width, 1), " "), "\n")
}

// pathLines are a line that ends with a path (a report's, an export's file), broken
// at the panel's width wherever it falls, muted: a path has no spaces to break at,
// and cut, it lost the file's name the user is to open.
func (m Model) pathLines(s string) []string {
	lines := strings.Split(ansi.Hardwrap(s, max(m.width, 1), true), "\n")
	for i, l := range lines {
		lines[i] = theme.Muted.Render(l)
	}
	return lines
}

func (m Model) jobLines() []string {
	j := m.job
	if j.st == stNone {
		if len(m.offers) == 0 {
			return []string{theme.Muted.Render(i18n.T("jobs.none", "Mark", "space", "All", "*", "On", "a", "Off", "x", "Price", "$", "Edit", "E", "History", "h"))}
		}
		return nil
	}
	title := i18n.T("jobs.job", "ID", j.id)
	if j.id == "" {
		title = i18n.T("jobs.new", "Verb", verbWord(j.verb))
	}
	what := title + " · " + j.lineWord()
	if j.line == "" {
		what = fmt.Sprintf("%s · %s %s", title, verbWord(j.verb), j.noun(j.total))
	}
	lines := []string{theme.Heading.Render(what)}
	lines = append(lines, strings.Split(m.stateLine(), "\n")...)
	finished := j.done + j.failed
	filled := 0
	w := max(min(barW, m.width-16), 4)
	if j.total > 0 {
		filled = finished * w / j.total
	}
	lines = append(lines, "",
		"["+strings.Repeat("█", filled)+strings.Repeat("░", w-filled)+"] "+fmt.Sprintf("%d/%d", finished, j.total),
		counts(j.done, j.failed, j.left))
	if m.eta != "" && j.left > 0 {
		lines = append(lines, theme.Muted.Render(i18n.T("jobs.time_left", "ETA", m.eta)))
	}
	if j.refused > 0 {
		lines = append(lines, theme.Warning.Render(theme.WarningMark+" "+i18n.T("jobs.refused", "Items", j.noun(j.refused))))
	}
	if j.reportAt != "" {
		lines = append(lines, m.pathLines(i18n.T("jobs.report_at", "Path", j.reportAt))...)
	}
	if j.fileAt != "" {
		lines = append(lines, m.pathLines(i18n.T("jobs.file_at", "Path", j.fileAt))...)
	}
	return append(lines, m.failureLines()...)
}

// failureLines are the job's items not done, from the list's scroll: what was
// refused before sending (a row a problem), then what failed since.
func (m Model) failureLines() []string {
	j := m.job
	if len(j.failures) == 0 {
		return nil
	}
	n := j.noun(j.failedRows)
	if len(j.failures) > j.failedRows {
		n += ", " + i18n.N("jobs.problems", len(j.failures))
	}
	head := i18n.T("jobs.not_done", "What", n)
	if j.report {
		head += " · " + i18n.T("jobs.report_hint", "Key", "w")
	}
	lines := []string{"", theme.Heading.Render(head)}
	if m.failOff > 0 {
		lines = append(lines, theme.Muted.Render("  "+i18n.T("jobs.more", "Count", m.failOff)))
	}
	for _, f := range j.failures[min(m.failOff, len(j.failures)-1):] {
		lines = append(lines, theme.Danger.Render(fmt.Sprintf("%s %s: %s", theme.ErrorMark, f.what, f.code)))
		if f.hint != "" {
			lines = append(lines, "    "+theme.Muted.Render(f.hint))
		}
	}
	return lines
}

func (m Model) stateLine() string {
	j := m.job
	switch j.st {
	case stStarting:
		return i18n.T("jobs.st.starting")
	case stRunning:
		return theme.Success.Render(i18n.T("jobs.st.running")) + theme.Muted.Render(" · "+i18n.T("jobs.st.running_keys", "Back", "esc", "Pause", "p", "Cancel", "c"))
	case stPausing:
		return theme.Warning.Render(i18n.T("jobs.st.pausing"))
	case stPaused:
		return theme.Warning.Render(i18n.T("jobs.st.paused")) + theme.Muted.Render(" · "+i18n.T("jobs.st.paused_keys", "Resume", "p", "Cancel", "c"))
	case stWaiting:
		// Waiting is only ever for the day's limit: said here, in the language
		// of the moment, rather than the words kept in j.why.
		return theme.Warning.Render(theme.WarningMark+" "+i18n.T("jobs.st.daily_limit")) + "\n" +
			theme.Muted.Render(i18n.T("jobs.st.waiting", "At", format.HourMinute(j.resumeAt), "In", wait(j.resumeAt.Sub(m.at)), "Retry", "p"))
	case stStopped:
		return theme.Danger.Render(theme.ErrorMark+" "+i18n.T("jobs.st.stopped", "Why", j.why)) + theme.Muted.Render(" · "+i18n.T("jobs.st.stopped_keys", "Retry", "p"))
	case stDone:
		return theme.Success.Render(theme.OKMark + " " + i18n.T("jobs.st.done"))
	case stCancelled:
		return theme.Muted.Render(i18n.T("jobs.st.cancelled"))
	}
	return ""
}

// doneText is the notice of a job's end.
func (m Model) doneText() string {
	j := m.job
	if n := j.failed + j.refused; n > 0 {
		return theme.WarningMark + " " + i18n.T("jobs.notice.done_failed", "ID", j.id, "Verb", verbWord(j.verb), "Done", j.done, "Not", n, "Jobs", "J")
	}
	return theme.OKMark + " " + i18n.T("jobs.notice.done", "ID", j.id, "Verb", verbWord(j.verb), "Done", j.done)
}

// countRows is how many rows the failures are of: a row refused for several cells is
// listed once a cell.
func countRows(fs []failure) int {
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.what] = true
	}
	return len(seen)
}
