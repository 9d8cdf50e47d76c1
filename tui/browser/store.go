package browser

import (
	"sort"
	"strings"

	"github.com/listings-tui/listings/api"
)

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
	s = strings.Clone(s) // s may be part of a longer string that the table must not keep
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
// A store may be a view of the mirror's rows instead (mirrorfill.go): with a complete
// mirror every tab holds every listing of its status, and copies of the rows for the
// "all" list and each status list took 1.3 MB per 10 000 listings each, on top of the
// mirror's own. A view names the shared rows it shows (sel) and keeps only the rows
// it has of its own (a first page from the service, a change the app made, a match
// a search added) in its chunks. The shared rows are never changed through a view:
// mut copies a row into the view's own chunks first.
//
// Like the slice it replaces, a copy of the store (the model is copied by Update's
// value receiver) shares the rows already there, and a reset (a new store) leaves
// older copies theirs.
type rowStore struct {
	chunks []*[chunkRows]row
	n      int
	tab    *strtab     // the table the rows' ids refer to
	ids    map[int]int // listing id → its row's index, for the rows of the store's own
	// shared is the mirror's rows a view shows (nil: not a view); row i of the view is
	// shared's row sel[i] when sel[i] ≥ 0, else its own row -sel[i]-1. picked finds
	// the shared rows in the view (index+1 of shared row j; 0: not shown), 4 bytes a
	// listing where the map took 28.
	shared *rowStore
	sel    []int32
	picked []int32
}

func newStore(t *strtab) rowStore { return rowStore{tab: t, ids: map[int]int{}} }

// newView is an empty view of base, whose ids refer to t too.
func newView(t *strtab, base *rowStore) rowStore {
	if base == nil {
		return newStore(t)
	}
	return rowStore{tab: t, ids: map[int]int{}, shared: base, sel: []int32{}, picked: make([]int32, base.len())}
}

func (rs *rowStore) len() int {
	if rs.shared != nil {
		return len(rs.sel)
	}
	return rs.n
}

func (rs *rowStore) at(i int) *row {
	if rs.shared != nil {
		j := int(rs.sel[i])
		if j >= 0 {
			return rs.shared.own(j)
		}
		i = -j - 1
	}
	return rs.own(i)
}

func (rs *rowStore) own(i int) *row { return &rs.chunks[i/chunkRows][i%chunkRows] }

// push appends r and returns where it is kept.
func (rs *rowStore) push(r row) *row {
	if rs.ids == nil {
		rs.ids = map[int]int{}
	}
	if r.id > 0 { // a listing whose id could not be read is found by none
		rs.ids[r.id] = rs.len()
	}
	p := rs.grow()
	*p = r
	if rs.shared != nil {
		rs.sel = append(rs.sel, int32(-rs.n))
	}
	return p
}

// grow adds a row of the store's own, after the others.
func (rs *rowStore) grow() *row {
	if rs.n == len(rs.chunks)*chunkRows {
		rs.chunks = append(rs.chunks, new([chunkRows]row))
	}
	rs.n++
	return rs.own(rs.n - 1)
}

// pick appends the shared row j to a view.
func (rs *rowStore) pick(j int) {
	rs.sel = append(rs.sel, int32(j))
	rs.picked[j] = int32(len(rs.sel))
}

// find returns the index of listing id's row, or false.
func (rs *rowStore) find(id int) (int, bool) {
	if i, ok := rs.ids[id]; ok {
		return i, true
	}
	if rs.shared != nil {
		if j, ok := rs.shared.search(id); ok && rs.picked[j] > 0 {
			return int(rs.picked[j]) - 1, true
		}
	}
	return 0, false
}

// search finds listing id in a store whose rows are in id order, highest first (the
// mirror's, as readMirror reads them).
func (rs *rowStore) search(id int) (int, bool) {
	n := rs.len()
	j := sort.Search(n, func(j int) bool { return rs.at(j).id <= id })
	return j, j < n && rs.at(j).id == id
}

// mut returns row i to be changed: a shared row is copied into the view's own rows
// first, so that the mirror's rows and the other views keep theirs.
func (rs *rowStore) mut(i int) *row {
	if rs.shared == nil || rs.sel[i] < 0 {
		return rs.at(i)
	}
	p := rs.grow()
	*p = *rs.shared.own(int(rs.sel[i]))
	rs.sel[i] = int32(-rs.n) // picked still finds it at i
	return p
}

func (rs *rowStore) str(i sid) string { return rs.tab.strs[i] }

func (rs *rowStore) status(r *row) api.Status { return api.Status(rs.tab.strs[r.status]) }
