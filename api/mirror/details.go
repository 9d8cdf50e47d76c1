package mirror

import (
	"context"
	"fmt"

	"github.com/listings-tui/listings/api"
)

// The list view has no description, so the search finds one only in the listings
// whose detail was opened. FillDetails opens the others: one request each, which is
// why only `listings sync --details` asks for it, never the app on its own.

// Detailer is what FillDetails needs from the service; *api.Client is one.
type Detailer interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
}

// DetailsOptions tune FillDetails.
type DetailsOptions struct {
	Lang     string
	Max      int // at most this many requests; 0: every listing without a detail
	Progress func(done, total int)
}

// DetailsResult says what FillDetails did.
type DetailsResult struct {
	Fetched int // details stored
	Missing int // listings the service no longer has (404): left to the next sync
	Left    int // listings still without a detail
}

// WithoutDetail counts the listed listings whose detail the mirror lacks.
func (d *DB) WithoutDetail(ctx context.Context) (int, error) {
	var n int
	err := d.conn().QueryRowContext(ctx, "SELECT count(*) FROM listings WHERE detail IS NULL AND gone_at IS NULL").Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("mirror: count details: %w", err)
	}
	return n, nil
}

// FillDetails fetches the detail of the listings that have none, newest first, one
// request each, within the reserve as Sync keeps it; each is stored as it comes, so
// an interruption keeps what was fetched and the next call goes on from there. Its
// requests are background work (api.Background), as a sync's.
func (d *DB) FillDetails(ctx context.Context, src Detailer, o DetailsOptions) (DetailsResult, error) {
	ctx = api.Background(ctx)
	var res DetailsResult
	q := "SELECT id FROM listings WHERE detail IS NULL AND gone_at IS NULL ORDER BY id DESC"
	if o.Max > 0 {
		q += fmt.Sprintf(" LIMIT %d", o.Max)
	}
	ids, err := d.ids(ctx, q)
	if err != nil {
		return res, err
	}
	bud, _ := src.(budgeter)
	if err := dayRoom(bud, len(ids)); err != nil && len(ids) > 0 {
		return d.detailsLeft(ctx, res, err)
	}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return d.detailsLeft(ctx, res, err)
		}
		if err := dayRoom(bud, 1); err != nil {
			return d.detailsLeft(ctx, res, err)
		}
		det, err := src.GetListing(ctx, id, o.Lang)
		switch {
		case api.IsNotFound(err):
			res.Missing++
		case err != nil:
			return d.detailsLeft(ctx, res, fmt.Errorf("get listing %d: %w", id, err))
		default:
			lang := det.Lang
			if lang == "" {
				lang = o.Lang
			}
			if err := d.PutDetail(context.WithoutCancel(ctx), &det.Listing, lang); err != nil {
				return d.detailsLeft(ctx, res, err)
			}
			res.Fetched++
		}
		if o.Progress != nil {
			o.Progress(i+1, len(ids))
		}
	}
	return d.detailsLeft(ctx, res, nil)
}

func (d *DB) detailsLeft(ctx context.Context, res DetailsResult, cause error) (DetailsResult, error) {
	n, err := d.WithoutDetail(context.WithoutCancel(ctx))
	if err == nil {
		res.Left = n
	}
	if cause != nil {
		return res, fmt.Errorf("fill details: %w", cause)
	}
	return res, err
}

func (d *DB) ids(ctx context.Context, q string, args ...any) ([]int, error) {
	return column[int](ctx, d, q, args...)
}

// column is the one column every row of query q gives.
func column[T any](ctx context.Context, d *DB, q string, args ...any) ([]T, error) {
	rows, err := d.conn().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("mirror: %w", err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("mirror: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
