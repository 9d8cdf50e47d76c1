// Package listing owns the commands about the account's own listings: ls, show,
// create, edit, activate, deactivate and watch.
package listing

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/format"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/layout"
)

// listFields are the list-view fields of the spec, the names --fields accepts.
var listFields = []string{
	"id", "slug", "title", "price", "currency", "condition", "city", "status", "views",
	"vip", "top", "vip_until", "top_until", "photo", "photos", "url", "created_at",
}

// defaultColumns are the table's columns when --fields is not given.
var defaultColumns = []string{"id", "status", "price", "title", "city", "created_at"}

var listStatuses = []string{"active", "inactive", "sold", "archived", "all"}

type lsOptions struct {
	status string
	limit  int
	cursor int
	all    bool
	fields string
	asJSON bool
}

// NewCmdLs returns `listings ls`.
func NewCmdLs(f *cmdutil.Factory) *cobra.Command {
	var o lsOptions
	cmd := &cobra.Command{
		Use:   "ls",
		Short: "List your listings",
		Long: `List your own listings, newest first, as a table.

--status filters by state (default active); "all" also shows pending and blocked
listings. --fields asks the service for fewer fields, which makes the answer smaller;
the table then shows those columns (id is always included).

JSON output:
  without --all   one page: {"count": N, "listings": [...], "next_cursor": ID or null};
                  pass next_cursor to --cursor for the next page, null means the last page
  with --all      one JSON array of every listing, read page by page (--limit is then
                  the page size, 100 by default); if a page fails, the array is closed,
                  holds what was read, and the exit code is not 0
With --fields, each listing object holds only the fields asked for (and id).`,
		Example: `  listings ls --status all
  listings ls --all --json | jq -r '.[] | select(.views > 100) | .id'
  listings ls --limit 50 --fields title,price,currency --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fields, err := o.validate(cmd)
			if err != nil {
				return err
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			p := api.ListParams{Lang: s.Lang, Status: api.Status(o.status), Limit: o.limit, Cursor: o.cursor, Fields: fields}
			if o.all {
				return listAll(cmd, f, s, p, o.asJSON)
			}
			page, err := s.Client.ListListings(cmd.Context(), p)
			if err != nil {
				return cmdutil.Explain(err)
			}
			out := f.IOStreams.Out
			if o.asJSON {
				return cmdutil.PrintJSON(out, pageJSON{
					Count: len(page.Listings), Listings: listingsJSON(page.Listings, fields), NextCursor: page.NextCursor,
				})
			}
			if err := printListings(out, page.Listings, fields); err != nil {
				return err
			}
			footer(f.IOStreams.ErrOut, len(page.Listings), o.status, page.NextCursor)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.status, "status", "active", "state to list: "+strings.Join(listStatuses, ", "))
	fl.IntVar(&o.limit, "limit", 20, "listings per page, 1 to 100")
	fl.IntVar(&o.cursor, "cursor", 0, "start after this listing id (the next_cursor of the previous page)")
	fl.BoolVar(&o.all, "all", false, "follow every cursor and list everything")
	fl.StringVar(&o.fields, "fields", "", "comma-separated fields to fetch: "+strings.Join(listFields, ","))
	cmdutil.AddJSONFlag(cmd, &o.asJSON)
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(listStatuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("fields", cobra.FixedCompletions(listFields, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace))
	return cmd
}

// validate checks every flag before a request is spent and returns the --fields list.
func (o *lsOptions) validate(cmd *cobra.Command) ([]string, error) {
	if !slices.Contains(listStatuses, o.status) {
		return nil, cmdutil.UsageErrorf("--status %q: use one of %s (pending and blocked listings show with all)", o.status, strings.Join(listStatuses, ", "))
	}
	if o.all && !cmd.Flags().Changed("limit") {
		o.limit = api.MaxListLimit // fewer, larger pages spend less of the budget
	}
	if o.limit < 1 || o.limit > api.MaxListLimit {
		return nil, cmdutil.UsageErrorf("--limit %d: use 1 to %d", o.limit, api.MaxListLimit)
	}
	if o.cursor < 0 {
		return nil, cmdutil.UsageErrorf("--cursor %d: use a listing id from next_cursor", o.cursor)
	}
	if o.all && o.cursor != 0 {
		return nil, cmdutil.UsageErrorf("--all and --cursor do not go together: --all starts at the newest listing")
	}
	if o.fields == "" {
		return nil, nil
	}
	var fields []string
	for _, f := range strings.Split(o.fields, ",") {
		f = strings.TrimSpace(f)
		if f == "" || slices.Contains(fields, f) {
			continue
		}
		if !slices.Contains(listFields, f) {
			return nil, cmdutil.UsageErrorf("--fields: unknown field %q; use any of %s", f, strings.Join(listFields, ","))
		}
		fields = append(fields, f)
	}
	if !slices.Contains(fields, "id") {
		fields = append([]string{"id"}, fields...)
	}
	return fields, nil
}

type pageJSON struct {
	Count      int               `json:"count"`
	Listings   []json.RawMessage `json:"listings"`
	NextCursor *int              `json:"next_cursor"`
}

// listingsJSON encodes listings; with a fields filter only those keys are kept, since
// the others were not fetched and would show as misleading zero values.
func listingsJSON(ls []api.Listing, fields []string) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(ls))
	for i := range ls {
		out = append(out, listingJSON(&ls[i], fields))
	}
	return out
}

func listingJSON(l *api.Listing, fields []string) json.RawMessage {
	b, err := json.Marshal(l)
	if err != nil || fields == nil {
		return b
	}
	var all map[string]json.RawMessage
	if json.Unmarshal(b, &all) != nil {
		return b
	}
	kept := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		if v, ok := all[f]; ok {
			kept[f] = v
		}
	}
	b, _ = json.Marshal(kept)
	return b
}

// listAll follows every cursor. JSON is streamed as one array, so a long list needs no
// memory for the whole; the table is printed at the end so its columns line up. The
// number of pages is not known in advance, so it learns the key's limits first and
// then reads as fast as they allow; on a terminal a line on stderr counts what was read
// and says when the budget makes it wait. A write that fails (a closed pipe, a full
// disk) stops the reading: no more of the budget is spent on output nobody takes.
func listAll(cmd *cobra.Command, f *cmdutil.Factory, s *cmdutil.Session, p api.ListParams, asJSON bool) error {
	ctx := cmd.Context()
	s.LearnLimits(ctx, -1)
	status := cmdutil.NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY)
	ctx = api.OnWait(ctx, status.OnWait)
	w := bufio.NewWriter(f.IOStreams.Out)
	var all []api.Listing
	n, pages := 0, 0
	var failed, werr error
	if asJSON {
		_ = w.WriteByte('[')
	}
	for page, err := range s.Client.AllListings(ctx, p) {
		if err != nil {
			failed = cmdutil.Explain(err)
			break
		}
		pages++
		if !asJSON {
			all = append(all, page.Listings...)
			status.Set("reading listings: %d so far, %d pages", len(all), pages)
			continue
		}
		for i := 0; i < len(page.Listings) && werr == nil; i++ {
			werr = writeElement(w, n > 0, listingJSON(&page.Listings[i], p.Fields))
			n++
		}
		if werr != nil {
			break
		}
		status.Set("reading listings: %d so far, %d pages", n, pages)
	}
	status.Done()
	if werr != nil {
		return werr
	}
	if failed != nil {
		failed = stoppedAfter(failed, max(n, len(all)))
	}
	if asJSON {
		if n > 0 {
			_ = w.WriteByte('\n')
		}
		_, _ = w.WriteString("]\n")
	} else {
		_ = printListings(w, all, p.Fields) // w keeps the error for Flush
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed == nil && !asJSON {
		footer(f.IOStreams.ErrOut, len(all), string(p.Status), nil)
	}
	return failed
}

// writeElement writes one element of the streamed JSON array, indented as PrintJSON
// indents a whole one.
func writeElement(w *bufio.Writer, comma bool, raw json.RawMessage) error {
	var b bytes.Buffer
	_ = json.Indent(&b, raw, "  ", "  ")
	if comma {
		_ = w.WriteByte(',')
	}
	_, err := fmt.Fprint(w, "\n  ", b.String())
	return err
}

// stoppedAfter says how far a long read came before err stopped it, and, at the daily
// limit, when it can go on.
func stoppedAfter(err error, done int) error {
	var e *api.Error
	if api.IsDailyLimit(err) && errors.As(err, &e) && !e.ResetsAt.IsZero() {
		return fmt.Errorf("%w; stopped after %d listings (printed above); the budget resets at %s",
			err, done, cmdutil.KyivTime(format.Minute(e.ResetsAt)))
	}
	if done > 0 {
		return fmt.Errorf("%w; stopped after %d listings (printed above)", err, done)
	}
	return err
}

func printListings(w io.Writer, ls []api.Listing, fields []string) error {
	if len(ls) == 0 {
		return nil
	}
	cols := defaultColumns
	if fields != nil {
		cols = fields
	}
	t := cmdutil.NewTable(w)
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = strings.ToUpper(strings.ReplaceAll(c, "_", " "))
	}
	t.Row(head...)
	for i := range ls {
		cells := make([]string, len(cols))
		for j, c := range cols {
			cells[j] = listingCell(&ls[i], c)
		}
		t.Row(cells...)
	}
	return t.Flush()
}

// listingCell renders one list-view field for the table.
func listingCell(l *api.Listing, field string) string {
	switch field {
	case "id":
		return strconv.Itoa(l.ID)
	case "slug":
		return cmdutil.OrDash(l.Slug)
	case "title":
		return layout.Cut(cmdutil.OrDash(l.Title), 60)
	case "price":
		return listPrice(l.Price, l.Currency)
	case "currency":
		return cmdutil.OrDash(l.Currency)
	case "condition":
		return cmdutil.OrDash(cmdutil.StrPtr(l.Condition))
	case "city":
		return cmdutil.OrDash(cmdutil.StrPtr(l.City))
	case "status":
		return cmdutil.OrDash(string(l.Status))
	case "views":
		return strconv.Itoa(l.Views)
	case "vip":
		return cmdutil.YesNo(l.VIP)
	case "top":
		return cmdutil.YesNo(l.Top)
	case "vip_until":
		return cmdutil.Time(l.VIPUntil)
	case "top_until":
		return cmdutil.Time(l.TopUntil)
	case "photo":
		return cmdutil.OrDash(cmdutil.StrPtr(l.Photo))
	case "photos":
		return strconv.Itoa(len(l.Photos))
	case "url":
		return cmdutil.OrDash(l.URL)
	case "created_at":
		return cmdutil.Time(&l.CreatedAt)
	}
	return "-"
}

// freeOrExchange is a price of exactly 0 in the table: free and exchange listings
// carry 0, and the list view has no price_type to tell them apart (show does).
const freeOrExchange = "free/exchange"

// listPrice shows a list-view price: as the app does, but 0 as free/exchange rather
// than "0 UAH", which no seller asks.
func listPrice(p api.Price, currency string) string {
	if !p.IsZero() && strings.Trim(p.String(), "0.") == "" {
		return freeOrExchange
	}
	return cmdutil.Price(p, currency, "")
}

// footer tells a person (on stderr, out of a pipe's way) how many were shown and how
// to get more.
func footer(w io.Writer, n int, status string, next *int) {
	switch {
	case n == 0:
		fmt.Fprintf(w, "No listings with status %s.\n", status)
	case next != nil:
		fmt.Fprintf(w, "%d listings shown; more with --cursor %d, or all with --all\n", n, *next)
	}
}
