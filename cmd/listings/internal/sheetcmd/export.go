// Package sheetcmd owns the commands that write a catalogue as a sheet: `listings
// export` (the account's listings to CSV, XLSX or JSON Lines, with --detail a
// resumable job of one GET per listing) and the import's template (an empty sheet
// with the columns of a category). The rows, the plan and the job are api/jobs/export's;
// the files are api/jobs/sheet's.
package sheetcmd

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/listing"
	"github.com/listings-tui/listings/internal/i18n"
)

type exportOptions struct {
	format string
	output string
	status string
	detail bool
	dryRun bool
	resume string
	fresh  bool // the service, not the local mirror (mirror.go)
}

// NewCmdExport returns `listings export`.
func NewCmdExport(f *cmdutil.Factory) *cobra.Command {
	var o exportOptions
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export your listings to a CSV, XLSX or JSON Lines file",
		Long: `Export your listings as a sheet, one row a listing, to standard output or -o FILE.

Formats (--format, else the extension of -o, else csv):
  csv    UTF-8 with a byte order mark (Excel then reads Cyrillic), comma separated,
         CRLF line ends; several photos in one cell separated by ";"
  xlsx   one sheet "Listings", typed cells (numbers, true/false, dates), the header
         bold and frozen; never printed to a terminal
  jsonl  one JSON object per line, typed values, photos as arrays
A file given with -o is written whole or not at all (a temporary file renamed).
Printed on a terminal, the text is cleaned of escape sequences and control
characters; a file or a pipe gets it exact.

Columns: the list's (id, status, title, price, currency, condition, city, photos, url,
views, vip, top, created_at), at one request per 100 listings. --detail adds what only
a listing's detail has: description, price_type, category_id, category_path, city_ref,
contact_name, contact_phone, hide_phone, photos_3d, video, and one attr.<code> column
per attribute any of the listings has (a select as its option's value, a range as
from-to). The same columns are what listings import reads back.

When the account's local mirror is fresh (a complete listings sync, or the app's,
in the last 15 minutes and in the same language), the list comes from it at no
request, and --detail takes from it the details kept of the listings that did not
change since (their list fields as the sync saw them); stderr says how many and the
requests saved. --fresh reads everything from the service.

--detail costs one request per listing: the count, the requests and the time under
the key's budget are printed on stderr first (--dry-run prints them and stops). It
runs as a job journaled in the data directory (jobs/<job>.jsonl): Ctrl+C (exit 130)
or the day's limit (exit 4) stop it with what was fetched kept, and
listings export --resume JOB (or listings jobs resume JOB), the same day or a later
one, fetches only the listings missing and writes the whole file.`,
		Example: `  listings export -o listings.csv
  listings export --status all --detail -o catalogue.xlsx
  listings export --format jsonl | jq -r 'select(.views > 100) | .id'
  listings export --status all --detail --dry-run
  listings export --resume 20261124-224900-export`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.resume != "" {
				if err := o.resumeOnly(cmd); err != nil {
					return err
				}
				path, err := cmdutil.JobPath(f.Getenv, o.resume)
				if err != nil {
					return err
				}
				return ResumeExport(cmd.Context(), f, path)
			}
			ft, err := o.validate(f)
			if err != nil {
				return err
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			if o.detail {
				return o.runDetail(cmd.Context(), f, s, ft)
			}
			return o.runList(cmd.Context(), f, s, ft)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.format, "format", "", "csv, xlsx or jsonl (default: by the extension of -o, else csv)")
	fl.StringVarP(&o.output, "output", "o", "", "the file to write (default: standard output)")
	fl.StringVar(&o.status, "status", "active", "state to export: "+strings.Join(listing.ListStatuses, ", "))
	fl.BoolVar(&o.detail, "detail", false, "add the detail's fields and the attributes: one request per listing, as a resumable job")
	fl.BoolVar(&o.dryRun, "dry-run", false, "print what the export costs (listings, requests, time) and write nothing")
	fl.StringVar(&o.resume, "resume", "", "carry on the --detail export JOB stopped earlier (the file and format it was started with)")
	fl.BoolVar(&o.fresh, "fresh", false, "read everything from the service, not from a local mirror synced in the last 15 minutes")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"csv", "xlsx", "jsonl"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(listing.ListStatuses, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// validate checks every flag before a request is spent and returns the format.
func (o *exportOptions) validate(f *cmdutil.Factory) (sheet.Format, error) {
	if !slices.Contains(listing.ListStatuses, o.status) {
		return "", cmdutil.UsageErrorf("--status %q: use one of %s", o.status, strings.Join(listing.ListStatuses, ", "))
	}
	ft, err := chooseFormat(o.format, o.output)
	if err != nil {
		return "", err
	}
	return ft, refuseTerminal(f, ft, o.output)
}

// resumeOnly refuses the flags a resume does not take: it writes what the job was
// started with.
func (o *exportOptions) resumeOnly(cmd *cobra.Command) error {
	for _, name := range []string{"format", "output", "status", "detail", "dry-run", "fresh"} {
		if cmd.Flags().Changed(name) {
			return cmdutil.UsageErrorf("--resume carries on the export as it was started (its file, format and status): drop --%s", name)
		}
	}
	return nil
}

// params are the list's parameters of --status, and the status to keep.
func (o *exportOptions) params(lang string, fields []string) (api.ListParams, api.Status) {
	return listing.ListParams(api.ListParams{Lang: lang, Status: api.Status(o.status), Limit: api.MaxListLimit, Fields: fields})
}

// runList exports the list fields: every page as it comes, straight to the file, so
// ten thousand listings cost their pages and a row's memory; or the rows of a fresh
// mirror, at no request.
func (o *exportOptions) runList(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, ft sheet.Format) error {
	if m := o.openMirror(ctx, f, s); m != nil {
		defer m.db.Close()
		return o.listFromMirror(ctx, f, m, ft)
	}
	p, want := o.params(s.Lang, nil)
	if o.dryRun {
		n, pages, err := o.count(ctx, f, s)
		if err != nil {
			return err
		}
		fmt.Fprintln(f.IOStreams.Out, i18n.N("cli.export.dry", n, "N", format.Number(n), "Status", o.status, "Cost", planWords(job.CostWhy(pages, 0, true, 1))))
		return nil
	}
	s.LearnLimits(ctx, -1)
	out, w, err := o.listSheet(f, ft)
	if err != nil {
		return err
	}
	defer out.abort()
	line := cmdutil.NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY)
	ctx = api.OnWait(ctx, line.OnWait)
	var seen ids
	var row []any
	for page, err := range s.Client.AllListings(ctx, p) {
		if err != nil {
			line.Done()
			return o.stopped(err)
		}
		for i := range page.Listings {
			l := &page.Listings[i]
			if (want != "" && l.Status != want) || !seen.first(l) {
				continue
			}
			row = export.ListRow(row, export.ListColumns, l)
			if err := w.WriteRow(row); err != nil {
				line.Done()
				return err
			}
		}
		line.Set("reading listings: %d so far", seen.n)
	}
	line.Done()
	seen.say(f, i18n.T("cli.export.no_id_kept", "Mark", export.UnreadableID))
	return o.finishList(f, w, out, seen.n, ft)
}

// listSheet opens the output and the sheet of the list's columns on it; the caller
// aborts the output unless it is committed.
func (o *exportOptions) listSheet(f *cmdutil.Factory, ft sheet.Format) (*output, sheet.Writer, error) {
	out, err := openOutput(f, o.output)
	if err != nil {
		return nil, nil, err
	}
	w, err := sheet.NewWriter(out.w, ft, export.ListColumns)
	if err != nil {
		out.abort()
		return nil, nil, err
	}
	return out, w, nil
}

// finishList closes the sheet, puts the file in place and says so.
func (o *exportOptions) finishList(f *cmdutil.Factory, w sheet.Writer, out *output, n int, ft sheet.Format) error {
	if err := w.Close(); err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	o.wrote(f, n, ft)
	return nil
}

// listFromMirror is runList from the mirror's rows.
func (o *exportOptions) listFromMirror(ctx context.Context, f *cmdutil.Factory, m *exportMirror, ft sheet.Format) error {
	rows, err := m.rows(ctx, o.status)
	if err != nil {
		return err
	}
	m.saidList(f, len(rows))
	if o.dryRun {
		fmt.Fprintln(f.IOStreams.Out, i18n.N("cli.export.dry_mirror", len(rows), "N", format.Number(len(rows)), "Status", o.status))
		return nil
	}
	out, w, err := o.listSheet(f, ft)
	if err != nil {
		return err
	}
	defer out.abort()
	var row []any
	for i := range rows {
		row = export.ListRow(row, export.ListColumns, &rows[i].Listing)
		if err := w.WriteRow(row); err != nil {
			return err
		}
	}
	return o.finishList(f, w, out, len(rows), ft)
}

// stopped is the error of a list read that failed: nothing is written under -o.
func (o *exportOptions) stopped(err error) error {
	e := cmdutil.Explain(err)
	if o.output != "" && o.output != "-" {
		return cmdutil.Say(err, func(p *i18n.Printer) string {
			return cmdutil.MessageIn(p, e) + "\n" + p.T("cli.export.nothing_written", "File", o.output)
		})
	}
	return e
}

// wrote says what was exported, on stderr.
func (o *exportOptions) wrote(f *cmdutil.Factory, n int, ft sheet.Format) {
	to := i18n.T("cli.export.stdout")
	if o.output != "" && o.output != "-" {
		to = o.output
	}
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.export.wrote", n, "N", format.Number(n), "To", to, "Format", ft))
}

// count reads the ids of the listings --status selects: their number, and the pages
// it took.
func (o *exportOptions) count(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session) (int, int, error) {
	items, pages, err := o.items(ctx, f, s)
	return len(items), pages, err
}

// items reads the listings --status selects (id and title), in the list's order,
// and the pages it took.
func (o *exportOptions) items(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session) ([]bulk.Planned, int, error) {
	p, want := o.params(s.Lang, []string{"id", "title", "status"})
	s.LearnLimits(ctx, -1)
	line := cmdutil.NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY)
	defer line.Done()
	ctx = api.OnWait(ctx, line.OnWait)
	var seen ids
	var items []bulk.Planned
	pages := 0
	for page, err := range s.Client.AllListings(ctx, p) {
		if err != nil {
			return nil, pages, cmdutil.Explain(err)
		}
		pages++
		for i := range page.Listings {
			l := &page.Listings[i]
			// A listing whose id cannot be read has no detail to ask for.
			if (want != "" && l.Status != want) || !seen.first(l) || !l.HasID() {
				continue
			}
			items = append(items, bulk.Planned{ID: l.ID, Title: l.Title})
		}
		line.Set("reading the list: %d listings so far", len(items))
	}
	line.Done()
	seen.say(f, i18n.T("cli.export.no_id_left_out"))
	return items, pages, nil
}

// ids are the listings of a list read so far, each counted once: a listing the
// service sends again is one, and one whose id cannot be read (api.Listing.HasID) is
// always another, never a repeat of one whose id could not be read either.
type ids struct {
	seen map[int]bool
	n    int // listings taken
	noID int // of which without a readable id
}

// first reports whether l is taken: not one seen already.
func (s *ids) first(l *api.Listing) bool {
	if !l.HasID() {
		s.n++
		s.noID++
		return true
	}
	if s.seen[l.ID] {
		return false
	}
	if s.seen == nil {
		s.seen = map[int]bool{}
	}
	s.seen[l.ID] = true
	s.n++
	return true
}

// say tells on stderr of the listings without a readable id, and what became of them.
func (s *ids) say(f *cmdutil.Factory, what string) {
	if s.noID > 0 {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", i18n.N("cli.export.no_id", s.noID, "N", format.Number(s.noID), "What", what))
	}
}
