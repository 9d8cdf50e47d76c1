package mirror

import (
	"context"
	"database/sql"
	"fmt"
)

// A listing's attributes (brand, size, year) come only with its detail: the list
// view has none. The mirror keeps them inside the detail it stored (a listing opened
// once, or every listing after `listings sync --details`), and the browser's
// attr.<key> columns read them from there; a listing without a detail has none.

// AttrKeys are the attribute keys of the listed listings whose detail the mirror
// holds, sorted: the attr.<key> columns the browser can offer.
func (d *DB) AttrKeys(ctx context.Context) ([]string, error) {
	keys, err := column[string](ctx, d, `SELECT DISTINCT j.key FROM listings l, json_each(l.detail, '$.attributes') j
		WHERE l.detail IS NOT NULL AND json_valid(l.detail) AND json_type(l.detail, '$.attributes') = 'object'
		AND l.gone_at IS NULL ORDER BY j.key`)
	if err != nil {
		return nil, fmt.Errorf("attribute keys: %w", err)
	}
	return keys, nil
}

// AttrValues is the value of attribute key of every listed listing whose detail has
// it, by listing id, as text: a string as it is, a number as written, true and false
// as "yes" and "no", an object or a list as its JSON ({"from":1,"to":3}).
func (d *DB) AttrValues(ctx context.Context, key string) (map[int]string, error) {
	rows, err := d.conn().QueryContext(ctx, `SELECT l.id, j.type, j.value FROM listings l, json_each(l.detail, '$.attributes') j
		WHERE l.detail IS NOT NULL AND json_valid(l.detail) AND json_type(l.detail, '$.attributes') = 'object' AND l.gone_at IS NULL AND j.key = ?`, key)
	if err != nil {
		return nil, fmt.Errorf("mirror: attribute %s: %w", key, err)
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var id int
		var typ string
		var v sql.NullString
		if err := rows.Scan(&id, &typ, &v); err != nil {
			return nil, fmt.Errorf("mirror: attribute %s: %w", key, err)
		}
		switch typ {
		case "true":
			out[id] = "yes"
		case "false":
			out[id] = "no"
		case "null":
		default:
			if v.Valid && v.String != "" {
				out[id] = v.String
			}
		}
	}
	return out, rows.Err()
}
