package listing

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// lister reads pages of the list and writes their listings: one page, or every page
// with --all, through the same steps. JSON is one array in both cases, streamed as
// the pages come, so that ten thousand listings are never held for it; the table is
// printed at the end so that its columns line up. Each listing is written once: a
// service that repeats a page (or a cursor) does not get its rows twice.
type lister struct {
	f        *cmdutil.Factory
	s        *cmdutil.Session // nil from the mirror
	o        lsOptions
	fields   []string   // what --fields asked for; nil: every field
	want     api.Status // kept here from status=all (pending, blocked); "" when the service filters
	p        api.ListParams
	progress *cmdutil.StatusLine

	w     *bufio.Writer // keeps the first write error for Flush
	n     int           // listings written to the array, or kept for the table
	rows  []api.Listing // the table's
	read  int           // listings read, matching or not
	seen  map[int]bool  // ids written
	twice int           // listings the service sent again, not written again
	noID  int           // listings written whose id could not be read (api.Listing.HasID)

	// The moderation blocks of --reasons (lsreasons.go).
	held     []api.Listing // matches waiting for their block
	flushed  bool          // the blocks were read: no more are held
	blocks   map[int]block
	unread   int   // matches written without their block
	changed  int   // matches decided between the list and their read
	blockErr error // what stopped the reading of blocks
}

func newLister(f *cmdutil.Factory, s *cmdutil.Session, o lsOptions, fields []string) *lister {
	l := &lister{f: f, s: s, o: o, fields: fields, w: bufio.NewWriter(f.IOStreams.Out), seen: map[int]bool{},
		progress: cmdutil.NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY), blocks: map[int]block{}}
	return l
}

// page lists one page: the listings of one request and, on stderr, how to go on.
func (l *lister) page(ctx context.Context, s *cmdutil.Session) error {
	l.p, l.want = l.o.params(s.Lang, l.fields)
	page, err := s.Client.ListListings(ctx, l.p)
	if err != nil {
		return cmdutil.Explain(err)
	}
	l.open()
	if err := l.add(ctx, page); err != nil {
		return err
	}
	if err := l.close(ctx); err != nil {
		return err
	}
	l.footer(page.NextCursor)
	return l.reasonsFooter()
}

// all follows every cursor. The number of pages is not known in advance, so it learns
// the key's limits first and then reads as fast as they allow; on a terminal a line
// on stderr counts what was read and says when the budget makes it wait. A write that
// fails (a closed pipe, a full disk) stops the reading: no more of the budget is spent
// on output nobody takes.
func (l *lister) all(ctx context.Context, s *cmdutil.Session) error {
	l.p, l.want = l.o.params(s.Lang, l.fields)
	s.LearnLimits(ctx, -1)
	status := l.progress
	ctx = api.OnWait(ctx, status.OnWait)
	l.open()
	var failed error
	pages := 0
	for page, err := range s.Client.AllListings(ctx, l.p) {
		if err != nil {
			failed = cmdutil.Explain(err)
			break
		}
		pages++
		if err := l.add(ctx, page); err != nil {
			status.Done()
			return err
		}
		if l.want != "" {
			status.Set("reading listings: %d so far, %d pages; %d %s", l.read, pages, l.n+len(l.held), l.want)
		} else {
			status.Set("reading listings: %d so far, %d pages", l.n, pages)
		}
	}
	status.Done()
	if err := l.close(ctx); err != nil {
		return err
	}
	if failed != nil {
		_ = l.reasonsFooter()
		return l.stopped(failed)
	}
	l.footer(nil)
	return l.reasonsFooter()
}

func (l *lister) open() {
	if l.o.asJSON {
		_ = l.w.WriteByte('[')
	}
}

// add writes the listings of a page that are wanted and not written yet (or holds
// them for their moderation block); its error is that of writing to stdout.
func (l *lister) add(ctx context.Context, page *api.ListPage) error {
	for i := range page.Listings {
		x := &page.Listings[i]
		l.read++
		if l.want != "" && x.Status != l.want {
			continue
		}
		switch {
		case !x.HasID():
			// Not a repeat of another listing whose id could not be read either:
			// each is shown, its id marked.
			l.noID++
		case l.seen[x.ID]:
			l.twice++
			continue
		default:
			l.seen[x.ID] = true
		}
		if err := l.hold(ctx, x); err != nil {
			return err
		}
	}
	return nil
}

