package listing

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// fromMirror reports whether ls answers from the local mirror: the API can neither
// search nor sort, so --search and --sort read what listings sync copied.
func (o *lsOptions) fromMirror() bool { return o.search != "" || o.sort != "" }

// mirrorQuery checks the flags that go with the mirror and makes its query.
func (o *lsOptions) mirrorQuery(fields []string) (mirror.Query, error) {
	q := mirror.Query{Text: o.search, Status: api.Status(o.status), Reverse: o.reverse, Full: true}
	if o.sort != "" {
		s, err := mirror.ParseSort(o.sort)
		if err != nil {
			return q, cmdutil.UsageErrorf("--sort: %v", err)
		}
		q.Sort = s
	}
	if o.cursor != 0 {
		return q, cmdutil.UsageErrorf("--cursor pages the service's list; with --search or --sort use --limit or --all")
	}
	for _, f := range fields {
		if !slices.Contains(mirror.SyncFields, f) {
			return q, cmdutil.UsageErrorf("--fields %s: the mirror keeps %s (use ls without --search and --sort for the rest)",
				f, strings.Join(mirror.SyncFields, ","))
		}
	}
	if !o.all {
		q.Limit = o.limit
	}
	return q, nil
}

// lsMirror answers ls --search / --sort from the mirror, with no request, and says on
// stderr from when the mirror is.
func lsMirror(ctx context.Context, f *cmdutil.Factory, o lsOptions, fields []string) error {
	q, err := o.mirrorQuery(fields)
	if err != nil {
		return err
	}
	db, err := f.ReadMirror(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.Search(ctx, q)
	if err != nil {
		return err
	}
	if fields == nil && o.asJSON {
		fields = mirror.SyncFields // what the mirror holds; the others would read as zeros
	}
	l := newLister(f, nil, o, fields)
	page := &api.ListPage{Listings: make([]api.Listing, len(rows))}
	for i := range rows {
		page.Listings[i] = rows[i].Listing
	}
	l.open()
	if err := l.add(ctx, page); err != nil {
		return err
	}
	if err := l.close(ctx); err != nil {
		return err
	}
	last, _, err := db.LastSync(ctx)
	if err != nil {
		return err
	}
	note := i18n.T("cli.ls.from_mirror", "Time", format.Minute(last.Finished))
	if !last.Complete {
		note += i18n.T("cli.ls.mirror_unfinished")
	}
	if len(rows) == 0 {
		note = i18n.T("cli.ls.no_match") + " " + note
	}
	fmt.Fprintln(f.IOStreams.ErrOut, note+i18n.T("cli.ls.sync_updates"))
	// The list view has no description: a word of one finds only the listings whose
	// detail the mirror keeps.
	if with, total, err := db.Described(ctx); err == nil && o.search != "" && with < total {
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.ls.described", total, "With", format.Number(with), "Total", format.Number(total)))
	}
	return nil
}

// keepDetail keeps a listing shown in the mirror, when there is one, so that its
// description can be searched; the mirror is a cache, so a failure says nothing.
func keepDetail(ctx context.Context, f *cmdutil.Factory, d *api.ListingDetail) {
	db, err := f.ReadMirror(ctx)
	if err != nil {
		return
	}
	defer db.Close()
	_ = db.PutDetail(ctx, &d.Listing, d.Lang)
}
