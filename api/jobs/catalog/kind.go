package catalog

import (
	"context"
	"path/filepath"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// ImportKind is the kind of an import's job for the front ends' loop over kinds
// (api/jobs/job).
var ImportKind = job.NewKind(isImport, load)

func isImport(kind string) bool { return kind == Kind }

// Verb is "import".
func (j *Journal) Verb() string { return Kind }

// About says the job in a line: "import of stock.csv: 40 rows to send".
func (j *Journal) About() string { return j.AboutWhy().String() }

// AboutWhy is About as a Why (job.Described).
func (j *Journal) AboutWhy() rules.Why {
	n := len(j.Head.Keys())
	return job.Because("about.import", "File", filepath.Base(j.Head.File), "Rows", job.Counted(n, "row"), "Count", n)
}

// Items are the rows to send with their outcomes, in the sheet's order.
func (j *Journal) Items() []job.Item {
	var out []job.Item
	for _, r := range j.Head.Rows {
		if r.Action == Create || r.Action == Edit {
			out = append(out, rowItem(r, j.Outcome(r.Line)))
		}
	}
	return out
}

// rowItem is a row to send as the front ends show it: its listing, and the column a
// refusal names when the answer names it.
func rowItem(r Row, o Outcome) job.Item {
	it := job.ItemOf(r.Line, o)
	it.Row, it.Title, it.ListingID = r.Line, r.Title, r.ListingID
	if o.ListingID > 0 {
		it.ListingID = o.ListingID
	}
	switch {
	case o.State == Done && r.Action == Create:
		it.Result, it.Created = job.ResultCreated, true
	case o.State == Done:
		it.Result = job.ResultEdited
	}
	return it
}

// Refusals are the rows refused before anything was sent, a reason each (a row
// with more than MaxRowProblems says how many more in its last).
func (j *Journal) Refusals() []job.Item {
	var out []job.Item
	for _, r := range j.Head.Rows {
		if r.Action != Refused {
			continue
		}
		it := job.Item{Key: r.Line, Row: r.Line, Title: r.Title, ListingID: r.ListingID, State: job.Failed, Result: job.ResultRefused}
		for _, p := range r.Problems {
			it.Field, it.Hint, it.HintWhy = p.Column, p.Reason, p.Why
			out = append(out, it)
		}
		if r.MoreProblems > 0 {
			it.Field, it.Hint, it.HintWhy = MoreProblems(r.MoreProblems), "", rules.Why{}
			it.FieldWhy = MoreWhy(r.MoreProblems)
			out = append(out, it)
		}
	}
	return out
}

// PerItem is a row's create or edit and its files still to upload, on average.
func (j *Journal) PerItem() float64 {
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

// Run carries out what is left (Run), telling each row answered.
func (j *Journal) Run(ctx context.Context, svc job.Service, tell func(job.Item)) error {
	return Run(ctx, svc, j, func(ev Event) {
		if tell != nil {
			tell(rowItem(ev.Row, ev.Outcome))
		}
	})
}

// WriteReport writes the import's report next to its sheet, in the sheet's format:
// the one `listings import --report` writes (every row with its outcome, listing and
// page, or the column and reason). A journal only read (a running job's) says where
// the job stands. It returns the report's path.
func (j *Journal) WriteReport() (string, error) {
	f, err := sheet.FormatOf(j.Head.File)
	if err != nil {
		f = sheet.CSV // a sheet read with another name: CSV opens everywhere
	}
	out, err := ReportPath(j.Head.File)
	if err != nil {
		return "", err
	}
	if f == sheet.CSV && filepath.Ext(out) != ".csv" {
		out += ".csv"
	}
	return out, WriteReport(out, f, j.Head.Columns, Results(*j.Head, j))
}
