package mirror

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
)

// Cache kinds: the taxonomy and city answers, which change rarely and are kept for the
// Kyiv day they were answered on.
const (
	CacheCategories = "categories"
	CacheAttributes = "attributes"
	CacheCities     = "cities"
)

// PutCache keeps an answer (its JSON) for today.
func (d *DB) PutCache(ctx context.Context, kind, key, lang string, body []byte) error {
	err := d.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO cache (kind, key, lang, day, body)
			VALUES (?, ?, ?, ?, ?)`, kind, key, lang, kyivDay(d.now()), body)
		return err
	})
	if err != nil {
		return fmt.Errorf("mirror: cache %s %q: %w", kind, key, err)
	}
	return nil
}

// Cached returns an answer kept today; ok is false when there is none or it is older.
func (d *DB) Cached(ctx context.Context, kind, key, lang string) ([]byte, bool, error) {
	var body []byte
	err := d.sql.QueryRowContext(ctx, `SELECT body FROM cache WHERE kind = ? AND key = ? AND lang = ? AND day = ?`,
		kind, key, lang, kyivDay(d.now())).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("mirror: cached %s %q: %w", kind, key, err)
	}
	return body, true, nil
}

func kyivDay(t time.Time) string { return t.In(api.Kyiv).Format("2006-01-02") }
