package mirror

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// An export (api/jobs/export, `listings export`) reads the mirror instead of the service
// when it is fresh: the list from the rows of the latest complete sync, and the
// details of the listings opened since that did not change. Fresh and
// UnchangedDetails say what may be taken.

// Fresh returns the latest complete sync when it finished within maxAge before now,
// in lang, and asked for every field of fields: the mirror then holds what a page of
// the service would say, as of that sync. ok is false otherwise (never synced, a
// sync older, in another language, or before the mirror kept those fields).
func (d *DB) Fresh(ctx context.Context, maxAge time.Duration, lang string, fields []string) (SyncInfo, bool, error) {
	last, ok, err := d.LastComplete(ctx)
	if err != nil || !ok {
		return last, false, err
	}
	for _, f := range fields {
		if !slices.Contains(last.Fields, f) {
			return last, false, nil
		}
	}
	fresh := last.Lang == lang && !last.Finished.IsZero() && d.now().Sub(last.Finished) <= maxAge
	return last, fresh, nil
}

// UnchangedDetails returns the details the mirror keeps, asked in lang, of those of
// ids whose listing did not change since: the list fields the latest sync saw
// (title, price, currency, condition, city, status, photos) are the detail's. Their
// views, vip and top, which change without an edit, are made the sync's. An edit
// that touches none of those fields (the description alone, an attribute) cannot be
// told from the list: a caller that must see it asks the service (--fresh).
func (d *DB) UnchangedDetails(ctx context.Context, lang string, ids []int) (map[int]*api.ListingFull, error) {
	want := make(map[int]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	rows, err := d.conn().QueryContext(ctx, `SELECT id, detail, title, price, currency, condition, city, status,
		photos, views, vip, top FROM listings WHERE detail IS NOT NULL AND detail_lang = ? AND gone_at IS NULL`, lang)
	if err != nil {
		return nil, fmt.Errorf("mirror: details: %w", err)
	}
	defer rows.Close()
	out := map[int]*api.ListingFull{}
	for rows.Next() {
		var (
			id                             int
			detail, title, price, currency string
			status                         string
			condition, city, photos        sql.NullString
			views                          int
			vip, top                       bool
		)
		if err := rows.Scan(&id, &detail, &title, &price, &currency, &condition, &city, &status, &photos,
			&views, &vip, &top); err != nil {
			return nil, fmt.Errorf("mirror: details: %w", err)
		}
		if !want[id] {
			continue
		}
		var f api.ListingFull
		if json.Unmarshal([]byte(detail), &f) != nil {
			continue // a detail that no longer reads is as good as none
		}
		same := f.Title == title && f.Price.String() == price && f.Currency == currency &&
			string(f.Status) == status && equalPtr(f.Condition, nullString(condition)) &&
			equalPtr(f.City, nullString(city)) && photos.Valid && strings.Join(f.Photos, "\n") == photos.String
		if !same {
			continue
		}
		f.Views, f.VIP, f.Top = views, vip, top
		out[id] = &f
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mirror: details: %w", err)
	}
	return out, nil
}

func nullString(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	v := s.String
	return &v
}

func equalPtr(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// splitPhotos reads the photos column: nil when none is known.
func splitPhotos(s sql.NullString) []string {
	if !s.Valid {
		return nil
	}
	if s.String == "" {
		return []string{}
	}
	return strings.Split(s.String, "\n")
}
