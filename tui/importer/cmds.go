package importer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/components/mediapick"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// readMsg is the sheet read from disk (err: why it cannot be imported).
type readMsg struct {
	seq   int
	file  string // absolute
	table *sheet.Table
	err   error
}

// readSheet reads the sheet at the typed path: a folder, a format no import reads
// (.xls, .ods) and a file that is no sheet are said before any request.
func readSheet(typed, base string, seq int) tea.Cmd {
	return func() tea.Msg {
		fail := func(err error) tea.Msg { return readMsg{seq: seq, err: err} }
		if base == "" {
			base, _ = os.Getwd()
		}
		path, err := media.Expand(typed, base)
		if err != nil {
			return fail(errors.New(i18n.T("importer.no_path")))
		}
		shown := strings.TrimSpace(typed)
		st, err := os.Stat(path)
		switch {
		case err != nil:
			return fail(errors.New(mediapick.PathWords(media.StatFailed(shown, err))))
		case st.IsDir():
			return fail(errors.New(i18n.T("importer.folder", "Path", shown)))
		}
		f, err := sheet.FormatOf(path)
		if err != nil {
			return fail(err)
		}
		t, err := sheet.Read(path, f)
		if err != nil {
			return fail(err)
		}
		return readMsg{seq: seq, file: path, table: t}
	}
}

// checkedMsg is the check's answer: the plan, or why there is none.
type checkedMsg struct {
	seq  int
	plan *catalog.Plan
	err  error
}

// checkTimeout bounds a check: the reads it may make (the category trees, a
// category's attributes and a city search or two per row at most) under the key's
// budget as it stands, and a minute for the answers themselves.
func checkTimeout(svc Service, rows int, now time.Time) time.Duration {
	d, _, _ := svc.Budget().Estimate(len(catalog.Langs)+3*rows, now)
	return time.Minute + d
}

// check checks every row of t under ctx (esc cancels it); the jobs directory, where
// earlier imports of the sheet are recognised, is asked for here, off the event
// loop (it may make a temporary one).
func check(ctx context.Context, cancel context.CancelFunc, svc Service, t *sheet.Table, o catalog.Options, jobsDir func() string, seq int) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		o.JobsDir = jobsDir()
		p, err := catalog.Check(ctx, svc, t, o)
		return checkedMsg{seq: seq, plan: p, err: err}
	}
}

func (m Model) read(r readMsg) (Model, tea.Cmd) {
	if r.seq != m.seq || m.stage != stChecking {
		return m, nil
	}
	if r.err != nil {
		m.stage, m.problem = stPath, termtext.Clean(SheetError(r.err))
		return m, m.input.Focus()
	}
	m.file = r.file
	m.doing = i18n.N("importer.checking", len(r.table.Rows), "File", termtext.Clean(filepath.Base(r.file)))
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout(m.cfg.Service, len(r.table.Rows), m.cfg.Now()))
	m.cancel = cancel
	o := catalog.Options{Lang: m.cfg.Lang, Suggest: m.suggest, FilesAnywhere: m.anywhere, Dir: filepath.Dir(r.file), Sheet: catalog.SheetID(r.file),
		File: r.file, BaseURL: m.cfg.BaseURL, Now: m.cfg.Now}
	return m, check(ctx, cancel, m.cfg.Service, r.table, o, m.cfg.JobsDir, m.seq)
}

func (m Model) checked(c checkedMsg) (Model, tea.Cmd) {
	if c.seq != m.seq || m.stage != stChecking {
		return m, nil
	}
	m.cancel = nil
	var unfinished *catalog.UnfinishedError
	switch {
	case errors.As(c.err, &unfinished):
		m.stage = stPath
		m.problem = termtext.Clean(i18n.T("importer.unfinished", "Jobs", strings.Join(unfinished.Jobs, ", "), "Show", "J",
			"Resume", "r", "Pause", "p", "Cancel", "c"))
		return m, m.input.Focus()
	case errors.Is(c.err, context.DeadlineExceeded):
		m.stage, m.problem = stPath, i18n.T("importer.too_long")
		return m, m.input.Focus()
	case c.err != nil:
		m.stage, m.problem = stPath, i18n.T("importer.failed")
		return m, tea.Batch(m.input.Focus(), emit(msgs.Error{Op: "check the sheet", Err: c.err}))
	}
	m.plan, m.stage = c.plan, stPlan
	rows, _ := c.plan.Suggested()
	m.suggested = len(rows)
	m.box.SetLines(planLines(c.plan, m.file, keepsMetadata(m.cfg.Service)))
	return m, nil
}

