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

// The figures here are counted from the app's own syncs: the service has no analytics.
// A listing's history has a row for each sync in which its views or status changed, so
// views are known at the moments of syncs only; a day without a sync gains nothing and
// the next day with one gains all that came in between.

// Point is a listing's views and status as one sync found them.
type Point struct {
	At     time.Time
	Views  int
	Status api.Status
}

// Day is the views a listing gained in one Europe/Kyiv day. Known is false for a day
// before the mirror first saw the listing.
type Day struct {
	Date   time.Time // the day's midnight in Kyiv
	Gained int
	Known  bool
}

// Stats are a listing's views over time.
type Stats struct {
	Row
	Points   []Point // oldest first
	Since    time.Time
	Last7    []Day // the last 7 days, today last
	Last30   []Day // the last 30 days, today last
	Gained7  int   // views gained over Last7 (known days)
	Gained30 int
	Daily    []int // views at the end of each day since the mirror first saw it, today last
}

// History returns a listing's points, oldest first.
func (d *DB) History(ctx context.Context, id int) ([]Point, error) {
	rows, err := d.conn().QueryContext(ctx, "SELECT at, views, status FROM history WHERE listing_id = ? ORDER BY at", id)
	if err != nil {
		return nil, fmt.Errorf("mirror: history of %d: %w", id, err)
	}
	defer rows.Close()
	var out []Point
	for rows.Next() {
		var at int64
		var p Point
		if err := rows.Scan(&at, &p.Views, &p.Status); err != nil {
			return nil, fmt.Errorf("mirror: history of %d: %w", id, err)
		}
		p.At = time.Unix(at, 0).In(api.Kyiv)
		out = append(out, p)
	}
	return out, rows.Err()
}

// StatsOf returns a listing's views over time as of now; ok is false when the mirror
// does not hold it.
func (d *DB) StatsOf(ctx context.Context, id int, now time.Time) (Stats, bool, error) {
	r, _, ok, err := d.Get(ctx, id)
	if err != nil || !ok {
		return Stats{}, ok, err
	}
	pts, err := d.History(ctx, id)
	if err != nil {
		return Stats{}, false, err
	}
	return Series(r, pts, now), true, nil
}

// Series works a listing's figures out of its points.
func Series(r Row, pts []Point, now time.Time) Stats {
	s := Stats{Row: r, Points: pts}
	if len(pts) == 0 {
		s.Last7, s.Last30 = unknownDays(now, 7), unknownDays(now, 30)
		return s
	}
	s.Since = pts[0].At
	// at gives the views at t: the last point at or before it; ok false before the first.
	at := func(t time.Time) (int, bool) {
		v, ok := 0, false
		for _, p := range pts {
			if p.At.After(t) {
				break
			}
			v, ok = p.Views, true
		}
		return v, ok
	}
	day := func(date time.Time) Day {
		end := date.AddDate(0, 0, 1).Add(-time.Second)
		if end.After(now) {
			end = now
		}
		v, ok := at(end)
		if !ok {
			return Day{Date: date}
		}
		before, had := at(date.Add(-time.Second))
		if !had {
			before = pts[0].Views // the day the mirror first saw it: counted from then
		}
		return Day{Date: date, Gained: v - before, Known: true}
	}
	today := midnight(now)
	s.Last30 = make([]Day, 30)
	for i := range s.Last30 {
		s.Last30[i] = day(today.AddDate(0, 0, i-29))
		if s.Last30[i].Known {
			s.Gained30 += s.Last30[i].Gained
			if i >= 23 {
				s.Gained7 += s.Last30[i].Gained
			}
		}
	}
	s.Last7 = s.Last30[23:]
	for date := midnight(s.Since); !date.After(today); date = date.AddDate(0, 0, 1) {
		end := date.AddDate(0, 0, 1).Add(-time.Second)
		v, _ := at(end)
		s.Daily = append(s.Daily, v)
	}
	return s
}

func unknownDays(now time.Time, n int) []Day {
	out := make([]Day, n)
	today := midnight(now)
	for i := range out {
		out[i] = Day{Date: today.AddDate(0, 0, i-n+1)}
	}
	return out
}

func midnight(t time.Time) time.Time {
	t = t.In(api.Kyiv)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, api.Kyiv)
}

