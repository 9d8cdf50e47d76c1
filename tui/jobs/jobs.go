// Package jobs owns the app's jobs, of every kind, through the one engine (api/jobs/job
// and its kinds.All: bulk changes, imports, exports, and the retries and undos made
// of them): a plan confirmed elsewhere (msgs.StartJob) journaled in the jobs
// directory the CLI uses and run in a goroutine within the client's budget, and the
// panel: the job's progress (done, failed and left, the time left by api/jobs/eta, which
// follows the answers and the clock and only falls), every item not done with its
// reason, a report written on w; pause (the engine's rule: the requests on their way
// are answered and journaled, those waiting for the budget given up), resume, cancel
// (the journal keeps it, and it is not offered again). Every item answered tells the
// other views (msgs.ListingChanged: rows update in place; msgs.ListingsAdded when an
// import created listings) and a listing now awaiting moderation joins the watch
// (msgs.Watch). At start it offers the jobs of this service that a kill or a crash
// interrupted; a job stopped by the day's budget resumes by itself after the Kyiv
// midnight reset. The history (h) lists every job of the service, opens any, and
// makes a retry (R) or an undo (u) of one as a new job, its plan confirmed first.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/eta"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/tui/components/planbox"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// Service is what a job of any kind needs; *api.Client satisfies it.
type Service = job.Service

// state is where the job on the panel stands.
type state int

const (
	stNone     state = iota
	stStarting       // the journal is being written or opened
	stRunning
	stPausing // the requests on their way are being answered
	stPaused
	stWaiting // stopped by the day's budget: resumes after the Kyiv midnight reset
	stStopped // stopped by another failure that stops every item (the key, its scope)
	stDone
	stCancelled
)

// current is the job on the panel.
type current struct {
	about
	done, failed, left int
	failures           []failure
	failedRows         int // the rows among failures: an import lists a row once a cell
	st                 state
	r                  *runner
	resumeAt           time.Time
	why                string // why it stopped
	// added are the listings an import created that the lists were not told of yet.
	added int
	// reportAt is where the job's report was last written; fileAt the file it made.
	reportAt, fileAt string
}

// Config is where jobs are journaled and for which service.
type Config struct {
	// Dir is the jobs directory (the CLI's <data dir>/jobs), asked for when a job
	// starts (off the event loop: it may make a temporary one); "" means none.
	Dir func() string
	// Scan looks in Dir at start for interrupted jobs; off for the sandbox, whose
	// directory is new and whose listings end with the app.
	Scan    bool
	BaseURL string
	Now     func() time.Time
}

// Model is the jobs panel.
type Model struct {
	svc     Service
	dir     func() string
	scan    bool
	baseURL string
	now     func() time.Time
	at      time.Time

	job         current
	runs        int // numbers the runs
	offers      []offer
	asking      bool // c was pressed: y gives the job up
	failOff     int  // the scroll of the failures' list
	action.Keys      // the user's keys (actions.go)
	eta         string
	est         eta.Estimator // the time left of the run under way (timeleft.go)
	width       int
	height      int
	scanned     bool
	// show is the panel, the history or a job opened (history.go).
	show    show
	history []entry
	histCur int
	histErr string
	open    opened
	openOff int
	// plan is a retry or an undo asked, in its box until confirmed (plan.go).
	plan *job.Plan
	box  planbox.Box
	// after starts the wait for the day's reset: tea.Tick, which tests replace so
	// that they deliver the tick themselves.
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// New returns the panel for jobs journaled in cfg.Dir (the CLI's <data dir>/jobs, or
// a temporary directory for the sandbox) on the service at cfg.BaseURL.
func New(svc Service, cfg Config) Model {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	dir := cfg.Dir
	if dir == nil {
		dir = func() string { return "" }
	}
	m := Model{svc: svc, dir: dir, scan: cfg.Scan, baseURL: cfg.BaseURL, now: now, at: now(), after: tea.Tick}
	m.SetSize(80, 24)
	return m
}

// Init looks for interrupted jobs to offer.
func (m Model) Init() tea.Cmd {
	if !m.scan {
		return nil
	}
	return scan(m.dir, m.baseURL)
}

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 1), max(h, 1)
	m.box.SetSize(m.width, m.height)
}

