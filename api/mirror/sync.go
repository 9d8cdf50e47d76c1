package mirror

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// SyncFields are the list fields a sync asks for: what the app's table, `ls` and the
// search show, and the condition and photos an export of the list writes (so that
// one reads the mirror instead of paging the service), and no more (a smaller answer
// also saves budget, says the spec). Slug, the main photo and the promotions' ends
// come with a listing's detail.
var SyncFields = []string{"id", "title", "price", "currency", "condition", "status", "city", "views", "vip", "top",
	"photos", "url", "created_at"}

// A sync leaves the user a fifth of the minute's and of the day's budget (api.Reserved):
// its requests are background work (api.Background), which the client holds back
// rather than take the minute's last fifth, and which yields to the user's own
// requests; and it does not start (or stops) rather than take the day's last fifth,
// saying so before the client would refuse a page (BudgetShortError).

// Lister is what a sync needs from the service; *api.Client is one. When it also has
// Budget() (the client does), the sync checks the day's reserve before it starts.
type Lister interface {
	ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error)
}

type budgeter interface{ Budget() api.Budget }

// SyncOptions tune a sync.
type SyncOptions struct {
	Lang     string             // the language of titles and cities; "" the service's default
	Progress func(SyncProgress) // after each page; may be nil
	Now      func() time.Time   // nil: time.Now
}

// SyncProgress is how far a sync came.
type SyncProgress struct {
	Pages    int
	Listings int
	Expected int // listings the last complete sync found; 0 the first time
}

// SyncResult sums a sync up.
type SyncResult struct {
	SyncInfo
	Added int // listings new to the mirror
	Gone  int // listings missing from this complete sync, marked gone
	// NoID counts the listings the service sent with an id that cannot be read
	// (api.Listing.HasID): the mirror keys listings by id, so it cannot keep them.
	NoID     int
	Duration time.Duration
}

// BudgetShortError is a sync not started, or stopped, to leave the day's reserve to
// the user.
type BudgetShortError struct {
	Need, Left, PerDay int
	ResetsAt           time.Time
}

func (e *BudgetShortError) Error() string {
	return fmt.Sprintf("a sync needs about %d requests and %d of today's %d are left: it would eat into the fifth "+
		"of the day's budget kept for your own work; sync after %s (Kyiv midnight)",
		e.Need, e.Left, e.PerDay, e.ResetsAt.Format("2006-01-02 15:04"))
}

// Sync pages every listing of the account (status=all holds every state, pending and
// blocked too, so one paging is the fewest requests: one per 100 listings) with
// SyncFields, 100 at a time, through src. Each page is stored in its own transaction,
// so a kill leaves the pages before it stored and the sync row incomplete; the next
// sync starts over from the first page. Only a complete sync marks missing listings
// gone. Views and status history is written for listings whose values changed. Its
// requests are background work (api.Background).
func (d *DB) Sync(ctx context.Context, src Lister, o SyncOptions) (SyncResult, error) {
	ctx = api.Background(ctx)
	now := o.Now
	if now == nil {
		now = time.Now
	}
	start := now()
	res := SyncResult{}
	expected := 0
	if last, ok, err := d.LastComplete(ctx); err != nil {
		return res, err
	} else if ok {
		expected = last.Listings
	}
	bud, _ := src.(budgeter)
	if err := dayRoom(bud, expected/api.MaxListLimit+1); err != nil {
		return res, err
	}
	var id int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, "INSERT INTO syncs (started, lang, fields) VALUES (?, ?, ?)", start.Unix(), o.Lang,
			strings.Join(SyncFields, ","))
		if err != nil {
			return err
		}
		id, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return res, fmt.Errorf("mirror: start a sync: %w", err)
	}
	res.ID, res.Lang = id, o.Lang

	p := api.ListParams{Lang: o.Lang, Status: api.StatusAll, Limit: api.MaxListLimit, Fields: SyncFields}
	seen := map[int]bool{}
	prog := SyncProgress{Expected: expected}
	for {
		if err := ctx.Err(); err != nil {
			return d.endSync(ctx, res, start, now, err)
		}
		if err := dayRoom(bud, 1); err != nil {
			return d.endSync(ctx, res, start, now, err)
		}
		page, err := src.ListListings(ctx, p)
		if err != nil {
			return d.endSync(ctx, res, start, now, err)
		}
		added, changed, err := d.putPage(ctx, id, page.Listings, start)
		if err != nil {
			return d.endSync(ctx, res, start, now, err)
		}
		res.Added += added
		for i := range page.Listings {
			if !page.Listings[i].HasID() {
				res.NoID++
			}
		}
		res.Changed += changed
		res.Requests++
		res.Listings += len(page.Listings)
		prog.Pages, prog.Listings = res.Requests, res.Listings
		if o.Progress != nil {
			o.Progress(prog)
		}
		if page.NextCursor == nil {
			break
		}
		next := *page.NextCursor
		if seen[next] || next <= 0 {
			return d.endSync(ctx, res, start, now, fmt.Errorf("list listings: the service returned next_cursor %d again; the sync stopped to avoid a loop", next))
		}
		seen[next] = true
		p.Cursor = next
	}
	res.Complete = true
	return d.endSync(ctx, res, start, now, nil)
}

// endSync writes how the sync ended. It runs even when ctx was cancelled (a Ctrl+C),
// so the row says where the sync stopped.
func (d *DB) endSync(ctx context.Context, res SyncResult, start time.Time, now func() time.Time, cause error) (SyncResult, error) {
	ctx = context.WithoutCancel(ctx)
	end := now()
	res.Duration = end.Sub(start)
	msg := ""
	if cause != nil {
		msg = cause.Error()
		if errors.Is(cause, context.Canceled) {
			msg = "interrupted"
		}
	}
	err := d.write(ctx, func(tx *sql.Tx) error {
		if res.Complete {
			r, err := tx.ExecContext(ctx, `UPDATE listings SET gone_at = ? WHERE seen_sync < ? AND gone_at IS NULL`,
				end.Unix(), res.ID)
			if err != nil {
				return err
			}
			n, _ := r.RowsAffected()
			res.Gone = int(n)
		}
		_, err := tx.ExecContext(ctx, `UPDATE syncs SET finished = ?, complete = ?, error = ? WHERE id = ?`,
			end.Unix(), res.Complete, msg, res.ID)
		return err
	})
	if err == nil && res.Requests > 0 {
		err = d.updateViews7d(ctx, start)
	}
	res.Started, res.Finished, res.Error = start, end, msg
	if cause != nil {
		return res, fmt.Errorf("sync: %w", cause)
	}
	if err != nil {
		return res, fmt.Errorf("mirror: end a sync: %w", err)
	}
	return res, nil
}

// dayRoom refuses n more requests when they would leave less than the reserve of the
// day's budget (api.Reserved: never all of it, so a key of a few a day still syncs).
func dayRoom(b budgeter, n int) error {
	if b == nil {
		return nil
	}
	bu := b.Budget()
	if bu.PerDay <= 0 {
		return nil
	}
	left := bu.PerDay - bu.UsedToday
	if left-n < api.Reserved(bu.PerDay) {
		return &BudgetShortError{Need: n, Left: max(left, 0), PerDay: bu.PerDay, ResetsAt: bu.DayResetsAt}
	}
	return nil
}
