package listing

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// readIDs reads the ids of a many-listing command: its arguments, where "-" stands
// for the ids on standard input (separated by any white space).
func readIDs(args []string, in io.Reader) ([]int, error) {
	var words []string
	stdin := false
	for _, a := range args {
		if a != "-" {
			words = append(words, a)
			continue
		}
		if stdin {
			continue
		}
		stdin = true
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		sc.Split(bufio.ScanWords)
		for sc.Scan() {
			words = append(words, sc.Text())
		}
		if err := sc.Err(); err != nil {
			return nil, cmdutil.Usage("cli.bulk.stdin", "Err", err.Error())
		}
	}
	if len(words) == 0 {
		return nil, cmdutil.Usage("cli.bulk.no_ids")
	}
	return cmdutil.ParseIDs("listing", words)
}

// fetchItems reads what a plan needs of ids, in their order (job.Current: the
// list's pages, or one GET each when they are few, or when detail asks for the
// fields only the detail has: an edit's, whose values before it the journal keeps
// for an undo). The ids the service does not know come back in missing.
func fetchItems(ctx context.Context, c *api.Client, lang string, ids []int, detail bool) (items []bulk.Item, missing []int, err error) {
	seen, _, err := job.Current(ctx, c, ids, detail, lang)
	if err != nil {
		return nil, nil, cmdutil.Explain(err)
	}
	for _, id := range ids {
		s, ok := seen[id]
		switch {
		case !ok:
			missing = append(missing, id)
		case s.Detail:
			items = append(items, bulk.ItemOfDetail(s.Listing))
		default:
			items = append(items, bulk.ItemOf(s.Listing.Listing))
		}
	}
	return items, missing, nil
}

// notFound is the reason of an id the account does not have.
const notFound = "not found among your listings"