// Capturing is true while the panel asks whether to give the job up, or shows a
// plan to confirm: y and n are its answer, not the root's keys.
func (m Model) Capturing() bool { return m.asking || m.plan != nil }

// Running reports whether a job is under way (running or pausing): quitting loses
// nothing (the journal has it) but leaves it to a resume.
func (m Model) Running() bool { return m.job.st == stRunning || m.job.st == stPausing }

// Summary is the footer's word on the job while there is one to follow: "job: 12/40".
func (m Model) Summary() string {
	j := m.job
	n := fmt.Sprintf("%d/%d", j.done+j.failed, j.total)
	switch j.st {
	case stRunning, stStarting:
		return i18n.T("jobs.summary.running", "N", n)
	case stPausing, stPaused:
		return i18n.T("jobs.summary.paused", "N", n)
	case stWaiting:
		return i18n.T("jobs.summary.waiting", "N", n)
	}
	return ""
}

// Update handles the runs' messages, the clock and the panel's keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case msgs.Tick:
		m.at = msg.At
		m.estimate(msg.At, false)
		return m, nil
	case msgs.StartJob:
		return m.startJob(msg)
	case startedMsg:
		return m.started(msg)
	case eventMsg:
		return m.event(msg)
	case endMsg:
		m, cmd := m.ended(msg)
		m.estimate(m.now(), false)
		if m.show == showHistory {
			cmd = tea.Batch(cmd, loadHistory(m.dir, m.baseURL))
		}
		return m, cmd
	case offersMsg:
		return m.offered(msg)
	case discardedMsg:
		return m.discarded(msg)
	case reportMsg:
		return m.reported(msg)
	case historyMsg:
		return m.historyLoaded(msg)
	case openedMsg:
		return m.jobOpened(msg)
	case planMsg:
		return m.planned(msg)
	case resumeTickMsg:
		if msg.job != m.job.id || msg.n != m.runs || m.job.st != stWaiting {
			return m, nil
		}
		return m.resumeJob()
	case tea.KeyMsg:
		return m.key(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	return m, nil
}

func (m Model) startJob(s msgs.StartJob) (Model, tea.Cmd) {
	if m.Running() || m.job.st == stStarting {
		return m, send(msgs.Notice{Text: theme.WarningMark + " " + i18n.T("jobs.notice.busy", "ID", m.job.id) + " " + i18n.T("jobs.notice.busy_show", "Jobs", "J")})
	}
	m.runs++
	m.asking, m.failOff = false, 0
	req := startReq{verb: s.Verb, plan: s.Plan, imp: s.Import}
	m.job = current{about: about{verb: s.Verb, total: len(s.Plan.Changes)}, st: stStarting}
	if s.Import != nil {
		m.job.verb, m.job.total, m.job.rows = "import", s.Import.Creates+s.Import.Edits, true
	}
	m.job.left = m.job.total
	return m, start(m.svc, m.dir, m.baseURL, req, m.now(), m.runs)
}

// resumeJob runs what is left of the job on the panel.
func (m Model) resumeJob() (Model, tea.Cmd) {
	m.runs++
	m.job.st, m.job.why = stStarting, ""
	return m, resume(m.svc, m.job.path, m.runs)
}

func (m Model) started(s startedMsg) (Model, tea.Cmd) {
	if s.err != nil {
		st := m.job
		st.st, st.why = stStopped, termtext.Clean(busyText(s.err))
		m.job = st
		return m, send(msgs.Error{Op: i18n.T("jobs.op.start"), Err: s.err})
	}
	if s.r.n != m.runs { // a run nobody waits for (cannot happen: one at a time)
		s.r.cancel()
		return m, listen(s.r)
	}
	m.dropOffer(s.about.id)
	m.job = current{about: s.about, done: s.done, failed: s.failed, left: s.left, failures: s.failures, st: stRunning, r: s.r,
		reportAt: m.job.reportAt}
	m.job.failedRows = countRows(m.job.failures)
	m.est = *eta.New(m.now(), s.left, s.perItem, m.svc.Budget())
	m.estimate(m.now(), false)
	return m, tea.Batch(listen(s.r), send(msgs.Notice{Text: i18n.T("jobs.notice.started", "ID", s.about.id, "Items", s.about.noun(s.left))}))
}

