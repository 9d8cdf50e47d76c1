package sheetcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// An export reads the account's local mirror (api/mirror) instead of the service
// when the mirror is fresh, saving the requests:
//   - fresh is a complete sync that finished less than mirrorFresh ago, in the
//     export's language, and asked for every list column (a sync of this version:
//     condition and photos came with schema 3);
//   - the list (the rows of an export, the listings of --detail) is then the mirror's
//     rows of that sync, in the service's order (newest id first);
//   - --detail takes the details the mirror keeps of the listings whose list fields
//     the sync saw unchanged since the detail was kept (mirror.UnchangedDetails; its
//     views, vip and top are the sync's), journaled as fetched, and fetches the rest;
//     every detail fetched is kept in the mirror for the next export;
//   - stderr says how many rows came from the mirror and the requests that saved;
//     --fresh asks the service for everything.

// mirrorFresh is how old the mirror's last complete sync may be: the app syncs every
// 15 minutes while it runs, and `listings sync` takes one request per 100 listings.
const mirrorFresh = 15 * time.Minute

// exportMirror is the fresh mirror an export reads.
type exportMirror struct {
	db   *mirror.DB
	sync mirror.SyncInfo
}

// openMirror returns the mirror to read, nil when there is none fresh enough (said
// on stderr when there is one) or --fresh asks for the service.
func (o *exportOptions) openMirror(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session) *exportMirror {
	if o.fresh {
		return nil
	}
	db, err := f.OpenMirror(ctx, &cmdutil.Target{Profile: s.Profile, BaseURL: s.BaseURL}, false)
	if err != nil {
		return nil
	}
	last, ok, err := db.Fresh(ctx, mirrorFresh, s.Lang, export.ListColumns)
	if err != nil || !ok {
		db.Close()
		if err == nil {
			fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.export.mirror_stale", int(mirrorFresh.Minutes()), "Lang", s.Lang,
				"Minutes", int(mirrorFresh.Minutes())))
		}
		return nil
	}
	return &exportMirror{db: db, sync: last}
}

// rows are the mirror's listings of --status, in the service's order.
func (m *exportMirror) rows(ctx context.Context, status string) ([]mirror.Row, error) {
	rows, err := m.db.Search(ctx, mirror.Query{Status: api.Status(status), Sort: mirror.SortID, Full: true})
	if err != nil {
		return nil, cmdutil.Fail(err, "cli.export.mirror_failed", "Err", err.Error())
	}
	return rows, nil
}

// saidList says on stderr where the list came from and the pages it saved: those a
// read of status=all would take (one per 100 listings and the empty page after a
// full last one; a status the service filters takes no more).
func (m *exportMirror) saidList(f *cmdutil.Factory, n int) {
	pages := m.sync.Listings/api.MaxListLimit + 1
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.export.from_mirror", n, "Synced", format.HourMinute(m.sync.Finished),
		"N", format.Number(n), "Saved", i18n.N("count.requests", pages)))
}

// details are the details the mirror keeps of items, unchanged since, by id.
func (m *exportMirror) details(ctx context.Context, lang string, items []bulk.Planned) map[int]*api.ListingFull {
	ids := make([]int, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	kept, err := m.db.UnchangedDetails(ctx, lang, ids)
	if err != nil {
		return nil // the mirror is a cache: the service answers
	}
	return kept
}

// journalKept journals the details taken from the mirror as fetched.
func journalKept(j *export.Journal, items []bulk.Planned, kept map[int]*api.ListingFull) error {
	for _, it := range items {
		full := kept[it.ID]
		if full == nil {
			continue
		}
		raw, err := json.Marshal(full)
		if err != nil {
			return fmt.Errorf("listing %d from the mirror: %w", it.ID, err)
		}
		if err := j.Fetched(it.ID, raw); err != nil {
			return err
		}
	}
	return nil
}

// keeping is a getter that keeps every detail it gets in the mirror, for the next
// export (and the search of its description).
type keeping struct {
	job.Service
	db *mirror.DB
}

func (k keeping) GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
	d, err := k.Service.GetListing(ctx, id, lang)
	if err == nil && d != nil {
		in := d.Lang
		if in == "" {
			in = lang
		}
		_ = k.db.PutDetail(context.WithoutCancel(ctx), &d.Listing, in) // a cache: a failure costs the next export a request
	}
	return d, err
}
