package mirror

import (
	"database/sql"
	"time"

	"github.com/listings-tui/listings/api"
)

// rowReader reads rows of rowColumns (and the extra columns a query adds after them)
// one after another into the same variables, so that a read of every row of the
// mirror allocates little more than what the rows keep; and the strings many rows
// share (currency, status, city, price) are kept once, not once a row.
type rowReader struct {
	r                      Row
	price, currency, state string
	city                   sql.NullString
	created                int64
	gone                   sql.NullInt64
	dest                   []any
	same                   map[string]string
}

// maxShared bounds the strings a read keeps once: past it, a new value is kept as it
// came (a shop's every price different costs no more than before).
const maxShared = 1024

func newRowReader(extra ...any) *rowReader {
	rr := &rowReader{}
	rr.dest = append([]any{&rr.r.ID, &rr.r.Title, &rr.price, &rr.currency, &rr.state, &rr.city, &rr.r.Views,
		&rr.r.VIP, &rr.r.Top, &rr.r.URL, &rr.created, &rr.r.Views7d, &rr.gone, &rr.r.HasDetail}, extra...)
	return rr
}

// read scans the next row.
func (rr *rowReader) read(s scanner) (Row, error) {
	rr.r = Row{}
	if err := s.Scan(rr.dest...); err != nil {
		return Row{}, err
	}
	r := rr.r
	r.Currency, r.Status = rr.once(rr.currency), api.Status(rr.once(rr.state))
	if rr.price != "" {
		r.Price, _ = api.ParsePrice(rr.once(rr.price))
	}
	if rr.city.Valid {
		c := rr.once(rr.city.String)
		r.City = &c
	}
	if rr.created != 0 {
		r.CreatedAt = api.Time{Time: time.Unix(rr.created, 0).In(api.Kyiv)}
	}
	if rr.gone.Valid {
		r.Gone = time.Unix(rr.gone.Int64, 0).In(api.Kyiv)
	}
	return r, nil
}

// once returns the string equal to s that this read already keeps, or s.
func (rr *rowReader) once(s string) string {
	if v, ok := rr.same[s]; ok {
		return v
	}
	if rr.same == nil {
		rr.same = map[string]string{}
	}
	if len(rr.same) < maxShared {
		rr.same[s] = s
	}
	return s
}
