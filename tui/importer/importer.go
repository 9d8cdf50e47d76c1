// Package importer owns the import of a sheet in the app (msgs.OpenImport: I in the
// browser or the drafts list), up to its job: the sheet's path typed (~ is the home
// folder, tab completes folders and sheets), the sheet read and every row checked
// (api/jobs/catalog.Check: the create rules, the category and its attributes, the city,
// the files) in a command with a spinner, then the plan in one scrolled dialog
// (tui/components/planbox): what is created and edited, every refused row with its row number,
// column and reason, the uploads, the requests and the time under the key's budget;
// the categories the AI suggested confirmed apart, as the CLI asks. Its one
// confirmation asks the root to run the good rows as a job (msgs.StartJob with
// Import; tui/jobs runs it). It sends nothing itself but the check's reads.
package importer

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Service is what the check needs; *api.Client satisfies it.
type Service interface{ catalog.Service }

// Config is where the view reads sheets and earlier jobs.
type Config struct {
	Service Service
	Lang    string
	BaseURL string
	// JobsDir is the jobs directory (the one tui/jobs journals in): a sheet's rows
	// imported before are recognised in its journals. Asked for off the event loop.
	JobsDir func() string
	// StartDir is where a relative path starts; "" is the working directory.
	StartDir string
	Now      func() time.Time
}

type stage int

const (
	stPath      stage = iota // the path typed
	stChecking               // the sheet read and checked
	stPlan                   // the plan shown
	stSuggested              // the AI's categories asked about
)

// Model is the import's view.
type Model struct {
	cfg Config
	action.Keys

	stage   stage
	input   textinput.Model
	suggest bool // rows without a category ask the AI suggestion
	// anywhere lets the sheet's cells name files outside its folder
	// (catalog.Options.FilesAnywhere), ticked by the user for this import.
	anywhere bool
	// replace: the path of before is selected, and what is typed replaces it (path.go).
	replace bool
	problem string   // why the last path or check failed
	choices []string // the completions of the last tab, when several
	more    int      // completions not listed

	spin      spinner.Model
	doing     string // what the check does, beside the spinner
	seq       int    // the latest read, check or completion; older answers are dropped
	cancel    context.CancelFunc
	plan      *catalog.Plan
	file      string // the sheet's absolute path
	box       planbox.Box
	suggested int // rows to create in a category the AI chose

	width, height int
}

// New returns the view; Open starts an import.
func New(cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.JobsDir == nil {
		cfg.JobsDir = func() string { return "" }
	}
	in := theme.Input()
	in.CharLimit = 4096
	in.Cursor.SetMode(cursor.CursorStatic) // no blink: a tick a half-second for nothing
	m := Model{cfg: cfg, input: in, spin: spinner.New(spinner.WithSpinner(spinner.Dot))}
	m.relabel()
	m.SetSize(80, 24)
	return m
}

// Init has nothing to load.
func (m Model) Init() tea.Cmd { return nil }

// Open starts on the path input, with the path of before selected (path.go).
func (m Model) Open() (Model, tea.Cmd) {
	m.stopCheck()
	m.stage, m.problem, m.choices, m.plan = stPath, "", nil, nil
	m.selectPath()
	return m, m.input.Focus()
}

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	m.input.Width = max(planbox.InnerWidth(m.width)-len(m.input.Prompt)-1, 4)
	m.box.SetSize(m.width, m.height)
}

// Capturing is always true: the view is modal, and its letters (the path, y, n) are
// its own; only ctrl+c leaves past it.
func (m Model) Capturing() bool { return true }

// Update handles keys and the answers of the read, the check and the completion.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case msgs.LangChanged:
		m.cfg.Lang = msg.Lang
		m.relabel()
		m.SetSize(m.width, m.height)
		if m.plan != nil && m.stage != stPath && m.stage != stChecking {
			m.box.SetLines(planLines(m.plan, m.file, keepsMetadata(m.cfg.Service)))
		}
		return m, nil
	case spinner.TickMsg:
		if m.stage != stChecking {
			return m, nil // nothing runs: let the tick chain stop
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case completedMsg:
		return m.completed(msg), nil
	case readMsg:
		return m.read(msg)
	case checkedMsg:
		return m.checked(msg)
	case reportMsg:
		return m, m.reported(msg)
	case tea.KeyMsg:
		if m.stage == stPath {
			return m.pathKey(msg)
		}
		if id, ok := table.Match(m, m.Keys.Map, msg); ok {
			return m.Run(id)
		}
		return m, nil
	}
	return m, nil
}

// stopCheck gives up a read or a check in flight: its answer is dropped.
func (m *Model) stopCheck() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.seq++
}

// pathKey answers a key in the path box: the path of before, selected, gives way
// first (path.go); then the table's keys, and the box takes the rest.
func (m Model) pathKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	id, ok := table.Match(m, m.Keys.Map, msg)
	if m.typeOver(msg, id) {
		m.problem, m.choices = "", nil
		return m, nil
	}
	if ok {
		return m.Run(id)
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.problem, m.choices = "", nil
	}
	return m, cmd
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// Checking reports whether a sheet is being read or checked.
func (m Model) Checking() bool { return m.stage == stChecking }

// relabel gives the path input its words in the interface's language.
func (m *Model) relabel() {
	m.input.Prompt = i18n.T("importer.form.prompt")
	m.input.Placeholder = i18n.T("importer.form.placeholder")
}
