package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// A retry (R) or an undo (u) of the job in focus in the history is a new job made of
// it: its plan is made in a command (an undo reads the listings as they are now,
// within the budget),
// shown in the plan box for one confirmation as every write of the app is, and run
// as the panel's job.

// How a plan is made of a job.
const (
	howRetry = "retry"
	howUndo  = "undo"
)

// planMsg is a plan made (err: why none).
type planMsg struct {
	p   *job.Plan
	err error
}

// makePlan makes the plan how says of the job at path, read without its lock.
func makePlan(svc Service, path, how string, now time.Time) tea.Cmd {
	return func() tea.Msg {
		j, err := kinds.All.Load(path, false)
		if err != nil {
			return planMsg{err: err}
		}
		if how == howRetry {
			p, err := j.Retry(svc.Budget(), now)
			return planMsg{p: p, err: err}
		}
		u, ok := j.(job.Undoer)
		if !ok {
			return planMsg{err: errors.New(i18n.T("jobs.plan.nothing_to_undo", "Verb", verbWord(j.Verb())))}
		}
		// The reads are the person's: they wait for the plan.
		p, err := u.Undo(context.Background(), svc, now)
		return planMsg{p: p, err: err}
	}
}

func (m Model) planned(pm planMsg) (Model, tea.Cmd) {
	if pm.err != nil {
		return m, send(msgs.Error{Op: i18n.T("jobs.op.plan"), Err: pm.err})
	}
	m.plan = pm.p
	m.box.SetSize(m.width, m.height)
	m.box.SetLines(planLines(pm.p))
	return m, nil
}

// planLines are the plan in the box: its summary, then every item with what it
// becomes or why it is left alone.
func planLines(p *job.Plan) []string {
	title := i18n.T("jobs.plan.title."+p.How, "Of", p.Of) // retry or undo: TestVerbAndStateWords
	lines := []string{theme.Heading.Render(title), ""}
	for _, l := range p.SummaryIn(planWords) {
		lines = append(lines, termtext.Clean(l))
	}
	lines = append(lines, "")
	for _, r := range p.Rows {
		what := fmt.Sprint(r.ID)
		if r.Row > 0 {
			what = i18n.T("jobs.row", "Row", r.Row)
		}
		if t := termtext.Clean(r.Title); t != "" {
			what += " “" + t + "”"
		}
		switch {
		case r.Skip != "":
			lines = append(lines, theme.Muted.Render("– "+what+": "+i18n.T("jobs.plan.skip", "Why", termtext.Clean(r.SkipIn(planWords)))))
		case r.ToModeration:
			lines = append(lines, theme.Danger.Render("! "+what+": "+termtext.Clean(r.ChangeIn(planWords))+" "+i18n.T("jobs.plan.to_moderation")))
		default:
			lines = append(lines, "✎ "+what+": "+termtext.Clean(r.ChangeIn(planWords)))
		}
	}
	return lines
}

// planView is the plan in its box over the panel.
func (m Model) planView() string {
	return planbox.Draw(m.box.Body(planbox.Hint(m.Actions(), "jobs.start", "jobs.close", "jobs.drop")), m.width, m.height)
}

// startPlan journals the plan confirmed as a new job and runs it on the panel.
func (m Model) startPlan() (Model, tea.Cmd) {
	p := m.plan
	m.plan = nil
	if m.Running() || m.job.st == stStarting {
		return m, send(msgs.Notice{Text: theme.WarningMark + " " + i18n.T("jobs.notice.busy", "ID", m.job.id)})
	}
	m.runs++
	m.asking, m.failOff, m.show = false, 0, showPanel
	m.job = current{about: about{verb: p.How + " of " + p.Of, total: p.Requests}, st: stStarting, left: p.Requests}
	return m, start(m.svc, m.dir, m.baseURL, startReq{begin: p.Begin}, m.now(), m.runs)
}
