package mirror

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// Row is a listing as the mirror holds it: the list fields a sync asks for (SyncFields)
// and what the mirror counts itself.
type Row struct {
	api.Listing
	Views7d   int       // views gained in the 7 days before the last sync (from its syncs)
	Gone      time.Time // missing from a complete sync since then; zero while listed
	HasDetail bool      // the detail was opened once, so its description is searchable
}

// rowColumns are read by scanRow, in its order.
const rowColumns = `id, title, price, currency, status, city, views, vip, top, url, created_at,
	views_7d, gone_at, detail_at IS NOT NULL`

type scanner interface{ Scan(dest ...any) error }

// scanRow reads rowColumns and then extra, the columns a query adds after them.
func scanRow(s scanner, extra ...any) (Row, error) { return newRowReader(extra...).read(s) }

// Get returns one listing and, when it was opened once, its detail (nil otherwise).
// ok is false when the mirror does not hold it.
func (d *DB) Get(ctx context.Context, id int) (Row, *api.ListingFull, bool, error) {
	var detail sql.NullString
	row := d.conn().QueryRowContext(ctx, "SELECT "+rowColumns+", detail FROM listings WHERE id = ?", id)
	r, scanErr := scanRow(row, &detail)
	if errors.Is(scanErr, sql.ErrNoRows) {
		return Row{}, nil, false, nil
	}
	if scanErr != nil {
		return Row{}, nil, false, fmt.Errorf("mirror: read listing %d: %w", id, scanErr)
	}
	if !detail.Valid {
		return r, nil, true, nil
	}
	var full api.ListingFull
	if err := json.Unmarshal([]byte(detail.String), &full); err != nil {
		return r, nil, true, nil // a detail that no longer reads is as good as none
	}
	return r, &full, true, nil
}

// listed is what the mirror knew of a listing before a page: to see what changed.
type listed struct {
	views  int
	status string
}