// completedMsg is a tab's completion of typed.
type completedMsg struct {
	seq     int
	typed   string
	value   string   // the path completed as far as every match agrees
	choices []string // the matches, when several: folders end in /
	more    int
}

// maxChoices is how many completions the form lists.
const maxChoices = 6

// complete completes the last element of typed among the folders and the sheets
// (.csv, .xlsx, .jsonl) of its folder, keeping what was typed before it (~ stays ~).
func complete(typed, base string, seq int) tea.Cmd {
	return func() tea.Msg {
		out := completedMsg{seq: seq, typed: typed, value: typed}
		if base == "" {
			base, _ = os.Getwd()
		}
		dirPart, prefix := "", typed
		if i := strings.LastIndex(typed, string(filepath.Separator)); i >= 0 {
			dirPart, prefix = typed[:i+1], typed[i+1:]
		} else if typed == "~" {
			dirPart, prefix = "~/", ""
		}
		dir := base
		if dirPart != "" {
			d, err := media.Expand(dirPart, base)
			if err != nil {
				return out
			}
			dir = d
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return out
		}
		var names []string
		for _, e := range entries {
			n := e.Name()
			if !strings.HasPrefix(n, prefix) || (strings.HasPrefix(n, ".") && !strings.HasPrefix(prefix, ".")) {
				continue
			}
			isDir := e.IsDir()
			if e.Type()&os.ModeSymlink != 0 {
				st, err := os.Stat(filepath.Join(dir, n))
				isDir = err == nil && st.IsDir()
			}
			if isDir {
				names = append(names, n+string(filepath.Separator))
			} else if _, err := sheet.FormatOf(n); err == nil {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		if len(names) == 0 {
			return out
		}
		common := names[0]
		for _, n := range names[1:] {
			for !strings.HasPrefix(n, common) {
				common = common[:len(common)-1]
			}
		}
		out.value = dirPart + common
		if len(names) > 1 {
			out.choices = names[:min(len(names), maxChoices)]
			out.more = len(names) - len(out.choices)
		}
		return out
	}
}

func (m Model) completed(c completedMsg) Model {
	if c.seq != m.seq || m.stage != stPath || c.typed != m.input.Value() {
		return m // typed on since: the answer is of another path
	}
	m.input.SetValue(c.value)
	m.input.CursorEnd()
	m.choices, m.more = nil, c.more
	for _, ch := range c.choices {
		m.choices = append(m.choices, termtext.Clean(ch))
	}
	if len(c.choices) == 0 && c.value == c.typed {
		m.problem = i18n.T("importer.no_completion")
	}
	return m
}

// reportMsg is the plan's report written.
type reportMsg struct {
	path string
	err  error
}

// writePlanReport writes every row as planned (refused ones with their column and
// reason) next to the sheet, as `listings import --dry-run --report` does.
func writePlanReport(file string, p *catalog.Plan) tea.Cmd {
	return func() tea.Msg {
		f, err := sheet.FormatOf(file)
		if err != nil {
			return reportMsg{err: err}
		}
		out, err := catalog.ReportPath(file)
		if err != nil {
			return reportMsg{err: err}
		}
		return reportMsg{path: out, err: catalog.WriteReport(out, f, p.Header.Columns, catalog.Results(p.Header, nil))}
	}
}

func (m Model) reported(r reportMsg) tea.Cmd {
	if r.err != nil {
		return emit(msgs.Error{Op: "write the report", Err: r.err})
	}
	return emit(msgs.Notice{Text: theme.OKMark + " report written: " + termtext.Clean(r.path)})
}

// keepsMetadata reports whether svc sends photos with their metadata (*api.Client
// made WithKeepMetadata); one that cannot say is taken as the default.
func keepsMetadata(svc Service) bool {
	k, ok := svc.(interface{ KeepsMetadata() bool })
	return ok && k.KeepsMetadata()
}
