package browser

import "github.com/listings-tui/listings/api"

// sid names a string of a strtab; 0 is "".
type sid uint32

// strtab holds each string that repeats across rows once: statuses, cities and their
// lowercase forms, currencies, prices, price cells, dates. A row refers to them by
// 4-byte ids instead of 16-byte string headers pointing at copies of their own. It
// only grows with distinct values, which stay few next to the rows (a shop of 10 000
// listings has some hundreds); it is dropped with the rows of every tab (reloadAll).
// A copy of the model shares it, which is safe: ids already handed out never change.
type strtab struct {
	ids  map[string]sid
	strs []string
}

func newStrtab() *strtab {
	return &strtab{ids: map[string]sid{"": 0}, strs: []string{""}}
}

func (t *strtab) id(s string) sid {
	if i, ok := t.ids[s]; ok {
		return i
	}
	i := sid(len(t.strs))
	t.strs = append(t.strs, s)
	t.ids[s] = i
	return i
}

// chunkRows is the number of rows of a rowStore chunk (32 KB).
const chunkRows = 256

// rowStore is a source's rows, in chunks that never move. A slice grown by append
// copies itself each time it fills: towards 10 000 rows it would hold the old and
// the new array at once (2.5 MB each with a fatter row), which set the process's
// peak; a chunk is allocated once and only the last one has room to spare.
//
// Like the slice it replaces, a copy of the store (the model is copied by Update's
// value receiver) shares the rows already there, and a reset (a new store) leaves
// older copies theirs.
type rowStore struct {
	chunks []*[chunkRows]row
	n      int
	tab    *strtab // the table the rows' ids refer to
}

func newStore(t *strtab) rowStore { return rowStore{tab: t} }

func (rs *rowStore) len() int { return rs.n }

func (rs *rowStore) at(i int) *row { return &rs.chunks[i/chunkRows][i%chunkRows] }

// push appends r and returns where it is kept.
func (rs *rowStore) push(r row) *row {
	if rs.n == len(rs.chunks)*chunkRows {
		rs.chunks = append(rs.chunks, new([chunkRows]row))
	}
	p := rs.at(rs.n)
	*p = r
	rs.n++
	return p
}

func (rs *rowStore) str(i sid) string { return rs.tab.strs[i] }

func (rs *rowStore) status(r *row) api.Status { return api.Status(rs.tab.strs[r.status]) }
