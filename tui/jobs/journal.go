package jobs

import (
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/kinds"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// The panel runs and shows a job of any kind (api/jobs/job): a bulk change, an import,
// an export, and the retries and undos made of them. It loops over kinds.All and
// knows none of them by name; only the plans the other views confirm
// (msgs.StartJob) are journaled here by their kind.

// about is what the panel says of a job.
type about struct {
	id, verb string
	line     string    // the job in a line (job.Job's About)
	lineWhy  rules.Why // the line as a Why, when the kind gives one (job.Described)
	path     string
	total    int  // the items to send
	refused  int  // refused before anything was sent (an import's rows)
	rows     bool // the items are a sheet's rows, not listings
	report   bool // the job writes a report of its own (w)
	filer    bool // the job makes a file once its items are done (an export)
	// toStdout: the file goes to standard output, which only a terminal's
	// `listings jobs resume` writes: the app does not run the job.
	toStdout bool
}

func aboutOf(j job.Job) about {
	done, failed, left := j.Counts()
	a := about{id: j.Info().Job, verb: j.Verb(), line: termtext.Clean(j.About()), path: j.File(), total: done + failed + left}
	if d, ok := j.(job.Described); ok {
		a.lineWhy = d.AboutWhy()
	}
	seen := map[int]bool{}
	for _, r := range j.Refusals() {
		if !seen[r.Key] {
			seen[r.Key] = true
			a.refused++
		}
		a.rows = a.rows || r.Row > 0
	}
	if its := j.Items(); len(its) > 0 {
		a.rows = its[0].Row > 0
	}
	_, a.report = j.(job.Reporter)
	if fl, ok := j.(job.Filer); ok {
		a.filer, a.toStdout = true, fl.Output() == ""
	}
	return a
}

// item is one item answered, for the other views: the listing, what it became.
type item struct {
	id      int // the listing's
	title   string
	status  api.Status // when done
	price   *api.Price // a price job's new price
	created bool       // an import's new listing
	failed  *failure
}

func itemOf(it job.Item) item {
	out := item{id: it.ListingID, title: it.Title}
	switch {
	case it.State == job.Done:
		out.status, out.created = it.Status, it.Created
		if pr, err := api.ParsePrice(it.Price); err == nil && it.Price != "" {
			out.price = &pr // a price job: the row shows the new price at once
		}
	case it.State == job.Failed && !it.Gone:
		f := failureOf(it)
		out.failed = &f
	}
	return out
}

// failure is one item not done, for the panel: what it is (a listing, a row), the
// code or column, and the hint or reason.
type failure struct {
	what, code, hint string
}

// failureOf is an item not done: the column when a refusal names it, else the code.
func failureOf(it job.Item) failure {
	code := it.Field
	switch {
	case !it.FieldWhy.OK():
		code = i18n.Reason("importer.why.", it.FieldWhy)
	case code == "":
		code = it.Code
	}
	what := it.What()
	if it.Row > 0 { // a sheet's row, as the panel names rows
		what = i18n.T("jobs.row", "Row", it.Row)
		if t := strings.TrimSpace(it.Title); t != "" {
			what += " “" + t + "”"
		}
	}
	hint := it.Hint
	if !it.HintWhy.OK() {
		hint = i18n.Reason("importer.why.", it.HintWhy)
	}
	return failure{what: termtext.Clean(what), code: termtext.Clean(code), hint: termtext.Clean(hint)}
}

// failuresOf are what the panel lists as a run begins: what was refused before
// anything was sent, then the items failed since.
func failuresOf(j job.Job) []failure {
	var out []failure
	for _, it := range j.Refusals() {
		out = append(out, failureOf(it))
	}
	for _, it := range j.Items() {
		if it.State == job.Failed && !it.Gone {
			out = append(out, failureOf(it))
		}
	}
	return out
}

// open reads the journal at path to run it (its lock taken).
func open(path string) (job.Job, error) { return kinds.All.Load(path, true) }

// peeked is a journal read without its lock, for the offers at start.
type peeked struct {
	about
	left      int
	resumable bool
	baseURL   string
}

// list reads every job in dir without disturbing one that runs.
func list(dir string) (out []peeked, errs []error) {
	jobs, errs := kinds.All.List(dir)
	for _, j := range jobs {
		_, _, left := j.Counts()
		out = append(out, peeked{about: aboutOf(j), left: left, resumable: j.Resumable(), baseURL: j.Info().BaseURL})
	}
	return out, errs
}

// newJournal journals a new job of what s asks for in dir.
func newJournal(dir, baseURL string, s startReq, now time.Time) (job.Job, error) {
	if s.begin != nil {
		return s.begin(dir, baseURL, now)
	}
	if s.imp != nil {
		h := s.imp.Header
		h.BaseURL = baseURL
		j, err := catalog.NewJob(dir, h, now)
		if err != nil {
			return nil, err
		}
		return j, nil
	}
	h := bulk.HeaderOf("", s.plan)
	h.BaseURL = baseURL
	j, err := bulk.CreateJob(dir, s.verb, now, h)
	if err != nil {
		return nil, err
	}
	return j, nil
}

// startReq is a confirmed plan to journal: a bulk plan, an import's, or a plan of
// the engine's (a retry, an undo: job.Plan's Begin).
type startReq struct {
	verb  string
	plan  bulk.Plan
	imp   *catalog.Plan
	begin func(dir, baseURL string, now time.Time) (job.Job, error)
}

// noun is how many items a job has, in words: "3 listings", "1 row".
func (a about) noun(n int) string {
	if a.rows {
		return i18n.N("jobs.rows", n)
	}
	return i18n.N("count.listings", n)
}