// runMany is every many-listing command: the ids read (arguments, or "-" for standard
// input), the listings' current state fetched, planned, and the plan printed
// (dryRun) or carried out as one journaled job. noop says whether a skip is of a
// listing already as asked, which counts as a success.
func runMany(ctx context.Context, f *cmdutil.Factory, verb string, a bulk.Action, noop func(bulk.Skip) bool, args []string, asJSON, dryRun bool) error {
	ids, err := readIDs(args, f.IOStreams.In)
	if err != nil {
		return err
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	items, missing, err := fetchItems(ctx, s.Client, s.Lang, ids, a.Edit && !bulk.ListOnly(a.Patch))
	if err != nil {
		return err
	}
	b := &bulkJob{f: f, verb: verb, missing: missing, asJSON: asJSON, noop: noop,
		plan: bulk.Make(items, a, s.Client.Budget(), time.Now())}
	if dryRun {
		return b.dryRun()
	}
	return b.run(ctx, s)
}

// bulkJob is one many-listing command: the plan made, and how it is carried out.
type bulkJob struct {
	f       *cmdutil.Factory
	verb    string // the job id's suffix: activate, deactivate, price
	plan    bulk.Plan
	missing []int
	asJSON  bool
	// noop says whether a skip is of a listing already as asked: a success.
	noop func(bulk.Skip) bool
}

// itemJSON is one item's outcome in --json.
type itemJSON struct {
	ID     int    `json:"id"`
	OK     bool   `json:"ok"`
	Status string `json:"status,omitempty"`
	Price  string `json:"price,omitempty"`
	Error  string `json:"error,omitempty"`
	Hint   string `json:"hint,omitempty"`
}

// planJSON is one item of a --dry-run --json plan.
type planJSON struct {
	ID       int    `json:"id"`
	Change   bool   `json:"change"`
	Title    string `json:"title,omitempty"`
	Status   string `json:"status,omitempty"`
	OldPrice string `json:"old_price,omitempty"`
	NewPrice string `json:"new_price,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// skips are the plan's skips and the ids not found, in that order.
func (b *bulkJob) skips() []bulk.Skip {
	out := append([]bulk.Skip(nil), b.plan.Skips...)
	for _, id := range b.missing {
		out = append(out, bulk.Skip{Item: bulk.Item{ID: id}, Reason: notFound})
	}
	return out
}

// summary is the plan's summary, with the ids not found.
func (b *bulkJob) summary() []string {
	lines := b.plan.SummaryIn(func(w rules.Why) string { return i18n.Reason("bulkform.why.", w) })
	if n := len(b.missing); n > 0 {
		lines = append(lines, i18n.T("cli.bulk.not_found", "N", n))
	}
	return lines
}

// dryRun prints the plan and sends nothing.
func (b *bulkJob) dryRun() error {
	out := b.f.IOStreams.Out
	if b.asJSON {
		rows := []planJSON{}
		for _, c := range b.plan.Changes {
			r := planJSON{ID: c.ID, Change: true, Title: c.Title, Status: string(c.Status)}
			if b.plan.Action.Price != nil {
				r.OldPrice, r.NewPrice = c.Price.String(), c.NewPrice.String()
			}
			rows = append(rows, r)
		}
		for _, s := range b.skips() {
			rows = append(rows, planJSON{ID: s.ID, Title: s.Title, Status: string(s.Status), Reason: s.Reason})
		}
		for _, l := range b.summary() {
			fmt.Fprintln(b.f.IOStreams.ErrOut, l)
		}
		return cmdutil.PrintJSON(out, rows)
	}
	w := bufio.NewWriter(out)
	for _, l := range b.summary() {
		fmt.Fprintln(w, termtext.Clean(l))
	}
	t := cmdutil.NewTable(w)
	for _, c := range b.plan.Changes {
		t.Row(fmt.Sprint(c.ID), i18n.T("cli.plan.change"), b.what(c))
	}
	for _, s := range b.skips() {
		why := skipWords(s)
		t.Row(fmt.Sprint(s.ID), i18n.T("cli.plan.skip"), why)
	}
	if err := t.Flush(); err != nil {
		return err
	}
	return w.Flush()
}

// skipWords says why a listing is skipped in the language of the human text, as
// the app says it (bulk's reasons are bulkform's entries).
func skipWords(s bulk.Skip) string {
	switch {
	case s.Reason == notFound:
		return i18n.T("cli.bulk.not_found_reason")
	case !s.Why.OK():
		return i18n.Reason("bulkform.why.", s.Why)
	}
	return s.Reason
}

// what says what a change does to its listing.
func (b *bulkJob) what(c bulk.Change) string {
	if b.plan.Action.Price != nil {
		s := format.Price(c.Price, c.Currency, api.PriceSell) + " → " + format.Price(c.NewPrice, c.Currency, api.PriceSell)
		if c.ToModeration {
			s += " (" + i18n.T("cli.plan.to_moderation") + ")"
		}
		return s
	}
	if b.plan.Action.Edit {
		if c.ToModeration {
			return i18n.T("cli.bulk.edited") + " (" + i18n.T("cli.plan.to_moderation") + ")"
		}
		return i18n.T("cli.bulk.edited")
	}
	return string(c.Status) + " → " + string(b.plan.Action.Status)
}

// run journals the plan as a new job and carries it out.
func (b *bulkJob) run(ctx context.Context, s *cmdutil.Session) error {
	for _, l := range b.summary() {
		fmt.Fprintln(b.f.IOStreams.ErrOut, termtext.Clean(l))
	}
	var j *bulk.Journal
	if len(b.plan.Changes) > 0 {
		dir, err := cmdutil.JobsDir(b.f.Getenv)
		if err != nil {
			return err
		}
		h := bulk.HeaderOf("", b.plan)
		h.BaseURL = s.BaseURL
		if j, err = bulk.CreateJob(dir, b.verb, time.Now(), h); err != nil {
			return err
		}
		fmt.Fprintf(b.f.IOStreams.ErrOut, "job %s (journal %s)\n", j.Head.Job, j.Path)
	}
	var runErr error
	var rows []cmdutil.ItemJSON
	if j != nil {
		defer j.Close()
		runErr = cmdutil.RunJob(ctx, b.f, s, s.Client, j, cmdutil.JobDone())
		rows = cmdutil.ItemsOf(j)
	}
	failed := cmdutil.Failed(rows)
	for _, sk := range b.skips() {
		if b.noop == nil || !b.noop(sk) {
			failed++
		}
		hint := sk.Reason // --json's English
		if !b.asJSON {
			hint = skipWords(sk)
		}
		rows = append(rows, cmdutil.ItemJSON{ID: sk.ID, Title: sk.Title, Result: cmdutil.CodeSkipped, Error: cmdutil.CodeSkipped, Hint: hint})
	}
	if err := cmdutil.PrintItems(b.f, rows, b.asJSON); err != nil {
		return err
	}
	switch {
	case j == nil && failed > 0:
		return cmdutil.Say(nil, func(p *i18n.Printer) string { return p.N("cli.bulk.skipped", failed, "N", failed) })
	case j == nil:
		return nil
	}
	if err := cmdutil.JobEnd(b.f, ctx, runErr, "listings jobs resume "+j.Head.Job); err != nil {
		return err
	}
	if failed > 0 {
		return cmdutil.Say(nil, func(p *i18n.Printer) string { return p.N("cli.bulk.not_changed", failed, "N", failed) })
	}
	return nil
}
