package mirror

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// migrations are the schema's versions: migrations[i] takes a file from version i to
// i+1 (PRAGMA user_version). A step is appended, never edited, once released: a file
// of any earlier version is brought forward step by step, each in one transaction.
var migrations = []string{
	// 1: listings, syncs and the history of views and status.
	`CREATE TABLE listings (
		id          INTEGER PRIMARY KEY,
		title       TEXT NOT NULL DEFAULT '',
		title_key   TEXT NOT NULL DEFAULT '', -- lowercase, for sorting
		price       TEXT NOT NULL DEFAULT '', -- decimal text as the service wrote it
		price_num   REAL NOT NULL DEFAULT 0,
		currency    TEXT NOT NULL DEFAULT '',
		status      TEXT NOT NULL DEFAULT '',
		city        TEXT,
		views       INTEGER NOT NULL DEFAULT 0,
		vip         INTEGER NOT NULL DEFAULT 0,
		top         INTEGER NOT NULL DEFAULT 0,
		url         TEXT NOT NULL DEFAULT '',
		created_at  INTEGER NOT NULL DEFAULT 0, -- unix seconds, 0: none
		description TEXT NOT NULL DEFAULT '',   -- from the detail, once opened
		detail      TEXT,                       -- the detail view as JSON, once opened
		detail_at   INTEGER,
		first_seen  INTEGER NOT NULL,
		seen_sync   INTEGER NOT NULL DEFAULT 0, -- the last sync that listed it
		gone_at     INTEGER                     -- missing from a complete sync since
	);
	CREATE TABLE syncs (
		id        INTEGER PRIMARY KEY,
		started   INTEGER NOT NULL,
		finished  INTEGER,
		lang      TEXT NOT NULL DEFAULT '',
		requests  INTEGER NOT NULL DEFAULT 0,
		listings  INTEGER NOT NULL DEFAULT 0,
		changed   INTEGER NOT NULL DEFAULT 0,
		complete  INTEGER NOT NULL DEFAULT 0,
		error     TEXT NOT NULL DEFAULT ''
	);
	CREATE TABLE history (
		listing_id INTEGER NOT NULL,
		sync_id    INTEGER NOT NULL,
		at         INTEGER NOT NULL,
		views      INTEGER NOT NULL,
		status     TEXT NOT NULL,
		PRIMARY KEY (listing_id, at)
	) WITHOUT ROWID;`,

	// 2: full-text search (of the text as Fold makes it), views gained in 7 days, the taxonomy and city cache.
	`CREATE VIRTUAL TABLE listings_fts USING fts5(
		title, description, city, id,
		content='listings', content_rowid='id',
		tokenize='unicode61 remove_diacritics 2'
	);
	CREATE TRIGGER listings_fts_ai AFTER INSERT ON listings BEGIN
		INSERT INTO listings_fts(rowid, title, description, city, id)
		VALUES (new.id, fold(new.title), fold(new.description), fold(new.city), new.id);
	END;
	CREATE TRIGGER listings_fts_ad AFTER DELETE ON listings BEGIN
		INSERT INTO listings_fts(listings_fts, rowid, title, description, city, id)
		VALUES ('delete', old.id, fold(old.title), fold(old.description), fold(old.city), old.id);
	END;
	CREATE TRIGGER listings_fts_au AFTER UPDATE OF title, description, city ON listings
	WHEN old.title IS NOT new.title OR old.description IS NOT new.description OR old.city IS NOT new.city
	BEGIN
		INSERT INTO listings_fts(listings_fts, rowid, title, description, city, id)
		VALUES ('delete', old.id, fold(old.title), fold(old.description), fold(old.city), old.id);
		INSERT INTO listings_fts(rowid, title, description, city, id)
		VALUES (new.id, fold(new.title), fold(new.description), fold(new.city), new.id);
	END;
	INSERT INTO listings_fts(rowid, title, description, city, id)
		SELECT id, fold(title), fold(description), fold(city), id FROM listings;
	ALTER TABLE listings ADD COLUMN views_7d INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE cache (
		kind  TEXT NOT NULL, -- categories, attributes, cities
		key   TEXT NOT NULL,
		lang  TEXT NOT NULL,
		day   TEXT NOT NULL, -- the Kyiv day it was answered
		body  BLOB NOT NULL,
		PRIMARY KEY (kind, key, lang)
	) WITHOUT ROWID;`,

	// 3: what an export reads instead of the service: the list's condition and photos,
	// the language a detail was asked in, and the fields a sync asked for.
	`ALTER TABLE listings ADD COLUMN condition TEXT;
	ALTER TABLE listings ADD COLUMN photos TEXT;      -- the photos' URLs, one a line; NULL: none known
	ALTER TABLE listings ADD COLUMN detail_lang TEXT; -- the language of detail; NULL: unknown
	ALTER TABLE syncs ADD COLUMN fields TEXT NOT NULL DEFAULT ''; -- asked for, comma separated`,

	// 4: the listed listings by status, so that a first frame's tab counts (Counts) and
	// a tab's first page read this index, not every row with its photos and detail:
	// 2–8 ms instead of 20–130 ms at 10 000 listings (docs/performance.md, "Mirror").
	`CREATE INDEX listings_listed ON listings (status) WHERE gone_at IS NULL;`,

	// 5: what a saved view filters on besides the list's fields (filter.go): since
	// when a listing has its status (NULL: since before the mirror's first complete
	// sync, when the mirror could not see it come), its category (from its detail),
	// its city as a filter compares it, and how many photos it has (NULL: unknown).
	// All are filled from what the file holds: the history of statuses, the details
	// and photos kept. Each has an index of the listed listings that have one: at
	// 10 000 listings with their details a view then reads a few hundred rows, not all.
	`ALTER TABLE listings ADD COLUMN status_at INTEGER;
	ALTER TABLE listings ADD COLUMN category_id INTEGER;
	ALTER TABLE listings ADD COLUMN city_key TEXT;
	ALTER TABLE listings ADD COLUMN photo_count INTEGER;
	UPDATE listings SET city_key = key(city), photo_count = ` + photoCount + `;
	UPDATE listings SET category_id = json_extract(detail, '$.category_id')
		WHERE detail IS NOT NULL AND json_valid(detail);
	UPDATE listings SET status_at = (SELECT min(h.at) FROM history h
		WHERE h.listing_id = listings.id AND h.status = listings.status AND h.at > (SELECT max(h2.at) FROM history h2
			WHERE h2.listing_id = listings.id AND h2.status <> listings.status));
	UPDATE listings SET status_at = first_seen
		WHERE status_at IS NULL AND first_seen > (SELECT min(finished) FROM syncs WHERE complete = 1);
	CREATE INDEX listings_status_at ON listings (status_at) WHERE gone_at IS NULL AND status_at IS NOT NULL;
	CREATE INDEX listings_created_unseen ON listings (created_at) WHERE gone_at IS NULL AND status_at IS NULL;
	CREATE INDEX listings_category ON listings (category_id) WHERE gone_at IS NULL AND category_id IS NOT NULL;
	CREATE INDEX listings_city ON listings (city_key) WHERE gone_at IS NULL AND city_key IS NOT NULL;
	CREATE INDEX listings_photos ON listings (photo_count) WHERE gone_at IS NULL AND photo_count IS NOT NULL;`,
}