func (m Model) event(e eventMsg) (Model, tea.Cmd) {
	if e.job != m.job.id || e.n != m.runs {
		return m, nil
	}
	m.job.done, m.job.failed, m.job.left = e.done, e.failed, e.left
	it := e.it
	cmds := []tea.Cmd{listen(m.job.r)}
	switch {
	case it.failed != nil:
		m.job.failures = append(m.job.failures, *it.failed)
		m.job.failedRows = countRows(m.job.failures)
	case it.status != "" && it.created:
		m.job.added++ // the lists reload when the run ends: one load, not one a row
	case it.status != "":
		cmds = append(cmds, send(msgs.ListingChanged{ID: it.id, Status: it.status, Price: it.price}))
	}
	if it.status == api.StatusPending {
		cmds = append(cmds, send(msgs.Watch{ID: it.id, Title: it.title, Group: m.job.verb + " job " + m.job.id}))
	}
	m.estimate(m.now(), true)
	return m, tea.Batch(cmds...)
}

func (m Model) ended(e endMsg) (Model, tea.Cmd) {
	if e.job != m.job.id || e.n != m.runs {
		return m, nil
	}
	j := &m.job
	j.r = nil
	m.asking = false
	var added tea.Cmd
	if j.added > 0 {
		added = send(msgs.ListingsAdded{N: j.added})
		j.added = 0
	}
	var stopped *job.ErrStopped
	var cmd tea.Cmd
	switch {
	case e.cancelled:
		j.st = stCancelled
		cmd = send(msgs.Notice{Text: i18n.T("jobs.notice.cancelled", "ID", j.id, "Done", j.done, "Failed", j.failed, "Left", j.left)})
	case errors.Is(e.err, context.Canceled):
		j.st = stPaused
		cmd = send(msgs.Notice{Text: i18n.T("jobs.notice.paused", "ID", j.id, "Left", j.left, "Resume", "p")})
	case dailyLimit(e.err):
		j.st, j.resumeAt = stWaiting, nextKyivMidnight(m.now()).Add(afterMidnight)
		j.why = "the key's requests for today are spent"
		cmd = m.resumeAt(j.id, m.runs, j.resumeAt)
	case errors.As(e.err, &stopped), e.err != nil:
		j.st, j.why = stStopped, termtext.Clean(e.err.Error())
		cmd = send(msgs.Error{Op: i18n.T("jobs.job", "ID", j.id), Err: e.err})
	default:
		j.st, j.fileAt = stDone, termtext.Clean(e.file)
		cmd = send(msgs.Notice{Text: m.doneText(), Bell: true, Background: true}) // it answers no key: it waits for the answer to the last one
	}
	return m, tea.Batch(added, cmd)
}

func (m Model) offered(o offersMsg) (Model, tea.Cmd) {
	m.scanned = true
	m.offers = o.offers
	var cmds []tea.Cmd
	if len(o.errs) > 0 {
		cmds = append(cmds, send(msgs.Notice{Text: theme.WarningMark + " " +
			i18n.N("jobs.unreadable", len(o.errs), "Err", termtext.Clean(o.errs[0].Error()))}))
	}
	if len(m.offers) > 0 {
		cmds = append(cmds, send(msgs.ShowJobs{}))
	}
	return m, tea.Batch(cmds...)
}

func (m Model) discarded(d discardedMsg) (Model, tea.Cmd) {
	if d.err != nil {
		return m, send(msgs.Notice{Text: theme.WarningMark + " " + i18n.T("jobs.notice.not_discarded", "ID", d.job, "Err", termtext.Clean(busyText(d.err)))})
	}
	m.dropOffer(d.job)
	return m, send(msgs.Notice{Text: i18n.T("jobs.notice.discarded", "ID", d.job, "Command", "listings jobs")})
}

func (m *Model) dropOffer(job string) {
	var keep []offer
	for _, o := range m.offers {
		if o.id != job {
			keep = append(keep, o)
		}
	}
	m.offers = keep
}

// cancelStopped gives up a job that is not running (paused, waiting, stopped).
func (m *Model) cancelStopped() tea.Cmd {
	m.job.st = stCancelled
	return discard(m.job.about)
}

func send(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
