package jobs

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/catalog"
	"github.com/listings-tui/listings/tui/termtext"
)

// The panel runs two kinds of job, journaled side by side in the jobs directory on
// the same log: a bulk job (api/bulk: a status, price or fields change of marked
// listings) and an import (api/catalog: the rows of a sheet). journal is what the
// panel needs of either; bulkJournal and importJournal are the two.

// kind is which of the two a job is.
type kind int

const (
	kindBulk kind = iota
	kindImport
)

// journal is an open journal of either kind.
type journal interface {
	about() about
	// Counts are the items (rows) to send that are done, failed and left.
	Counts() (done, failed, left int)
	// run carries out what is left within ctx (a pause cancels it), telling each
	// item answered.
	run(ctx context.Context, svc Service, tell func(item)) error
	// failures are what the panel lists when the run begins: a bulk job's last
	// failed items; every row of an import refused before sending or failed.
	failures() []failure
	// perItem is what an item left costs in requests, for the time left.
	perItem() float64
	Cancel() error
	Close() error
}

// about is what the panel says of a job.
type about struct {
	kind     kind
	id, verb string
	path     string
	total    int // the items (rows) to send
	// refused are an import's rows refused before anything was sent; sheet its
	// file's name.
	refused int
	sheet   string
}

// item is one item or row answered.
type item struct {
	id      int // the listing's
	title   string
	status  api.Status // when done
	price   *api.Price // a price job's new price
	created bool       // an import's new listing
	failed  *failure
}

// failure is one item or row not done, for the panel: what it is (a listing, a
// row), the code or column, and the hint or reason.
type failure struct {
	what, code, hint string
}

// bulkJournal is a bulk job's journal.
type bulkJournal struct{ *bulk.Journal }

func (j bulkJournal) about() about {
	return about{kind: kindBulk, id: j.Head.Job, verb: j.Head.Verb(), path: j.Path, total: len(j.Head.Items)}
}

func (bulkJournal) perItem() float64 { return 1 }

func (j bulkJournal) run(ctx context.Context, svc Service, tell func(item)) error {
	p := newPausing(svc)
	err := bulk.Run(ctx, p, j.Journal, func(ev bulk.Event) {
		it := item{id: ev.Item.ID, title: ev.Item.Title}
		switch o := ev.Outcome; o.State {
		case bulk.Done:
			it.status = api.Status(o.Status)
			if pr, err := api.ParsePrice(ev.Item.NewPrice); err == nil && ev.Item.NewPrice != "" {
				it.price = &pr // a price job: the row shows the new price at once
			}
		case bulk.Failed:
			it.failed = &failure{what: listingWhat(ev.Item.ID, ev.Item.Title), code: termtext.Clean(o.Code), hint: termtext.Clean(o.Hint)}
		}
		tell(it)
	})
	if serr := p.settle(j.Journal); serr != nil && err == nil {
		err = serr
	}
	return err
}

func (j bulkJournal) failures() []failure {
	var out []failure
	for _, p := range j.Head.Items {
		if o := j.Outcome(p.ID); o.State == bulk.Failed {
			out = append(out, failure{what: listingWhat(p.ID, p.Title), code: termtext.Clean(o.Code), hint: termtext.Clean(o.Hint)})
		}
	}
	return out[max(len(out)-keepFailures, 0):]
}

func listingWhat(id int, title string) string {
	t := termtext.Clean(title)
	if t == "" {
		t = "(untitled)"
	}
	return fmt.Sprintf("%d “%s”", id, t)
}

// importJournal is an import's journal.
type importJournal struct{ *catalog.Journal }

func (j importJournal) about() about {
	a := about{kind: kindImport, id: j.Head.Job, verb: "import", path: j.Path, sheet: termtext.Clean(filepath.Base(j.Head.File))}
	for _, r := range j.Head.Rows {
		switch r.Action {
		case catalog.Create, catalog.Edit:
			a.total++
		case catalog.Refused:
			a.refused++
		}
	}
	return a
}

// perItem is a row's create or edit and its files still to upload, on average.
func (j importJournal) perItem() float64 {
	rows := j.Left()
	if len(rows) == 0 {
		return 1
	}
	n := 0
	for i := range rows {
		n += 1 + rows[i].Uploads()
	}
	return float64(n) / float64(len(rows))
}

