package jobs

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// The history: every job of this service in the jobs directory, of every kind,
// newest first (h), and any of them opened (enter): its items, what was refused
// before anything was sent, with the reasons, and its report (w).

// show is what the panel shows: the job on it, the history, or one job opened.
type show int

const (
	showPanel show = iota
	showHistory
	showOpen
)

// entry is a job of the history.
type entry struct {
	about
	created            time.Time
	done, failed, left int
	state, lineage     string
	again              int  // items failed for a reason that may pass now: a retry takes them
	undoable           bool // a finished job that changed listings: an undo puts them back
}

func entryOf(j job.Job) entry {
	e := entry{about: aboutOf(j), created: j.Info().Created, state: job.StateOf(j), lineage: job.Lineage(j.Info())}
	e.done, e.failed, e.left = j.Counts()
	for _, it := range j.Items() {
		if it.Again {
			e.again++
		}
	}
	_, undoer := j.(job.Undoer)
	e.undoable = undoer && e.done > 0 && (e.state == job.StateDone || e.state == job.StateCancelled)
	return e
}

// itemLine is an item of a job opened, as a line.
type itemLine struct {
	ok   bool
	text string
}

// opened is a job of the history opened: what was not done first (refused before
// sending, failed, left), then what was.
type opened struct {
	entry
	lines    []itemLine
	reportAt string // where its report was written
}

// historyMsg is the history read.
type historyMsg struct {
	entries []entry
	errs    []error
}

// openedMsg is a job of the history read whole.
type openedMsg struct {
	o   opened
	err error
}

// loadHistory reads every job of baseURL in dir, newest first, without disturbing
// one that runs.
func loadHistory(dirOf func() string, baseURL string) tea.Cmd {
	return func() tea.Msg {
		dir := dirOf()
		if dir == "" {
			return historyMsg{}
		}
		jobs, errs := kinds.All.List(dir)
		var out []entry
		for _, j := range jobs {
			if sameService(j.Info().BaseURL, baseURL) {
				out = append(out, entryOf(j))
			}
		}
		return historyMsg{entries: out, errs: errs}
	}
}

// openJob reads the job at path whole, without its lock.
func openJob(path string) tea.Cmd {
	return func() tea.Msg {
		j, err := kinds.All.Load(path, false)
		if err != nil {
			return openedMsg{err: err}
		}
		o := opened{entry: entryOf(j)}
		var done []itemLine
		for _, it := range j.Refusals() {
			o.lines = append(o.lines, itemLine{text: itemText(it)})
		}
		for _, it := range j.Items() {
			if it.OK() {
				done = append(done, itemLine{ok: true, text: itemText(it)})
			} else {
				o.lines = append(o.lines, itemLine{text: itemText(it)})
			}
		}
		o.lines = append(o.lines, done...)
		return openedMsg{o: o}
	}
}

// itemText is an item in a line: what it is, what became of it, and its status and
// new price, or the code (or column) and reason.
func itemText(it job.Item) string {
	parts := []string{it.What() + ": " + resultWord(it.Result)}
	if it.OK() {
		parts = append(parts, string(it.Status), it.Price)
	} else {
		why := it.Field
		if why == "" {
			why = it.Code
		}
		parts = append(parts, strings.TrimSpace(why+" "+hintWord(it.Hint)))
		if it.Again {
			parts = append(parts, i18n.T("jobs.item.again"))
		}
	}
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return termtext.Clean(strings.Join(keep, " · "))
}

func (m Model) historyLoaded(h historyMsg) (Model, tea.Cmd) {
	m.history = h.entries
	m.histCur = max(min(m.histCur, len(m.history)-1), 0)
	m.histErr = ""
	if len(h.errs) > 0 {
		m.histErr = i18n.N("jobs.unreadable", len(h.errs), "Err", termtext.Clean(h.errs[0].Error()))
	}
	return m, nil
}

func (m Model) jobOpened(o openedMsg) (Model, tea.Cmd) {
	if o.err != nil {
		return m, send(msgs.Error{Op: i18n.T("jobs.op.open"), Err: o.err})
	}
	m.open, m.openOff, m.show = o.o, 0, showOpen
	return m, nil
}

// focusEntry is the job of the history the keys act on: the one opened, or the
// cursor's.
func (m Model) focusEntry() (entry, bool) {
	switch {
	case m.show == showOpen:
		return m.open.entry, true
	case m.show == showHistory && len(m.history) > 0:
		return m.history[m.histCur], true
	}
	return entry{}, false
}

// focus is the job the keys act on: the one opened, else the one on the panel.
func (m Model) focus() about {
	if m.show == showOpen {
		return m.open.about
	}
	return m.job.about
}
