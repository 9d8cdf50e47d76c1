package jobs

import (
	"fmt"
	"path/filepath"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/catalog"
	"github.com/listings-tui/listings/api/sheet"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// reportMsg is an import's report written (err: why not).
type reportMsg struct {
	job, path string
	err       error
}

// writeReport writes the report of the import journaled at path next to its sheet,
// in the sheet's format: the one `listings import --report` writes (every row with
// its outcome, listing and page, or the column and reason). The journal is read
// without its lock, so a running job's report says where it stands.
func writeReport(job, path string) tea.Cmd {
	return func() tea.Msg {
		j, err := catalog.PeekJob(path)
		if err != nil {
			return reportMsg{job: job, err: err}
		}
		f, err := sheet.FormatOf(j.Head.File)
		if err != nil {
			f = sheet.CSV // a sheet read with another name: CSV opens everywhere
		}
		out, err := catalog.ReportPath(j.Head.File)
		if err != nil {
			return reportMsg{job: job, err: err}
		}
		if f == sheet.CSV && filepath.Ext(out) != ".csv" {
			out += ".csv"
		}
		err = catalog.WriteReport(out, f, j.Head.Columns, catalog.Results(j.Head, j))
		return reportMsg{job: job, path: out, err: err}
	}
}

func (m Model) reported(r reportMsg) (Model, tea.Cmd) {
	if r.err != nil {
		return m, send(msgs.Error{Op: "write the report of job " + r.job, Err: r.err})
	}
	if r.job == m.job.id {
		m.job.report = termtext.Clean(r.path)
	}
	return m, send(msgs.Notice{Text: fmt.Sprintf("%s report written: %s", theme.OKMark, termtext.Clean(r.path))})
}