func (j importJournal) run(ctx context.Context, svc Service, tell func(item)) error {
	return catalog.Run(ctx, importPausing{Service: svc, run: ctx}, j.Journal, func(ev catalog.Event) {
		it := item{id: ev.Outcome.ListingID, title: ev.Row.Title}
		switch o := ev.Outcome; o.State {
		case catalog.Done:
			it.status, it.created = api.Status(o.Status), ev.Row.Action == catalog.Create
		case catalog.Failed:
			f := rowFailure(ev.Row, o)
			it.failed = &f
		}
		tell(it)
	})
}

// failures are every row not imported: refused before sending (the plan's), or
// failed since. An import keeps them all, so the panel lists every row to fix.
func (j importJournal) failures() []failure {
	var out []failure
	for _, r := range j.Head.Rows {
		switch {
		case r.Action == catalog.Refused:
			for _, p := range r.Problems {
				out = append(out, failure{what: rowWhat(r), code: termtext.Clean(p.Column), hint: termtext.Clean(p.Reason)})
			}
			if r.MoreProblems > 0 {
				out = append(out, failure{what: rowWhat(r), code: catalog.MoreProblems(r.MoreProblems)})
			}
		case r.Action == catalog.Create || r.Action == catalog.Edit:
			if o := j.Outcome(r.Line); o.State == catalog.Failed {
				out = append(out, rowFailure(r, o))
			}
		}
	}
	return out
}

func rowWhat(r catalog.Row) string {
	if t := termtext.Clean(r.Title); t != "" {
		return fmt.Sprintf("row %d “%s”", r.Line, t)
	}
	return fmt.Sprintf("row %d", r.Line)
}

// rowFailure is a row the service (or an upload) refused: the column when the
// answer names it, else the code.
func rowFailure(r catalog.Row, o catalog.Outcome) failure {
	code := o.Field
	if code == "" {
		code = o.Code
	}
	return failure{what: rowWhat(r), code: termtext.Clean(code), hint: termtext.Clean(o.Hint)}
}

// open reads the journal of kind at path to run it (its lock taken).
func open(k kind, path string) (journal, error) {
	if k == kindImport {
		j, err := catalog.OpenJob(path)
		if err != nil {
			return nil, err
		}
		return importJournal{j}, nil
	}
	j, err := bulk.Open(path)
	if err != nil {
		return nil, err
	}
	return bulkJournal{j}, nil
}

// peeked is a journal read without its lock, for the offers at start.
type peeked struct {
	about
	left      int
	resumable bool
	baseURL   string
}

// list reads every job of both kinds in dir without disturbing one that runs.
func list(dir string) (out []peeked, errs []error) {
	bs, berrs := bulk.List(dir)
	for _, j := range bs {
		if j.Head.Kind == bulk.KindExport {
			continue // an export is the CLI's to resume (listings export --resume)
		}
		_, _, left := j.Counts()
		out = append(out, peeked{about: bulkJournal{j}.about(), left: left, resumable: j.Resumable(), baseURL: j.Head.BaseURL})
	}
	is, ierrs := catalog.List(dir)
	for _, j := range is {
		_, _, left := j.Counts()
		out = append(out, peeked{about: importJournal{j}.about(), left: left, resumable: j.Resumable(), baseURL: j.Head.BaseURL})
	}
	return out, append(berrs, ierrs...)
}

// newJournal journals a new job of what s asks for in dir.
func newJournal(dir, baseURL string, s startReq, now time.Time) (journal, error) {
	if s.imp != nil {
		h := s.imp.Header
		h.BaseURL = baseURL
		j, err := catalog.NewJob(dir, h, now)
		if err != nil {
			return nil, err
		}
		return importJournal{j}, nil
	}
	h := bulk.HeaderOf("", s.plan)
	h.BaseURL = baseURL
	j, err := bulk.CreateJob(dir, s.verb, now, h)
	if err != nil {
		return nil, err
	}
	return bulkJournal{j}, nil
}

// startReq is a confirmed plan to journal: a bulk plan, or an import's.
type startReq struct {
	verb string
	plan bulk.Plan
	imp  *catalog.Plan
}
