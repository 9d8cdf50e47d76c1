package jobs

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// reportMsg is an import's report written (err: why not).
type reportMsg struct {
	job, path string
	err       error
}

// writeReport writes the report of the job journaled at path where its kind puts
// it (an import's next to its sheet: job.Reporter). The journal is read without its
// lock, so a running job's report says where it stands.
func writeReport(id, path string) tea.Cmd {
	return func() tea.Msg {
		j, err := kinds.All.Load(path, false)
		if err != nil {
			return reportMsg{job: id, err: err}
		}
		r, ok := j.(job.Reporter)
		if !ok {
			return reportMsg{job: id, err: errors.New(i18n.T("jobs.report.none", "Verb", verbWord(j.Verb())))}
		}
		out, err := r.WriteReport()
		return reportMsg{job: id, path: out, err: err}
	}
}

func (m Model) reported(r reportMsg) (Model, tea.Cmd) {
	if r.err != nil {
		return m, send(msgs.Error{Op: i18n.T("jobs.op.report", "ID", r.job), Err: r.err})
	}
	if r.job == m.open.id {
		m.open.reportAt = termtext.Clean(r.path)
	}
	if r.job == m.job.id {
		m.job.reportAt = termtext.Clean(r.path)
	}
	return m, send(msgs.Notice{Text: theme.OKMark + " " + i18n.T("jobs.report.written", "Path", termtext.Clean(r.path))})
}