// emit writes one listing to the array, or keeps it for the table.
func (l *lister) emit(x *api.Listing) error {
	l.n++
	if !l.o.asJSON {
		l.rows = append(l.rows, *x)
		return nil
	}
	return writeElement(l.w, l.n > 1, l.withBlock(listingJSON(x, l.fields), x.ID))
}

// close reads the blocks of the listings held, ends the array or prints the table,
// and flushes.
func (l *lister) close(ctx context.Context) error {
	if err := l.flush(ctx); err != nil {
		return err
	}
	if l.o.asJSON {
		if l.n > 0 {
			_ = l.w.WriteByte('\n')
		}
		_, _ = l.w.WriteString("]\n")
	} else {
		var reason func(*api.Listing) string
		if l.o.reasons > 0 {
			reason = l.reasonCell
		}
		_ = printListings(l.w, l.rows, l.fields, reason) // w keeps the error for Flush
	}
	return l.w.Flush()
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

// listingJSON encodes a listing; with a fields filter only those keys are kept, since
// the others were not asked for (status may have been, for the filter).
func listingJSON(l *api.Listing, fields []string) json.RawMessage {
	b, err := json.Marshal(l)
	if err != nil || fields == nil {
		return b
	}
	var all map[string]json.RawMessage
	if json.Unmarshal(b, &all) != nil {
		return b
	}
	kept := make(map[string]json.RawMessage, len(fields)+1)
	for _, f := range fields {
		if v, ok := all[f]; ok {
			kept[f] = v
		}
	}
	if v, ok := all[idUnreadable]; ok { // id is always asked for, and so is its mark
		kept[idUnreadable] = v
	}
	b, _ = json.Marshal(kept)
	return b
}

// idUnreadable is the key api.Listing's JSON adds beside an id it could not read.
const idUnreadable = "id_unreadable"

// footer tells on stderr, out of a pipe's way, how many were shown and how to get
// more: the next page's cursor, which is also how a script pages through the JSON.
// Off the JSON, an empty result says so too.
func (l *lister) footer(next *int) {
	w := l.f.IOStreams.ErrOut
	if l.twice > 0 {
		fmt.Fprintf(w, "listings: %s\n", i18n.N("cli.ls.twice", l.twice, "N", l.twice))
	}
	if l.noID > 0 {
		fmt.Fprintf(w, "listings: %s\n", i18n.N("cli.ls.no_id", l.noID, "N", format.Number(l.noID), "Key", idUnreadable))
	}
	switch {
	case next != nil && l.want != "":
		fmt.Fprintln(w, i18n.N("cli.ls.more_among", l.n, "N", l.n, "Status", l.want, "Read", l.read, "Next", *next))
	case next != nil:
		fmt.Fprintln(w, i18n.N("cli.ls.more", l.n, "N", l.n, "Next", *next))
	case l.o.asJSON:
	case l.n == 0 && l.want != "":
		fmt.Fprintln(w, i18n.T("cli.ls.none_among", "Status", l.want, "Read", l.read))
	case l.n == 0:
		fmt.Fprintln(w, i18n.T("cli.ls.none", "Status", l.p.Status))
	}
}

// stopped says how far a long read came before err stopped it, and, at the daily
// limit, when it can go on.
func (l *lister) stopped(err error) error {
	var e *api.Error
	resets := api.IsDailyLimit(err) && errors.As(err, &e) && !e.ResetsAt.IsZero()
	if !resets && l.n == 0 {
		return err
	}
	return cmdutil.Say(err, func(p *i18n.Printer) string {
		done := p.N("cli.ls.done", l.n, "N", l.n)
		if l.twice > 0 {
			done = p.N("cli.ls.done_twice", l.n, "N", l.n, "Twice", l.twice)
		}
		if resets {
			return p.T("cli.ls.stopped_resets", "Err", cmdutil.MessageIn(p, err), "Done", done,
				"When", cmdutil.KyivTimeIn(p, format.Minute(e.ResetsAt)))
		}
		return p.T("cli.ls.stopped", "Err", cmdutil.MessageIn(p, err), "Done", done)
	})
}
