package listing

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/format"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
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
			return nil, cmdutil.UsageErrorf("read the ids from standard input: %v", err)
		}
	}
	if len(words) == 0 {
		return nil, cmdutil.UsageErrorf("no listing ids given (standard input held none)")
	}
	return cmdutil.ParseIDs("listing", words)
}

// fewGets is the count of ids up to which one GET per id is cheaper than reading the
// list: the list costs a request per 100 listings of the account, and stops as soon
// as every id is found.
const fewGets = 3

// fieldsForPlan are the list fields a plan needs.
var fieldsForPlan = []string{"id", "title", "status", "price", "currency", "condition"}

// fetchItems reads what a plan needs of ids, in their order: one GET each when they
// are few, else the pages of the list (status=all) until every id is found. The ids
// the service does not know come back in missing.
func fetchItems(ctx context.Context, c *api.Client, lang string, ids []int) (items []bulk.Item, missing []int, err error) {
	found := make(map[int]bulk.Item, len(ids))
	if len(ids) <= fewGets {
		for _, id := range ids {
			d, err := c.GetListing(ctx, id, lang)
			if api.IsNotFound(err) {
				continue
			}
			if err != nil {
				return nil, nil, cmdutil.ListingError(id, err)
			}
			found[id] = bulk.ItemOfDetail(&d.Listing)
		}
	} else {
		want := make(map[int]bool, len(ids))
		for _, id := range ids {
			want[id] = true
		}
		for page, err := range c.AllListings(ctx, api.ListParams{Lang: lang, Status: api.StatusAll, Limit: 100, Fields: fieldsForPlan}) {
			if err != nil {
				return nil, nil, cmdutil.Explain(err)
			}
			for _, l := range page.Listings {
				if want[l.ID] {
					found[l.ID] = bulk.ItemOf(l)
				}
			}
			if len(found) == len(want) {
				break
			}
		}
	}
	for _, id := range ids {
		if it, ok := found[id]; ok {
			items = append(items, it)
		} else {
			missing = append(missing, id)
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
	items, missing, err := fetchItems(ctx, s.Client, s.Lang, ids)
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
	lines := b.plan.Summary()
	if n := len(b.missing); n > 0 {
		lines = append(lines, fmt.Sprintf("not found: %d (%s)", n, notFound))
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
		t.Row(fmt.Sprint(c.ID), "change", b.what(c))
	}
	for _, s := range b.skips() {
		t.Row(fmt.Sprint(s.ID), "skip", s.Reason)
	}
	if err := t.Flush(); err != nil {
		return err
	}
	return w.Flush()
}

// what says what a change does to its listing.
func (b *bulkJob) what(c bulk.Change) string {
	if b.plan.Action.Price != nil {
		s := format.Price(c.Price, c.Currency, api.PriceSell) + " → " + format.Price(c.NewPrice, c.Currency, api.PriceSell)
		if c.ToModeration {
			s += " (back to moderation)"
		}
		return s
	}
	if b.plan.Action.Edit {
		if c.ToModeration {
			return "edited (back to moderation)"
		}
		return "edited"
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
		dir, err := JobsDir(b.f.Getenv)
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
	return FinishJob(ctx, b.f, s, j, b.skips(), b.noop, b.asJSON)
}

// FinishJob runs what is left of j (nil: nothing to send), prints every item's
// outcome, skips after the job's items, and returns the command's error.
func FinishJob(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, j *bulk.Journal, skips []bulk.Skip, noop func(bulk.Skip) bool, asJSON bool) error {
	var runErr error
	if j != nil {
		defer j.Close()
		done, failed, left := j.Counts()
		ctx, progress := cmdutil.NewJobProgress(ctx, f, s.Client, cmdutil.JobLabels{Done: "done", Failed: "failed"}, len(j.Head.Items), left, 1)
		progress.Update(done, failed, left)
		// Ctrl+C stops the job from taking more items, and gives up a wait for the
		// budget; a request already on its way is answered and journaled.
		stopWaits := context.AfterFunc(ctx, s.Client.AbandonWaits)
		defer stopWaits()
		svc := newInFlight(s.Client)
		runErr = bulk.Run(ctx, svc, j, func(bulk.Event) { progress.Update(j.Counts()) })
		if err := svc.settle(j); err != nil && runErr == nil {
			runErr = err
		}
		progress.Done()
	}
	failed, err := PrintOutcomes(f, j, skips, noop, asJSON)
	if err != nil {
		return err
	}
	var stopped *bulk.ErrStopped
	switch {
	case j == nil && failed > 0:
		return cmdutil.NewError(fmt.Sprintf("%d listings were not changed (skipped)", failed), nil)
	case j == nil:
		return nil
	case ctx.Err() != nil || errors.Is(runErr, context.Canceled):
		// The error line of an interrupted command is only "interrupted": the way
		// on is said here.
		fmt.Fprintf(f.IOStreams.ErrOut, "the items in flight were answered; the rest is left: listings jobs resume %s\n", j.Head.Job)
		return cmdutil.NewError("interrupted: the items in flight were answered; the rest is left: listings jobs resume "+j.Head.Job, context.Canceled)
	case errors.As(runErr, &stopped):
		e := cmdutil.Explain(stopped.Cause)
		return cmdutil.NewError(e.Error()+"\nthe job stopped; the rest is left: listings jobs resume "+j.Head.Job, stopped.Cause)
	case runErr != nil:
		return cmdutil.Explain(runErr)
	case failed > 0:
		return cmdutil.NewError(fmt.Sprintf("%d listings were not changed (failed, refused or skipped)", failed), nil)
	}
	return nil
}

// PrintOutcomes prints the job's items (in the plan's order) and the skips, and
// counts those that are not a success.
func PrintOutcomes(f *cmdutil.Factory, j *bulk.Journal, skips []bulk.Skip, noop func(bulk.Skip) bool, asJSON bool) (failed int, err error) {
	var rows []itemJSON
	if j != nil {
		for _, p := range j.Head.Items {
			r := outcomeJSON(j, p)
			if !r.OK {
				failed++
			}
			rows = append(rows, r)
		}
	}
	for _, s := range skips {
		if noop == nil || !noop(s) {
			failed++
		}
		rows = append(rows, itemJSON{ID: s.ID, Error: "skipped", Hint: s.Reason})
	}
	if asJSON {
		if rows == nil {
			rows = []itemJSON{}
		}
		return failed, cmdutil.PrintJSON(f.IOStreams.Out, rows)
	}
	return failed, outcomeTable(f.IOStreams.Out, rows)
}

// outcomeJSON is one journaled item's outcome.
func outcomeJSON(j *bulk.Journal, p bulk.Planned) itemJSON {
	o := j.Outcome(p.ID)
	r := itemJSON{ID: p.ID, Status: o.Status}
	if j.Head.Kind == bulk.KindPrice {
		r.Price = p.NewPrice
	}
	switch o.State {
	case bulk.Done:
		r.OK = true
	case bulk.Failed:
		r.Error, r.Hint = o.Code, o.Hint
	case bulk.InDoubt:
		r.Error, r.Hint = "in_doubt", "sent, and its answer lost: checked on resume"
	default:
		r.Error, r.Hint = "not_sent", "left for a resume"
	}
	return r
}

// outcomeTable prints rows as a table: id, result, status or reason.
func outcomeTable(w io.Writer, rows []itemJSON) error {
	t := cmdutil.NewTable(w)
	for _, r := range rows {
		switch {
		case r.OK:
			what := r.Status
			if r.Price != "" {
				what = strings.TrimSpace(r.Price + " " + cmdutil.OrDash(r.Status))
			}
			t.Row(fmt.Sprint(r.ID), "done", cmdutil.OrDash(what))
		case r.Error == "skipped":
			t.Row(fmt.Sprint(r.ID), "skipped", r.Hint)
		case r.Error == "not_sent" || r.Error == "in_doubt":
			t.Row(fmt.Sprint(r.ID), strings.ReplaceAll(r.Error, "_", " "), r.Hint)
		default:
			t.Row(fmt.Sprint(r.ID), "failed", strings.TrimSpace(r.Error+": "+r.Hint))
		}
	}
	return t.Flush()
}

// inFlight is the client as a job uses it: a request started before Ctrl+C is carried
// to its answer (so its outcome is journaled, not left in doubt), none starts after
// it, and one given up while it waited for the budget (nothing sent) is left in doubt,
// to be checked with a GET on resume.
type inFlight struct {
	c *api.Client
	// unsent are the items whose request was journaled as sent and then not sent:
	// they are journaled unsent after the run, so a resume needs no GET for them.
	mu     *sync.Mutex
	unsent *[]int
}

func newInFlight(c *api.Client) inFlight {
	return inFlight{c: c, mu: &sync.Mutex{}, unsent: new([]int)}
}

// settle journals the items not sent as such.
func (s inFlight) settle(j *bulk.Journal) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range *s.unsent {
		if j.Outcome(id).State == bulk.InDoubt {
			if err := j.Unsent(id); err != nil {
				return err
			}
		}
	}
	return nil
}

func detach[T any](ctx context.Context, s inFlight, id int, call func(context.Context) (T, error)) (T, error) {
	var zero T
	notSent := func() {
		if id > 0 {
			s.mu.Lock()
			*s.unsent = append(*s.unsent, id)
			s.mu.Unlock()
		}
	}
	if err := ctx.Err(); err != nil {
		notSent()
		return zero, err
	}
	v, err := call(context.WithoutCancel(ctx))
	if errors.Is(err, api.ErrWaitAbandoned) {
		notSent()
		return zero, context.Canceled
	}
	return v, err
}

func (s inFlight) GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
	return detach(ctx, s, 0, func(ctx context.Context) (*api.ListingDetail, error) { return s.c.GetListing(ctx, id, lang) })
}

func (s inFlight) SetStatus(ctx context.Context, id int, to api.Status) (*api.StatusResult, error) {
	return detach(ctx, s, id, func(ctx context.Context) (*api.StatusResult, error) { return s.c.SetStatus(ctx, id, to) })
}

func (s inFlight) EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error) {
	return detach(ctx, s, id, func(ctx context.Context) (*api.EditResult, error) { return s.c.EditListing(ctx, id, e) })
}
