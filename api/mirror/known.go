package mirror

import (
	"context"
	"time"

	"github.com/listings-tui/listings/api"
)

// FreshFor is how old the last complete sync may be for a command to read the mirror
// instead of the service: the app syncs every few minutes while it runs, and a
// listing changed on the website since is rare in so short a time.
const FreshFor = 15 * time.Minute

// knownFields are the list fields an import compares an edit row with.
var knownFields = []string{"title", "price", "currency", "condition", "city", "status", "photos"}

// KnownListings answers an import (api/jobs/catalog's Known) from a fresh mirror: the list
// view of those of ids the last complete sync (within FreshFor, in lang) saw, and the
// details kept since that did not change. A stale mirror answers nothing, and the
// import asks the service.
func (d *DB) KnownListings(ctx context.Context, lang string, ids []int) (map[int]api.Listing, map[int]*api.ListingFull, error) {
	if _, fresh, err := d.Fresh(ctx, FreshFor, lang, knownFields); err != nil || !fresh {
		return nil, nil, err
	}
	want := make(map[int]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	rows, err := d.Search(ctx, Query{Status: api.StatusAll, Sort: SortID, Full: true})
	if err != nil {
		return nil, nil, err
	}
	list := map[int]api.Listing{}
	for _, r := range rows {
		if want[r.ID] && r.Gone.IsZero() {
			list[r.ID] = r.Listing
		}
	}
	details, err := d.UnchangedDetails(ctx, lang, ids)
	return list, details, err
}

// KnownListings is the mirror's (DB.KnownListings); nothing without a mirror.
func (c *CachedClient) KnownListings(ctx context.Context, lang string, ids []int) (map[int]api.Listing, map[int]*api.ListingFull, error) {
	if c.db == nil {
		return nil, nil, nil
	}
	return c.db.KnownListings(ctx, lang, ids)
}