// putPage stores one page of a sync in one transaction, with the sync's counters, so a
// kill between pages leaves every page before it whole and the sync row saying how far
// it came. It returns how many listings were new and how many changed views or status.
func (d *DB) putPage(ctx context.Context, syncID int64, page []api.Listing, at time.Time) (added, changed int, err error) {
	err = d.write(ctx, func(tx *sql.Tx) error {
		added, changed = 0, 0
		get, err := tx.PrepareContext(ctx, "SELECT views, status FROM listings WHERE id = ?")
		if err != nil {
			return err
		}
		defer get.Close()
		// A listing new to a mirror that has seen every listing once came to its
		// status since; one first seen by the first complete sync, who knows when.
		var newSince any
		var seenAll bool
		if err := tx.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM syncs WHERE complete = 1)").Scan(&seenAll); err != nil {
			return err
		}
		if seenAll {
			newSince = at.Unix()
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO listings (id, title, title_key, price, price_num,
			currency, status, city, views, vip, top, url, created_at, first_seen, seen_sync, condition, photos,
			status_at, city_key, photo_count)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		// SET reads the row as it was: status_at moves only when the status does.
		upd, err := tx.PrepareContext(ctx, `UPDATE listings SET title = ?1, title_key = ?2, price = ?3,
			price_num = ?4, currency = ?5, status_at = CASE WHEN status IS NOT ?6 THEN ?17 ELSE status_at END,
			status = ?6, city = ?7, views = ?8, vip = ?9, top = ?10, url = ?11, created_at = ?12,
			seen_sync = ?13, gone_at = NULL, condition = ?14, photos = ?15, city_key = ?18, photo_count = ?19
			WHERE id = ?16`)
		if err != nil {
			return err
		}
		defer upd.Close()
		hist, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO history (listing_id, sync_id, at, views, status)
			VALUES (?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer hist.Close()
		unix := at.Unix()
		for i := range page {
			l := &page[i]
			if !l.HasID() { // no key to keep it under (SyncResult.NoID)
				continue
			}
			var old listed
			switch err := get.QueryRowContext(ctx, l.ID).Scan(&old.views, &old.status); {
			case errors.Is(err, sql.ErrNoRows):
				c := listColumns(l)
				if _, err := ins.ExecContext(ctx, l.ID, c.title, c.titleKey, c.price, c.priceNum, l.Currency,
					string(l.Status), c.city, l.Views, l.VIP, l.Top, l.URL, c.created, unix, syncID,
					c.condition, c.photos, newSince, c.cityKey, c.photoCount); err != nil {
					return err
				}
				added++
			case err != nil:
				return err
			default:
				if l.Unreadable("views") { // a value the service garbled is not a drop to 0
					l.Views = old.views
				}
				c := listColumns(l)
				if _, err := upd.ExecContext(ctx, c.title, c.titleKey, c.price, c.priceNum, l.Currency,
					string(l.Status), c.city, l.Views, l.VIP, l.Top, l.URL, c.created, syncID,
					c.condition, c.photos, l.ID, unix, c.cityKey, c.photoCount); err != nil {
					return err
				}
				if old.views == l.Views && old.status == string(l.Status) {
					continue
				}
				changed++
			}
			if _, err := hist.ExecContext(ctx, l.ID, syncID, unix, l.Views, string(l.Status)); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE syncs SET requests = requests + 1, listings = listings + ?,
			changed = changed + ? WHERE id = ?`, len(page), changed, syncID)
		return err
	})
	if err != nil {
		return 0, 0, fmt.Errorf("mirror: store a page: %w", err)
	}
	return added, changed, nil
}

type columns struct {
	title, titleKey, price  string
	priceNum                float64
	city, condition, photos any // NULL when the service sent none (or it was not asked)
	cityKey, photoCount     any // as city and photos
	created                 int64
}

func listColumns(l *api.Listing) columns {
	c := columns{title: l.Title, titleKey: Fold(strings.ToLower(l.Title)), price: l.Price.String(),
		priceNum: l.Price.Float64()}
	if l.City != nil {
		c.city, c.cityKey = *l.City, Key(*l.City)
	}
	if l.Condition != nil {
		c.condition = *l.Condition
	}
	if l.Photos != nil && l.Sent("photos") {
		c.photos, c.photoCount = strings.Join(l.Photos, "\n"), len(l.Photos)
	}
	if !l.CreatedAt.IsZero() {
		c.created = l.CreatedAt.Unix()
	}
	return c
}

// PutDetail keeps a listing's detail (opened in the app or by show), as the service
// answered it in lang ("" unknown: never reused for an export): its description
// becomes searchable. A listing the mirror has not listed yet is added from the
// detail's list fields; views and status are left to the syncs, whose history they are.
func (d *DB) PutDetail(ctx context.Context, full *api.ListingFull, lang string) error {
	if full == nil || full.ID <= 0 {
		return nil
	}
	body, err := json.Marshal(full)
	if err != nil {
		return fmt.Errorf("mirror: keep listing %d: %w", full.ID, err)
	}
	now := d.now().Unix()
	err = d.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE listings SET description = ?, detail = ?, detail_at = ?,
			detail_lang = ?, category_id = ? WHERE id = ?`, full.Description, string(body), now, nullable(lang),
			full.CategoryID, full.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		c := listColumns(&full.Listing)
		_, err = tx.ExecContext(ctx, `INSERT INTO listings (id, title, title_key, price, price_num, currency,
			status, city, views, vip, top, url, created_at, description, detail, detail_at, first_seen,
			detail_lang, category_id, city_key)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			full.ID, c.title, c.titleKey, c.price, c.priceNum, full.Currency, string(full.Status), c.city,
			full.Views, full.VIP, full.Top, full.URL, c.created, full.Description, string(body), now, now,
			nullable(lang), full.CategoryID, c.cityKey)
		return err
	})
	if err != nil {
		return fmt.Errorf("mirror: keep listing %d: %w", full.ID, err)
	}
	return nil
}

// nullable is s, or NULL when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