// updateViews7d counts each listing's views gained in the 7 days before at: against
// the last point at or before then, else against the first (a mirror younger than a
// week counts since it began).
func (d *DB) updateViews7d(ctx context.Context, at time.Time) error {
	cut := at.AddDate(0, 0, -7).Unix()
	return d.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE listings SET views_7d = views - COALESCE(
			(SELECT h.views FROM history h WHERE h.listing_id = listings.id AND h.at <= ? ORDER BY h.at DESC LIMIT 1),
			(SELECT h.views FROM history h WHERE h.listing_id = listings.id ORDER BY h.at LIMIT 1),
			views) WHERE gone_at IS NULL`, cut)
		return err
	})
}

// SyncInfo is one sync of the mirror.
type SyncInfo struct {
	ID       int64
	Started  time.Time
	Finished time.Time // zero while running or after a kill
	Lang     string
	Requests int
	Listings int
	Changed  int
	Complete bool
	Error    string
	Fields   []string // the list fields it asked for; none before schema 3
}

// LastSync returns the latest sync that stored anything (complete or not); ok is false
// for a mirror never synced.
func (d *DB) LastSync(ctx context.Context) (SyncInfo, bool, error) {
	return d.lastSync(ctx, "requests > 0")
}

// LastComplete returns the latest complete sync.
func (d *DB) LastComplete(ctx context.Context) (SyncInfo, bool, error) {
	return d.lastSync(ctx, "complete = 1")
}

func (d *DB) lastSync(ctx context.Context, cond string) (SyncInfo, bool, error) {
	if d.beingMade() {
		return SyncInfo{}, false, nil // nothing could be written to it yet (create.go)
	}
	var s SyncInfo
	var started int64
	var finished sql.NullInt64
	var fields string
	err := d.conn().QueryRowContext(ctx, `SELECT id, started, finished, lang, requests, listings, changed,
		complete, error, fields FROM syncs WHERE `+cond+` ORDER BY id DESC LIMIT 1`).Scan(&s.ID, &started, &finished,
		&s.Lang, &s.Requests, &s.Listings, &s.Changed, &s.Complete, &s.Error, &fields)
	if errors.Is(err, sql.ErrNoRows) {
		return SyncInfo{}, false, nil
	}
	if err != nil {
		return SyncInfo{}, false, fmt.Errorf("mirror: last sync: %w", err)
	}
	s.Started = time.Unix(started, 0).In(api.Kyiv)
	if fields != "" {
		s.Fields = strings.Split(fields, ",")
	}
	if finished.Valid {
		s.Finished = time.Unix(finished.Int64, 0).In(api.Kyiv)
	}
	return s, true, nil
}

// Count is how many listed (not gone) listings the mirror holds.
func (d *DB) Count(ctx context.Context) (int, error) {
	var n int
	if err := d.conn().QueryRowContext(ctx, "SELECT count(*) FROM listings WHERE gone_at IS NULL").Scan(&n); err != nil {
		return 0, fmt.Errorf("mirror: count: %w", err)
	}
	return n, nil
}

// countsSQL counts the listed listings by status, reading the index listings_listed.
const countsSQL = "SELECT status, count(*) FROM listings WHERE gone_at IS NULL GROUP BY status"

// Counts is how many listed (not gone) listings the mirror holds in each status, in one
// query: the tab counts of a first frame that reads only the first page of rows.
func (d *DB) Counts(ctx context.Context) (map[api.Status]int, error) {
	rows, err := d.conn().QueryContext(ctx, countsSQL)
	if err != nil {
		return nil, fmt.Errorf("mirror: counts: %w", err)
	}
	defer rows.Close()
	out := map[api.Status]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, fmt.Errorf("mirror: counts: %w", err)
		}
		out[api.Status(st)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mirror: counts: %w", err)
	}
	return out, nil
}

// Described is how many listed listings have their description in the mirror, of how
// many: the list view has none, so a word of a description finds only those (a detail
// opened, shown or exported, or listings sync --details).
func (d *DB) Described(ctx context.Context) (with, total int, err error) {
	err = d.conn().QueryRowContext(ctx,
		"SELECT count(CASE WHEN description <> '' THEN 1 END), count(*) FROM listings WHERE gone_at IS NULL").Scan(&with, &total)
	if err != nil {
		return 0, 0, fmt.Errorf("mirror: described: %w", err)
	}
	return with, total, nil
}