// Version is the schema version this build writes.
var Version = len(migrations)

// wantTables are what a migrated file must hold; missing ones mean damage.
var wantTables = []string{"listings", "syncs", "history", "listings_fts", "cache"}

// migrate brings the file to Version. A file claiming a version whose tables are
// missing is a problem (set aside); a newer file is ErrNewer.
func (d *DB) migrate(ctx context.Context) (string, error) {
	return d.migrateTo(ctx, len(migrations))
}

func (d *DB) migrateTo(ctx context.Context, target int) (string, error) {
	var v int
	if err := d.conn().QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return "it cannot be read: " + err.Error(), nil
	}
	if v > len(migrations) {
		return "", fmt.Errorf("open mirror %s: %w (schema %d, this one knows %d): update listings or remove the file",
			d.path, ErrNewer, v, len(migrations))
	}
	for ; v < target; v++ {
		err := d.write(ctx, func(tx *sql.Tx) error {
			if v == 0 {
				if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", appID)); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1))
			return err
		})
		if err != nil {
			return fmt.Sprintf("its schema could not be brought from version %d to %d: %v", v, v+1, err), nil
		}
	}
	if target < len(migrations) {
		return "", nil
	}
	rows, err := d.conn().QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table'")
	if err != nil {
		return "it cannot be read: " + err.Error(), nil
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if rows.Scan(&name) == nil {
			have[name] = true
		}
	}
	var missing []string
	for _, t := range wantTables {
		if !have[t] {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		return "its tables " + strings.Join(missing, ", ") + " are missing", nil
	}
	return "", nil
}
