package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/format"
	"github.com/listings-tui/listings/api/sheet"
)

// Plan is what an import will do, said before anything is sent.
type Plan struct {
	Header                             Header   // every row with its action; the job's journal header
	Unknown                            []string // columns no import reads: said, not silently dropped
	Creates, Edits, Unchanged, Refused int
	Uploads                            int // files to upload
	// Requests are what the job will send: one per upload, create and edit.
	Requests int
	// Reads are the requests the check made: category trees, attributes, city
	// searches, suggestions, the listings whose attributes an edit merges.
	Reads     int
	Duration  time.Duration // how long the requests take under the key's limits
	FitsToday bool
	Days      int
}

// UnfinishedError is the error of checking a sheet whose earlier import has rows
// left: running it again beside the earlier job could send a row twice.
type UnfinishedError struct{ Jobs []string }

func (e *UnfinishedError) Error() string {
	return fmt.Sprintf("an earlier import of this sheet did not finish (%s): resume it first", strings.Join(e.Jobs, ", "))
}

// Check reads every row of t against the rules, the taxonomy, the cities and the
// files on disk, and plans the import; nothing is written to the service. err is a
// failure to read what the check needs (the key, the network), or an
// UnfinishedError.
func Check(ctx context.Context, svc Service, t *sheet.Table, o Options) (*Plan, error) {
	e := readEarlier(o.JobsDir, o.BaseURL, o.Sheet)
	if len(e.unfinished) > 0 {
		return nil, &UnfinishedError{Jobs: e.unfinished}
	}
	c := &checker{o: o, svc: svc, earlier: e, lines: map[string]int{}}
	c.tax = &taxonomy{svc: svc, lang: o.lang(), trees: map[string]*catTree{}, attrs: map[string][]api.Attribute{}, reads: &c.reads}
	c.cit = &cities{svc: svc, lang: o.lang(), seen: map[string]cityAnswer{}, reads: &c.reads}
	p := &Plan{Unknown: sheet.UnknownColumns(t)}
	p.Header = Header{Created: o.now(), BaseURL: o.BaseURL, Kind: Kind, Sheet: o.Sheet, File: o.File, Lang: o.lang(), Columns: t.Columns}
	for _, r := range t.Rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row, err := c.check(ctx, r.Line, r.Cells)
		if err != nil {
			return nil, err
		}
		p.Header.Rows = append(p.Header.Rows, row)
	}
	p.Reads = c.reads
	p.count(svc.Budget(), o.now())
	return p, nil
}

func (p *Plan) count(b api.Budget, now time.Time) {
	p.Creates, p.Edits, p.Unchanged, p.Refused, p.Uploads = 0, 0, 0, 0, 0
	for i := range p.Header.Rows {
		r := &p.Header.Rows[i]
		switch r.Action {
		case Create:
			p.Creates++
		case Edit:
			p.Edits++
		case Unchanged:
			p.Unchanged++
		case Refused:
			p.Refused++
		}
		p.Uploads += r.Uploads()
	}
	p.Requests = p.Uploads + p.Creates + p.Edits
	p.Duration, p.FitsToday, p.Days = b.Estimate(p.Requests, now)
}

// Summary says the plan in a few lines: the counts, the uploads, the requests and
// their time under the key's limits, the unknown columns.
func (p *Plan) Summary() []string {
	var out []string
	out = append(out, fmt.Sprintf("%d rows: %d to create, %d to edit, %d unchanged (imported before, or the listing holds them already), %d refused",
		len(p.Header.Rows), p.Creates, p.Edits, p.Unchanged, p.Refused))
	if len(p.Unknown) > 0 {
		out = append(out, fmt.Sprintf("unknown columns, ignored: %s (see listings import --help for the names)", strings.Join(p.Unknown, ", ")))
	}
	if p.Requests == 0 {
		return append(out, "nothing to send")
	}
	line := fmt.Sprintf("%s to send (%s, %s, %s)", plural(p.Requests, "request"),
		plural(p.Uploads, "upload"), plural(p.Creates, "create"), plural(p.Edits, "edit"))
	if p.Duration > 0 {
		line += ", about " + format.Wait(p.Duration) + " under the key's per-minute limit"
	}
	out = append(out, line)
	if !p.FitsToday {
		out = append(out, fmt.Sprintf("over the key's daily limit: the job spans %d days; it stops when the day's budget is spent and resumes with --resume", p.Days))
	}
	return out
}

// NoteSuggested starts the note of a row whose category the AI suggested.
const NoteSuggested = "category suggested: "

// Suggested are the rows to create whose category the AI suggested (Options.Suggest),
// with that note: the user confirms them before the job runs.
func (p *Plan) Suggested() (rows []Row, notes []string) {
	for _, r := range p.Header.Rows {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, NoteSuggested) && r.Action == Create {
				rows, notes = append(rows, r), append(notes, n)
			}
		}
	}
	return rows, notes
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
