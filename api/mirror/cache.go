package mirror

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	err := d.conn().QueryRowContext(ctx, `SELECT body FROM cache WHERE kind = ? AND key = ? AND lang = ? AND day = ?`,
		kind, key, lang, kyivDay(d.now())).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("mirror: cached %s %q: %w", kind, key, err)
	}
	return body, true, nil
}

// CachedClient is a client whose taxonomy and city answers go through the mirror's
// cache of the day: the category tree and a category's attributes per language, and
// a city search per query, language and limit. The first ask of a day goes to the
// service and is kept; the next ones that day, in this process or another (the app,
// a command, an import), send nothing. Every other method is the client's. A nil DB
// passes every call through, so a caller without a mirror needs no other path.
//
// A cache that cannot be read or written is as good as none: the service answers.
// Errors are never kept.
type CachedClient struct {
	*api.Client
	db *DB
}

// NewCachedClient wraps c with db's day cache; db may be nil.
func NewCachedClient(db *DB, c *api.Client) *CachedClient { return &CachedClient{Client: c, db: db} }

// Categories is the client's, kept for the day per language.
func (c *CachedClient) Categories(ctx context.Context, lang string) ([]api.Category, error) {
	return throughCache(ctx, c.db, CacheCategories, "", lang, func() ([]api.Category, error) {
		return c.Client.Categories(ctx, lang)
	})
}

// Attributes is the client's, kept for the day per category and language.
func (c *CachedClient) Attributes(ctx context.Context, categoryID int, lang string) ([]api.Attribute, error) {
	return throughCache(ctx, c.db, CacheAttributes, strconv.Itoa(categoryID), lang, func() ([]api.Attribute, error) {
		return c.Client.Attributes(ctx, categoryID, lang)
	})
}

// SearchCities is the client's, kept for the day per query (as the client sends it:
// trimmed), limit and language.
func (c *CachedClient) SearchCities(ctx context.Context, q, lang string, limit int) ([]api.City, error) {
	key := strconv.Itoa(limit) + "\x00" + strings.TrimSpace(q)
	return throughCache(ctx, c.db, CacheCities, key, lang, func() ([]api.City, error) {
		return c.Client.SearchCities(ctx, q, lang, limit)
	})
}

// throughCache answers from db's cache of today, or asks fetch and keeps its answer.
func throughCache[T any](ctx context.Context, db *DB, kind, key, lang string, fetch func() (T, error)) (T, error) {
	if db == nil {
		return fetch()
	}
	if body, ok, err := db.Cached(ctx, kind, key, lang); err == nil && ok {
		var v T
		if json.Unmarshal(body, &v) == nil {
			return v, nil
		}
	}
	v, err := fetch()
	if err != nil {
		return v, err
	}
	if body, err := json.Marshal(v); err == nil {
		_ = db.PutCache(ctx, kind, key, lang, body) // a cache that cannot be written only costs the next ask
	}
	return v, nil
}

func kyivDay(t time.Time) string { return t.In(api.Kyiv).Format("2006-01-02") }
