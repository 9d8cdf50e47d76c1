package cmdutil

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/eta"
	"github.com/listings-tui/listings/internal/i18n"
)

// JobLogEvery is how often a job's progress is written off a terminal: a log of a
// long job (ten thousand details at 600 a minute take 17 minutes) shows it alive
// and how far it came, and one of a short job is not cluttered.
const JobLogEvery = 30 * time.Second

// JobLabels name a job's counts on its progress line.
// The bulk commands' labels (JobDone) are drawn when the job starts, in the
// interface's language: the line is for a person only.
type JobLabels struct {
	What   string // the line's head ("details"), "" for none
	Done   string // what an item answered well is ("done", "fetched")
	Failed string // and one that is not ("failed", "gone")
}

// JobDone are the labels of a job whose items are done or failed.
func JobDone() JobLabels {
	return JobLabels{Done: i18n.T("cli.job.done"), Failed: i18n.T("cli.job.failed")}
}

// JobProgress is the progress of a job of many items, the same for the bulk
// commands, import and export --detail: done, failed and left, and the time left by
// the rule of api/jobs/eta (the larger of the key's budget and the run's pace, and it only
// falls). On a terminal it is one line redrawn in place, as wide as the terminal, with
// the waits for the budget on it; off a terminal it is a line every JobLogEvery, the
// waits a line each as every command writes them. It is safe for the workers of a
// job to call at once.
type JobProgress struct {
	mu     sync.Mutex
	line   *StatusLine
	tty    bool
	log    io.Writer
	labels JobLabels
	total  int
	est    *eta.Estimator
	budget func() api.Budget
	now    func() time.Time
	logged time.Time // when the last line was written off a terminal
}

// NewJobProgress follows a job of total items, left of them to do in this run, each
// costing perItem requests, under c's budget; the job's requests go with the context
// returned. On a terminal every wait of c is drawn on the job's line, and on no other
// (WaitNotices draws its own line, and two lines drawn in place on one row overwrite
// each other); off a terminal the waits keep their log lines, and the progress is
// written once a JobLogEvery has passed.
func NewJobProgress(ctx context.Context, f *Factory, c *api.Client, labels JobLabels, total, left int,
	perItem float64) (context.Context, *JobProgress) {
	p := newJobProgress(f.StatusLine(), f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY, labels, total, left, perItem,
		c.Budget, time.Now)
	if p.tty {
		c.OnWaits(p.line.OnWait)
		ctx = api.OnWait(ctx, nil)
	}
	return ctx, p
}

func newJobProgress(line *StatusLine, log io.Writer, tty bool, labels JobLabels, total, left int, perItem float64,
	budget func() api.Budget, now func() time.Time) *JobProgress {
	start := now()
	return &JobProgress{line: line, tty: tty, log: log, labels: labels, total: total,
		est: eta.New(start, left, perItem, budget()), budget: budget, now: now, logged: start}
}

// Update takes the job's counts after an item was answered (or at its start).
func (p *JobProgress) Update(done, failed, left int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	e := p.est.Update(now, left, p.budget())
	forms := p.forms(done, failed, left, e)
	if p.tty {
		p.line.SetForms(forms...)
		return
	}
	if left > 0 && now.Sub(p.logged) >= JobLogEvery {
		p.logged = now
		fmt.Fprintf(p.log, "listings: %s\n", forms[0])
	}
}

// Done clears the line on a terminal.
func (p *JobProgress) Done() { p.line.Done() }

// forms are the line, longest first: the counts and time left; the counts against
// the total with the time left; the share done with the time left; the share alone.
func (p *JobProgress) forms(done, failed, left int, e eta.Estimate) []string {
	head := ""
	if p.labels.What != "" {
		head = p.labels.What + ": "
	}
	long, short := TimeLeft(e, left)
	kv := []any{"Head", head, "Done", done, "Total", p.total, "DoneWord", p.labels.Done, "Failed", failed,
		"FailedWord", p.labels.Failed, "Left", left}
	full := i18n.T("cli.job.progress", kv...)
	mid := i18n.T("cli.job.progress_mid", kv...)
	share := fmt.Sprintf("%d/%d", done+failed, p.total)
	if long == "" {
		return []string{full, mid, share}
	}
	return []string{full + ", " + long, mid + ", " + long, share + ", " + short, share}
}

// TimeLeft says an estimate on a progress line, in a long and a short form; "" when
// there is nothing to say (no answer yet, nothing left).
func TimeLeft(e eta.Estimate, left int) (long, short string) {
	switch {
	case left <= 0:
		return "", ""
	case !e.FitsToday:
		return i18n.T("cli.job.past_day"), i18n.T("cli.job.past_day_short")
	case e.Late:
		return i18n.T("cli.job.late"), i18n.T("cli.job.late_short")
	case !e.Known:
		return "", ""
	case e.Left < time.Second:
		return i18n.T("cli.job.almost"), i18n.T("cli.job.almost")
	}
	d := i18n.T("cli.job.about_left", "Wait", format.Wait(e.Left))
	return d, d
}
