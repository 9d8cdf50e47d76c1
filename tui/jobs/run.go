package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
)

// A job runs in a goroutine of its own (its kind's Run: api/jobs/job), which tells the
// view what happens through a channel: an eventMsg per item answered, then
// an endMsg, and the channel is closed. The view listens with one command at a time
// (listen), the usual Bubble Tea way to take a stream into the program; the messages carry the job's id and the
// run's number, so that the answer of a run since replaced is dropped.

// runner is a run's handle, shared by the copies of the model: pause and cancel
// reach the goroutine through it.
type runner struct {
	job    string
	n      int // the run's number: a resume is a new run of the same job
	ch     chan tea.Msg
	cancel context.CancelFunc
	giveUp atomic.Bool // cancel, not pause: the journal records it before it closes
}

// eventMsg is an item (a row) answered.
type eventMsg struct {
	job string
	n   int
	it  item
	// done, failed and left are the job's counts after it.
	done, failed, left int
}

// endMsg is the end of a run: its error (nil: every item was answered).
type endMsg struct {
	job       string
	n         int
	err       error
	cancelled bool   // the job was given up, and the journal says so
	file      string // the file the job made (an export's), written after its items
}

// startedMsg is a run started (r nil: it could not be; err says why).
type startedMsg struct {
	r     *runner
	about about
	err   error
	// done, failed and left are the job's counts as the run begins.
	done, failed, left int
	failures           []failure
	perItem            float64 // requests an item left costs
}

// start journals what s asks for as a new job in dir and runs it.
func start(svc Service, dirOf func() string, baseURL string, s startReq, now time.Time, n int) tea.Cmd {
	return func() tea.Msg {
		dir := dirOf()
		if dir == "" {
			return startedMsg{err: errNoDir}
		}
		j, err := newJournal(dir, baseURL, s, now)
		if err != nil {
			return startedMsg{err: err}
		}
		return launch(svc, j, n)
	}
}

// resume opens the journal at path again and runs what is left of it.
func resume(svc Service, path string, n int) tea.Cmd {
	return func() tea.Msg {
		j, err := open(path)
		if err != nil {
			return startedMsg{about: about{path: path}, err: err}
		}
		return launch(svc, j, n)
	}
}

// launch starts the goroutine of a run of j. Cancelling the run's context pauses the
// job under the pause rule (api/jobs/job): the requests written are answered and
// journaled, those still waiting for the budget are given up and journaled unsent.
// The other views' requests, on the same client, are not touched.
func launch(svc Service, j job.Job, n int) startedMsg {
	ctx, cancel := context.WithCancel(api.Background(context.Background())) // a job leaves the person's share of the budget
	a := aboutOf(j)
	r := &runner{job: a.id, n: n, ch: make(chan tea.Msg, a.total+1), cancel: cancel}
	msg := startedMsg{r: r, about: a, failures: failuresOf(j), perItem: j.PerItem()}
	msg.done, msg.failed, msg.left = j.Counts()
	go func() {
		defer close(r.ch)
		defer cancel()
		// The workers tell their items at once: the counts read and the message sent
		// under one lock, or a worker's older counts could arrive after a later
		// worker's, and a finished job showed "1 left" (seen under load).
		var told sync.Mutex
		err := j.Run(ctx, svc, func(it job.Item) {
			told.Lock()
			defer told.Unlock()
			done, failed, left := j.Counts()
			r.ch <- eventMsg{job: r.job, n: n, it: itemOf(it), done: done, failed: failed, left: left}
		})
		end := endMsg{job: r.job, n: n, err: err}
		if fl, ok := j.(job.Filer); ok && err == nil && !j.Resumable() {
			if _, ferr := job.SaveFile(fl); ferr != nil {
				end.err = fmt.Errorf("write the file: %w", ferr)
			} else {
				end.file = fl.Output()
			}
		}
		if r.giveUp.Load() {
			if cerr := j.Cancel(); cerr != nil && end.err == nil {
				end.err = cerr
			}
			end.cancelled = true
		}
		if cerr := j.Close(); cerr != nil && end.err == nil {
			end.err = cerr
		}
		r.ch <- end
	}()
	return msg
}

// listen waits for the run's next message.
func listen(r *runner) tea.Cmd {
	return func() tea.Msg {
		msg, ok := <-r.ch
		if !ok {
			return nil
		}
		return msg
	}
}

// offer is a job left with items to do, found at start.
type offer struct {
	about
	left int
}

// offersMsg is what the scan of the jobs directory found.
type offersMsg struct {
	offers []offer
	errs   []error
}

// scan looks for the jobs of baseURL in dir, of every kind, that were interrupted (a kill, a crash, quitting while one ran) and not given up.
func scan(dirOf func() string, baseURL string) tea.Cmd {
	return func() tea.Msg {
		dir := dirOf()
		if dir == "" {
			return offersMsg{}
		}
		jobs, errs := list(dir)
		var out []offer
		for _, j := range jobs {
			if j.resumable && !j.toStdout && sameService(j.baseURL, baseURL) {
				out = append(out, offer{about: j.about, left: j.left})
			}
		}
		return offersMsg{offers: out, errs: errs}
	}
}

func sameService(a, b string) bool { return strings.TrimRight(a, "/") == strings.TrimRight(b, "/") }

// discardedMsg is an offer given up: its journal says cancelled.
type discardedMsg struct {
	job string
	err error
}

// discard gives up the job: it is not offered again (listings jobs still shows it,
// and resumes it when asked).
func discard(a about) tea.Cmd {
	return func() tea.Msg {
		j, err := open(a.path)
		if err != nil {
			return discardedMsg{job: a.id, err: err}
		}
		err = j.Cancel()
		if cerr := j.Close(); err == nil {
			err = cerr
		}
		return discardedMsg{job: a.id, err: err}
	}
}

// resumeTickMsg is the Kyiv midnight a job stopped by the day's budget waits for.
type resumeTickMsg struct {
	job string
	n   int
}

// nextKyivMidnight is when the day's budget is given anew.
func nextKyivMidnight(t time.Time) time.Time {
	y, mo, d := t.In(api.Kyiv).Date()
	return time.Date(y, mo, d+1, 0, 0, 0, 0, api.Kyiv)
}

// afterMidnight is a minute past the reset, so the service's day has turned too.
const afterMidnight = time.Minute

func (m Model) resumeAt(job string, n int, at time.Time) tea.Cmd {
	return m.after(max(at.Sub(m.now()), 0), func(time.Time) tea.Msg { return resumeTickMsg{job: job, n: n} })
}

// dailyLimit reports whether err stopped a job for the day's budget.
func dailyLimit(err error) bool {
	var st *job.ErrStopped
	return errors.As(err, &st) && api.IsDailyLimit(st.Cause)
}

var errNoDir = errors.New("no directory to journal the job in: set LISTINGS_DATA_DIR to one that can be written")

// busyText says what to do about a journal another process runs.
func busyText(err error) string {
	if errors.Is(err, job.ErrBusy) {
		return i18n.T("jobs.busy.other")
	}
	if errors.Is(err, os.ErrNotExist) {
		return i18n.T("jobs.busy.gone")
	}
	return fmt.Sprint(err)
}
