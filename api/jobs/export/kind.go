package export

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// ExportKind is the kind of an export's job for the front ends' loop over kinds
// (api/jobs/job).
var ExportKind = job.NewKind(func(kind string) bool { return kind == Kind }, load)

// Verb is "export".
func (j *Journal) Verb() string { return Kind }

// About says the job in a line: "export of 120 listings with their detail".
func (j *Journal) About() string { return j.AboutWhy().String() }

// AboutWhy is About as a Why (job.Described).
func (j *Journal) AboutWhy() rules.Why {
	n := len(j.Head.Items)
	return job.Because("about.export", "N", rules.Num(n), "Count", n)
}

// Items are the listings to fetch, with their outcomes.
func (j *Journal) Items() []job.Item {
	out := make([]job.Item, len(j.Head.Items))
	for i, p := range j.Head.Items {
		out[i] = j.item(p.ID, p.Title)
	}
	return out
}

func (j *Journal) item(id int, title string) job.Item {
	it := job.ItemOf(id, j.Outcome(id))
	it.Title = title
	switch {
	case it.State == job.Done:
		it.Result = job.ResultFetched
	case it.Code == CodeGone:
		it.Result, it.Gone = job.ResultGone, true
	}
	return it
}

// Refusals are none: the list is read before the job.
func (j *Journal) Refusals() []job.Item { return nil }

// PerItem is one GET a listing.
func (j *Journal) PerItem() float64 { return 1 }

// Run fetches what is left (Fetch), telling each listing fetched or refused. The
// file is written after, by the front end (job.Filer).
func (j *Journal) Run(ctx context.Context, svc job.Service, tell func(job.Item)) error {
	titles := map[int]string{}
	for _, p := range j.Head.Items {
		titles[p.ID] = p.Title
	}
	return Fetch(ctx, svc, j, func(id int) {
		if tell != nil {
			tell(j.item(id, titles[id]))
		}
	})
}

// Output is the file the export writes: an absolute path, or "" for standard output.
func (j *Journal) Output() string { return j.Head.Export.Output }

// Binary says an XLSX export is not text.
func (j *Journal) Binary() bool { return j.Head.Export.Format == sheet.XLSX }

// WriteFile writes the export's file in its format (Write).
func (j *Journal) WriteFile(w io.Writer) (int, error) { return j.Write(w, j.Head.Export.Format) }

// Retry is no new job for an export: its resume fetches again the details a server
// error refused, and writes the whole file.
func (j *Journal) Retry(api.Budget, time.Time) (*job.Plan, error) {
	return nil, fmt.Errorf("an export is not retried as a new job: listings jobs resume %s fetches again what failed and writes the file: %w",
		j.Head.Job, job.ErrNothing)
}
