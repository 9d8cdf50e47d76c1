package catalog

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
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
	// ToModeration counts the active listings the edits send back to moderation.
	ToModeration int
	// Fields counts the edits that change each field (attributes by their column).
	Fields map[string]int
	// Read says how the file was read otherwise than as written (sheet.Table.Notes).
	Read []string
	// ReadSaid are Read as Whys, one for each, for a front end's language.
	ReadSaid []rules.Why `json:"-"`
	// Mirror counts the listings the local mirror answered for instead of a request.
	Mirror int
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
	c := &checker{o: o, svc: svc, earlier: e, lines: map[string]int{}, charset: t.Charset}
	c.cur = newCurrent(svc, o.lang(), &c.reads)
	c.tax = &taxonomy{svc: svc, lang: o.lang(), trees: map[string]*catTree{}, attrs: map[string][]api.Attribute{}, reads: &c.reads}
	c.cit = &cities{svc: svc, lang: o.lang(), seen: map[string]cityAnswer{}, reads: &c.reads}
	p := &Plan{Unknown: sheet.UnknownColumns(t), Read: t.Notes, ReadSaid: t.Said}
	p.Header = Header{Info: job.Info{Created: o.now(), BaseURL: o.BaseURL, Kind: Kind}, Sheet: o.Sheet, File: o.File, Lang: o.lang(), Columns: t.Columns}
	if k, ok := svc.(Known); ok && o.Known == nil {
		o.Known = k // a client with the local mirror (mirror.CachedClient)
	}
	listOnly, detailed := editIDs(t)
	if err := c.cur.prefetch(ctx, o.Known, listOnly, detailed); err != nil {
		return nil, err
	}
	for _, r := range t.Rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row, err := c.check(ctx, r.Line, r.Cells, r.Kinds)
		if err != nil {
			return nil, err
		}
		p.Header.Rows = append(p.Header.Rows, row)
	}
	p.Reads, p.Mirror = c.reads, c.cur.fromMir
	p.count(svc.Budget(), o.now())
	return p, nil
}

