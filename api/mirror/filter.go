package mirror

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// Filter is what a saved view asks of the listings besides their words and status
// (docs/config.md, "views"). The zero Filter lets every listing through. Each part
// reads a column of the mirror, in SQL, so that a view of 10 000 listings is one
// query (BenchmarkViewQuery):
//   - Category reads the category of the detail the mirror keeps: a listing never
//     opened (or synced with --details) has none and is not found;
//   - ChangedSince reads when a sync saw the listing come to its status; one the
//     first complete sync found already in it counts from its creation date;
//   - photos read the list's photos as the last sync saw them; a listing whose
//     photos no sync asked for is not found.
//
// Coverage says how much of the mirror each part can see.
type Filter struct {
	Statuses []api.Status // any of them; none: any status (Query.Status still applies)
	Category int          // a category id; 0: any
	// PriceMin and PriceMax bound the price, in the listing's own currency; nil:
	// no bound. Currency, when set, keeps the listings of that currency only.
	PriceMin, PriceMax *float64
	Currency           string
	City               string // the city as the mirror holds it, whatever its case; "": any
	Promoted           *bool  // true: VIP or TOP; false: neither; nil: either
	ChangedSince       time.Time
	NoPhotos           bool // the photos are known and there are none
	MinPhotos          int  // at least this many photos; 0: any
}

// Key is text as a filter compares it: lowercase, Cyrillic marks folded (Fold). The
// SQL function key (search.go) does the same to a column.
func Key(s string) string { return Fold(strings.ToLower(strings.TrimSpace(s))) }

// photoCount is the number of photos of a listing from its URLs, one a line (the
// migration to schema 5 counts them so; a sync counts them as it stores them).
const photoCount = "CASE WHEN photos IS NULL THEN NULL WHEN photos = '' THEN 0 " +
	"ELSE length(photos) - length(replace(photos, char(10), '')) + 1 END"

// where adds the filter's conditions and their arguments.
func (f Filter) where(conds []string, args []any) ([]string, []any) {
	if len(f.Statuses) > 0 {
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(f.Statuses)), ", ")
		conds = append(conds, "status IN ("+marks+")")
		for _, s := range f.Statuses {
			args = append(args, string(s))
		}
	}
	add := func(cond string, a ...any) {
		conds = append(conds, cond)
		args = append(args, a...)
	}
	if f.Category != 0 {
		add("category_id = ?", f.Category)
	}
	if f.PriceMin != nil {
		add("price_num >= ?", *f.PriceMin)
	}
	if f.PriceMax != nil {
		add("price_num <= ?", *f.PriceMax)
	}
	if f.Currency != "" {
		add("currency = ?", strings.ToUpper(f.Currency))
	}
	if f.City != "" {
		add("city_key = ?", Key(f.City))
	}
	switch {
	case f.Promoted == nil:
	case *f.Promoted:
		add("(vip OR top)")
	default:
		add("NOT vip AND NOT top")
	}
	if !f.ChangedSince.IsZero() {
		at := f.ChangedSince.Unix()
		// Two terms an index each reads (listings_status_at, listings_created_unseen).
		add("(status_at >= ? OR status_at IS NULL AND created_at >= ?)", at, at)
	}
	if f.NoPhotos {
		add("photo_count = 0")
	}
	if f.MinPhotos > 0 {
		add("photo_count >= ?", f.MinPhotos)
	}
	return conds, args
}

// Coverage is how much of the listed listings the parts of a Filter can see.
type Coverage struct {
	Listed   int // listed (not gone) listings
	Detailed int // of them, with their detail kept: their category is known
	Photos   int // of them, with their photos known
	// History is when the first complete sync ended: a listing's change of status
	// since is known; one from before it, only if the listing was created after.
	// Zero: no complete sync yet.
	History time.Time
}

// Coverage reads the mirror's coverage in two queries.
func (d *DB) Coverage(ctx context.Context) (Coverage, error) {
	var c Coverage
	err := d.conn().QueryRowContext(ctx, `SELECT count(*), count(detail), count(photos) FROM listings
		WHERE gone_at IS NULL`).Scan(&c.Listed, &c.Detailed, &c.Photos)
	if err != nil {
		return c, fmt.Errorf("mirror: coverage: %w", err)
	}
	var first sql.NullInt64
	if err := d.conn().QueryRowContext(ctx, "SELECT min(finished) FROM syncs WHERE complete = 1").Scan(&first); err != nil {
		return c, fmt.Errorf("mirror: coverage: %w", err)
	}
	if first.Valid {
		c.History = time.Unix(first.Int64, 0).In(api.Kyiv)
	}
	return c, nil
}
