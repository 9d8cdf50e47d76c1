package mirror

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
	"unicode"

	"modernc.org/sqlite"

	"github.com/listings-tui/listings/api"
)

// Sort is a column the mirror sorts on, across every row it holds.
type Sort string

// The sortable columns. A price sorts within its currency (UAH, USD and EUR are not
// compared with each other); the listing id breaks every tie, newest first.
const (
	SortCreated Sort = "created"
	SortTitle   Sort = "title"
	SortPrice   Sort = "price"
	SortStatus  Sort = "status"
	SortCity    Sort = "city"
	SortViews   Sort = "views"
	SortViews7d Sort = "views7d"
	SortID      Sort = "id"
)

// Sorts are the sort names, for flags and help.
var Sorts = []Sort{SortCreated, SortTitle, SortPrice, SortStatus, SortCity, SortViews, SortViews7d, SortID}

// order is each sort's ORDER BY and whether it runs high to low by default (the most
// viewed, the newest first; words and prices from the lowest).
var order = map[Sort]struct {
	expr string
	desc bool
}{
	SortCreated: {"created_at", true},
	SortTitle:   {"title_key", false},
	SortPrice:   {"currency, price_num", false},
	SortStatus:  {"status", false},
	SortCity:    {"city IS NULL, city", false},
	SortViews:   {"views", true},
	SortViews7d: {"views_7d", true},
	SortID:      {"id", true},
}

// ParseSort reads a sort name; the error lists the names.
func ParseSort(s string) (Sort, error) {
	if _, ok := order[Sort(s)]; ok {
		return Sort(s), nil
	}
	names := make([]string, len(Sorts))
	for i, s := range Sorts {
		names[i] = string(s)
	}
	return "", fmt.Errorf("unknown sort %q: use one of %s", s, strings.Join(names, ", "))
}

// Query is a search of the mirror. The zero Query is every listed listing, newest
// first.
type Query struct {
	Text    string     // words typed by the user; each matches a word beginning (see Match)
	Status  api.Status // "" or all: every state
	Sort    Sort
	Reverse bool // against the sort's usual direction
	Limit   int  // 0: no limit
	Gone    bool // include listings missing from the last complete sync
	Full    bool // Search reads the condition and the photos too (an export's columns)
	// Filter narrows it further: what a saved view asks (filter.go).
	Filter
}

// folds are the Cyrillic letters people often type without their marks: SQLite's
// remove_diacritics folds Latin script only.
var folds = strings.NewReplacer("ё", "е", "Ё", "Е", "ґ", "г", "Ґ", "Г", "ї", "і", "Ї", "І", "ў", "у", "Ў", "У")

// Fold is the text as the search index holds it (the SQL function fold): the Cyrillic
// letters above without their marks; case and Latin diacritics are FTS5's to fold.
func Fold(s string) string { return folds.Replace(s) }

func init() {
	registerText("fold", Fold)
	registerText("key", Key)
}

// registerText makes fn the SQL function name of one text argument; any other value
// passes through. The file's index and columns depend on them: a failure stops the
// program at once rather than leave a mirror that cannot be searched.
func registerText(name string, fn func(string) string) {
	err := sqlite.RegisterDeterministicScalarFunction(name, 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case string:
			return fn(v), nil
		case []byte:
			return fn(string(v)), nil
		}
		return args[0], nil
	})
	if err != nil {
		panic("mirror: register " + name + ": " + err.Error())
	}
}

// Match turns what a user typed into an FTS5 query: every word (a run of letters and
// digits) quoted and matched as a prefix, all of them required. The text never
// reaches FTS5 as syntax, so quotes, stars, NEAR, column filters or a lone "-" are
// just separators. "" means no words (every listing).
func Match(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) })
	for i, w := range words {
		words[i] = `"` + Fold(w) + `"*`
	}
	return strings.Join(words, " ")
}

// where builds the query's filter and its arguments.
func (q Query) where() (string, []any) {
	var conds []string
	var args []any
	if !q.Gone {
		conds = append(conds, "gone_at IS NULL")
	}
	if q.Status != "" && q.Status != api.StatusAll {
		conds = append(conds, "status = ?")
		args = append(args, string(q.Status))
	}
	if m := Match(q.Text); m != "" {
		conds = append(conds, "id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?)")
		args = append(args, m)
	}
	conds, args = q.Filter.where(conds, args)
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func (q Query) orderBy() string {
	o, ok := order[q.Sort]
	if !ok {
		o = order[SortCreated]
	}
	desc := o.desc != q.Reverse
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	var parts []string
	for _, col := range strings.Split(o.expr, ",") {
		col = strings.TrimSpace(col)
		if strings.HasSuffix(col, " IS NULL") { // missing values stay last either way
			parts = append(parts, col)
			continue
		}
		parts = append(parts, col+dir)
	}
	tie := " DESC" // ties newest first, the other way when reversed
	if q.Reverse {
		tie = " ASC"
	}
	if q.Sort == SortID {
		tie = dir
	}
	s := " ORDER BY " + strings.Join(parts, ", ") + ", id" + tie
	if q.Limit > 0 {
		s += fmt.Sprintf(" LIMIT %d", q.Limit)
	}
	return s
}

// Search returns the listings that match q, in its order.
func (d *DB) Search(ctx context.Context, q Query) ([]Row, error) {
	// The rows are counted first (through an index, 2–8 ms for 10 000) unless a small
	// limit bounds them: held in one array of their size, 10 000 rows are 2.8 MB once,
	// where an array doubled as they came allocated 9 MB and copied them 15 times.
	n := q.Limit
	if n <= 0 || n > maxUncounted {
		where, args := q.where()
		var all int
		if err := d.conn().QueryRowContext(ctx, "SELECT count(*) FROM listings"+where, args...).Scan(&all); err != nil {
			return nil, fmt.Errorf("mirror: search: %w", err)
		}
		if n <= 0 || all < n {
			n = all
		}
	}
	out := make([]Row, 0, n)
	if err := d.Each(ctx, q, func(r Row) error { out = append(out, r); return nil }); err != nil {
		return nil, err
	}
	return out, nil
}

// Each calls fn with every listing that matches q, in its order, one at a time: a
// caller that keeps the rows in a form of its own (a table's) holds no []Row of them
// besides (2.8 MB for 10 000 listings). An error of fn stops the read and is returned.
func (d *DB) Each(ctx context.Context, q Query, fn func(Row) error) error {
	where, args := q.where()
	cols := rowColumns
	if q.Full {
		cols += ", condition, photos"
	}
	rows, err := d.conn().QueryContext(ctx, "SELECT "+cols+" FROM listings"+where+q.orderBy(), args...)
	if err != nil {
		return fmt.Errorf("mirror: search: %w", err)
	}
	defer rows.Close()
	var condition, photos sql.NullString
	var extra []any
	if q.Full {
		extra = []any{&condition, &photos}
	}
	rr := newRowReader(extra...)
	for rows.Next() {
		r, err := rr.read(rows)
		if err != nil {
			return fmt.Errorf("mirror: search: %w", err)
		}
		if q.Full {
			r.Condition, r.Photos = nullString(condition), splitPhotos(photos)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mirror: search: %w", err)
	}
	return nil
}

// maxUncounted is the largest limit whose rows Search holds without counting them
// first.
const maxUncounted = 1000

// SearchIDs returns only the ids that match q, in its order: what a view holding the
// rows already needs for each key typed.
func (d *DB) SearchIDs(ctx context.Context, q Query) ([]int, error) {
	where, args := q.where()
	ids, err := d.ids(ctx, "SELECT id FROM listings"+where+q.orderBy(), args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return ids, nil
}