func (p *Plan) count(b api.Budget, now time.Time) {
	p.Creates, p.Edits, p.Unchanged, p.Refused, p.Uploads, p.ToModeration = 0, 0, 0, 0, 0, 0
	p.Fields = map[string]int{}
	for i := range p.Header.Rows {
		r := &p.Header.Rows[i]
		switch r.Action {
		case Create:
			p.Creates++
		case Edit:
			p.Edits++
			if r.ToModeration {
				p.ToModeration++
			}
			for _, ch := range r.Changes {
				p.Fields[ch.Field]++
			}
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

// Summary says the plan in a few lines: the counts, how the file was read, what the
// edits change and how many listings they send back to moderation, the uploads, the
// requests and their time under the key's limits, the unknown columns.
func (p *Plan) Summary() []string {
	var out []string
	out = append(out, fmt.Sprintf("%d rows: %d to create, %d to edit, %d unchanged (imported before, or the listing holds them already), %d refused",
		len(p.Header.Rows), p.Creates, p.Edits, p.Unchanged, p.Refused))
	out = append(out, p.Read...)
	if len(p.Unknown) > 0 {
		out = append(out, fmt.Sprintf("unknown columns, ignored: %s (see listings import --help for the names)", strings.Join(p.Unknown, ", ")))
	}
	if p.Mirror > 0 {
		out = append(out, fmt.Sprintf("%s compared with the local mirror's copy (a sync of the last minutes): no request for them",
			format.Count(p.Mirror, "listing")))
	}
	if p.Edits > 0 {
		out = append(out, "the edits change "+p.fieldList())
	}
	if w := p.wholeExport(); w != "" {
		out = append(out, w)
	}
	if l := job.ModerationLine(p.ToModeration); l != "" {
		out = append(out, l)
	}
	if p.Requests == 0 {
		return append(out, "nothing to send")
	}
	line := fmt.Sprintf("%s to send (%s, %s, %s)", format.Count(p.Requests, "request"),
		format.Count(p.Uploads, "upload"), format.Count(p.Creates, "create"), format.Count(p.Edits, "edit"))
	if p.Duration > 0 {
		line += ", about " + format.Wait(p.Duration) + " under the key's per-minute limit"
	}
	out = append(out, line)
	if !p.FitsToday {
		out = append(out, fmt.Sprintf("over the key's daily limit: the job spans %d days; it stops when the day's budget is spent and resumes with --resume", p.Days))
	}
	return out
}

// fieldList says what the edits change, the most changed field first: "price
// (2 listings), city_ref (1 listing)".
func (p *Plan) fieldList() string {
	fields := slices.SortedFunc(maps.Keys(p.Fields), func(a, b string) int {
		return cmp.Or(cmp.Compare(p.Fields[b], p.Fields[a]), cmp.Compare(a, b))
	})
	var parts []string
	for _, f := range fields {
		parts = append(parts, fmt.Sprintf("%s (%s)", f, format.Count(p.Fields[f], "listing")))
	}
	return strings.Join(parts, ", ")
}

// wholeExport warns when (nearly) every row that names a listing would edit it: an
// export imported back whose every row differs from its listing is one a person rarely
// means (a sheet exported in another language, or rewritten by a tool the import does
// not know), and it would send each active one back to moderation.
func (p *Plan) wholeExport() string {
	named, looks := p.WholeExport()
	if !looks {
		return ""
	}
	return fmt.Sprintf("! %s of %s rows that name a listing edit it: this looks like a whole export imported back. If you did not change them all, stop here: the sheet may be in another language than the import's (--lang), or a tool rewrote it",
		format.Number(p.Edits), format.Number(named))
}

// WholeExport reports whether the plan looks like a whole export imported back: most
// of the rows that name a listing (named) edit it, and they are many.
func (p *Plan) WholeExport() (named int, looks bool) {
	for _, r := range p.Header.Rows {
		if r.ListingID > 0 && r.Action != Refused {
			named++
		}
	}
	return named, p.Edits >= wholeExportRows && p.Edits*10 >= named*9
}

// wholeExportRows is the fewest edits that wholeExport warns of: a small sheet whose
// every row edits is a sheet of edits.
const wholeExportRows = 10

// FixLines say the cells read otherwise than written, one line per habit of a tool:
// each row when there are a few, else how many and the first; each line begins with
// NoteFixed.
func (p *Plan) FixLines() []string { return p.FixLinesIn(nil, true) }

// FixLinesIn is FixLines in the words say gives a Why (nil: English), each line
// beginning with the note that it was fixed when note is true (a heading says it
// otherwise).
func (p *Plan) FixLinesIn(say func(rules.Why) string, note bool) []string {
	if say == nil {
		say = rules.Why.String
	}
	type group struct {
		why   string
		fixes []string
	}
	var groups []*group
	byWhy := map[string]*group{}
	for _, r := range p.Header.Rows {
		for _, f := range r.Fixes {
			g := byWhy[f.Why]
			if g == nil {
				g = &group{why: f.Why}
				byWhy[f.Why] = g
				groups = append(groups, g)
			}
			var to any = f.To
			if f.To == listingText {
				to = because("fix.listing_text")
			}
			g.fixes = append(g.fixes, say(because("fix.row", "Row", r.Line, "Column", f.Column, "From", f.From, "To", to)))
		}
	}
	var out []string
	add := func(w rules.Why) {
		if note {
			w = because("fix.note", "Line", w)
		}
		out = append(out, say(w))
	}
	for _, g := range groups {
		habit := habitWhy(g.why)
		if len(g.fixes) <= 3 {
			for _, f := range g.fixes {
				add(because("fix.one", "Fix", f, "Why", habit))
			}
			continue
		}
		add(because("fix.many", "Why", habit, "First", g.fixes[0], "Second", g.fixes[1], "N", len(g.fixes)-2))
	}
	return out
}

// FileLines say every file the import will upload, a row a line, as the sheet's
// folder names them: a sheet is data, and the plan shows what it sends off the disk.
func (p *Plan) FileLines(dir string) []string {
	var out []string
	for _, r := range p.Header.Rows {
		if files := r.Files(dir); len(files) > 0 {
			out = append(out, fmt.Sprintf("row %d: %s", r.Line, strings.Join(files, ", ")))
		}
	}
	return out
}

// SendsPhotos reports whether the plan uploads a photo or a 3D frame (which goes
// through the photo upload too): only then does the plan say what leaves with them
// (api.MetadataLine).
func (p *Plan) SendsPhotos() bool {
	for _, r := range p.Header.Rows {
		for _, kind := range []string{KindPhoto, Kind3D} {
			for _, m := range r.Media[kind] {
				if m.Path != "" && m.URL == "" {
					return true
				}
			}
		}
	}
	return false
}

// NoteFixed begins a line that says a cell was read otherwise than written.
const NoteFixed = "fixed: "

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
