package jobs

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/client/format"
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
	lines := []string{theme.Title.Render("Jobs"), ""}
	for i, o := range m.offers {
		lines = append(lines, m.wrap(fmt.Sprintf("%s job %s was interrupted: %d of %d left", theme.WarningMark, o.id, o.left, o.total))...)
		if i == 0 {
			// The keys on a line of their own: after the job's id they were cut at
			// 80 columns ("r resume · d disc…").
			lines = append(lines, m.wrap(theme.Muted.Render("  r resume · d discard · esc later"))...)
		}
	}
	if len(m.offers) > 0 {
		lines = append(lines, "")
	}
	lines = append(lines, m.jobLines()...)
	if m.asking {
		lines = append(lines, "")
		lines = append(lines, m.wrap(theme.Warning.Render(theme.WarningMark+" Give the job up? What is left is not sent, and it is not offered again."))...)
		lines = append(lines, m.wrap(theme.Muted.Render("  y yes · n no"))...)
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

func (m Model) jobLines() []string {
	j := m.job
	if j.st == stNone {
		if len(m.offers) == 0 {
			return []string{theme.Muted.Render("No job running. Mark listings in the list (space, *), then a, x, $ or E; h shows every job.")}
		}
		return nil
	}
	title := "job " + j.id
	if j.id == "" {
		title = "a new " + j.verb + " job"
	}
	what := title + " · " + j.line
	if j.line == "" {
		what = fmt.Sprintf("%s · %s %s", title, j.verb, j.noun(j.total))
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
		fmt.Sprintf("%s %d done · %s %d failed · %d left", theme.OKMark, j.done, theme.ErrorMark, j.failed, j.left))
	if m.eta != "" && j.left > 0 {
		lines = append(lines, theme.Muted.Render("time left: "+m.eta))
	}
	if j.refused > 0 {
		lines = append(lines, theme.Warning.Render(fmt.Sprintf("%s %s refused before sending: nothing was sent for them", theme.WarningMark, j.noun(j.refused))))
	}
	if j.reportAt != "" {
		lines = append(lines, theme.Muted.Render("report: "+j.reportAt))
	}
	if j.fileAt != "" {
		lines = append(lines, theme.Muted.Render("file: "+j.fileAt))
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
		n += fmt.Sprintf(", %d problems", len(j.failures))
	}
	head := fmt.Sprintf("Not done (%s)", n)
	if j.report {
		head += " · w writes the report"
	}
	lines := []string{"", theme.Heading.Render(head)}
	if m.failOff > 0 {
		lines = append(lines, theme.Muted.Render(fmt.Sprintf("  ↑ %d more", m.failOff)))
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
		return "starting…"
	case stRunning:
		return theme.Success.Render("running") + theme.Muted.Render(" · esc: keep browsing, the job goes on · p pause · c cancel")
	case stPausing:
		return theme.Warning.Render("stopping: the requests on their way are answered and journaled…")
	case stPaused:
		return theme.Warning.Render("paused") + theme.Muted.Render(" · p resumes · c gives it up")
	case stWaiting:
		return theme.Warning.Render(fmt.Sprintf("%s %s", theme.WarningMark, j.why)) + "\n" +
			theme.Muted.Render(fmt.Sprintf("resumes by itself at %s Kyiv (in %s), after the day's reset, while the app is open · p tries now",
				format.HourMinute(j.resumeAt), format.Wait(j.resumeAt.Sub(m.at))))
	case stStopped:
		return theme.Danger.Render(theme.ErrorMark+" stopped: "+j.why) + theme.Muted.Render(" · p tries again")
	case stDone:
		return theme.Success.Render(theme.OKMark + " done")
	case stCancelled:
		return theme.Muted.Render("cancelled: what was left was not sent")
	}
	return ""
}

// doneText is the notice of a job's end.
func (m Model) doneText() string {
	j := m.job
	if n := j.failed + j.refused; n > 0 {
		return fmt.Sprintf("%s job %s (%s) done: %d done, %d not (J shows why)", theme.WarningMark, j.id, j.verb, j.done, n)
	}
	return fmt.Sprintf("%s job %s (%s) done: %d done", theme.OKMark, j.id, j.verb, j.done)
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
