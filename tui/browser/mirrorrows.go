package browser

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
)

// The mirror's rows in the browser's memory (mirror.go says what they serve): read
// in the table's form, one at a time, and shown by the tabs as views (store.go).

// mirrorRowsMsg answers readMirror: the rows of the mirror, in the table's form.
type mirrorRowsMsg struct {
	rows     *rowStore // ids into a table of their own until taken (adopt)
	counts   map[api.Status]int
	synced   time.Time // zero: the mirror could not be read, or was never synced
	started  time.Time
	lang     string
	complete bool
}

// yieldRows is how many rows readMirror reads between two yields of its processor.
const yieldRows = 16

// readMirror reads every row (limit 0) or the first limit of status st, in the
// mirror's order (id, highest first, as the sandbox pages), each made a table row as
// it comes: no []mirror.Row of 10 000 (2.8 MB) nor a map of their api.Listing is
// held. It runs off the event loop, so the rows' repeated strings go to a table of
// their own, which adopt maps into the model's. A row whose title or URL equals what
// the tabs already hold of that listing (have, see heldStrings) takes their string: the
// copy read is dropped at once, so a read after a sync holds no second copy of
// 10 000 titles and URLs (1.7 MB) while the tabs still show the first.
func readMirror(db Mirror, st api.Status, limit int, have []heldStrs) mirrorRowsMsg {
	ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
	defer cancel()
	last, ok, err := db.LastSync(ctx)
	if err != nil || !ok {
		return mirrorRowsMsg{}
	}
	msg := mirrorRowsMsg{synced: last.Finished, started: last.Started, lang: last.Lang}
	if lc, ok, err := db.LastComplete(ctx); err == nil && ok && lc.Lang == last.Lang {
		msg.complete = true
		if msg.synced.IsZero() { // a sync running now: the rows are at least the last complete one's
			msg.synced = lc.Finished
		}
	}
	t := newStrtab()
	rows := newStore(t)
	counts := map[api.Status]int{}
	var own []*string // strings the tabs do not hold: packed a chunk at a time (pack)
	err = db.Each(ctx, mirror.Query{Status: st, Sort: mirror.SortID, Limit: limit}, func(mr mirror.Row) error {
		p := rows.grow() // the mirror's rows are found by id (search), not by a map
		*p = t.newRow(mr.Listing, "", false)
		p.gain = int32(mr.Views7d)
		counts[rows.status(p)]++
		for len(have) > 0 && have[0].id > p.id {
			have = have[1:]
		}
		var h heldStrs
		if len(have) > 0 && have[0].id == p.id {
			h = have[0]
		}
		if h.title == p.title {
			p.title = h.title
		} else {
			own = append(own, &p.title)
		}
		if h.url == p.url {
			p.url = h.url
		} else {
			own = append(own, &p.url)
		}
		if rows.n%chunkRows == 0 {
			pack(own)
			own = own[:0]
		}
		if rows.n%yieldRows == 0 {
			// SQLite's steps never block: a read of thousands of rows kept a
			// processor from the event loop until Go's 10 ms preemption.
			runtime.Gosched()
		}
		return nil
	})
	pack(own)
	if err != nil {
		return mirrorRowsMsg{}
	}
	msg.rows, msg.counts = &rows, counts
	return msg
}

// adopt keeps the rows msg read: their repeated strings move to the model's table
// (a few hundred ids to look up, then eight per row), and the lowercase titles are
// made when the rows carry them. The rows they replace stay with the views that show
// them until those are filled again.
func (m *Model) adopt(msg mirrorRowsMsg) {
	m.mir.synced = msg.synced
	rows := msg.rows
	if rows == nil {
		rows = &rowStore{}
	}
	if own := rows.tab; own != nil && own != m.strs {
		ids := make([]sid, len(own.strs))
		for i, s := range own.strs {
			ids[i] = m.strs.id(s)
		}
		for j := range rows.len() {
			r := rows.at(j)
			r.status, r.price, r.priceS, r.currency = ids[r.status], ids[r.price], ids[r.priceS], ids[r.currency]
			r.city, r.cityKey, r.created, r.pType = ids[r.city], ids[r.cityKey], ids[r.created], ids[r.pType]
			r.urlDir = ids[r.urlDir]
			if m.keyed && r.titleKey == "" {
				r.titleKey = strings.ToLower(r.title)
			}
		}
	}
	rows.tab = m.strs
	m.mir.rows = rows
}

// inMirror finds listing id among the mirror's rows (they are in id order, highest
// first, as readMirror asks for them): its index, or false.
func (m *Model) inMirror(id int) (int, bool) {
	if m.mir.rows == nil {
		return 0, false
	}
	return m.mir.rows.search(id)
}

// gainOf is listing id's views gained in 7 days, by the mirror.
func (m *Model) gainOf(id int) int32 {
	if j, ok := m.inMirror(id); ok {
		return m.mir.rows.at(j).gain
	}
	return 0
}

// readRest reads every row of the mirror after the first frame, when New showed only
// its first page.
func (m Model) readRest() tea.Cmd {
	if m.mir.db == nil || !slices.Contains(m.mir.partial[:], true) {
		return nil
	}
	db, have := m.mir.db, m.heldStrings()
	return func() tea.Msg { return readMirror(db, "", 0, have) }
}

// readAll reads every row of the mirror (onMirrorRows takes them).
func (m *Model) readAll() tea.Cmd {
	if m.mir.db == nil {
		return nil
	}
	db, have := m.mir.db, m.heldStrings()
	return func() tea.Msg { return readMirror(db, "", 0, have) }
}

// heldStrs are the strings the tabs hold of one listing, for a read of the mirror to
// take (readMirror). Strings never change, so the read may keep them off the loop.
type heldStrs struct {
	id         int
	title, url string
}

// heldStrings is what the tabs and the mirror's rows hold of each listing, in id order,
// highest first (the order of a read), one entry a listing.
func (m *Model) heldStrings() []heldStrs {
	n := 0
	if m.mir.rows != nil {
		n = m.mir.rows.len()
	}
	for si := range m.srcs {
		n += m.srcs[si].rows.n
	}
	out := make([]heldStrs, 0, n)
	add := func(r *row) { out = append(out, heldStrs{id: r.id, title: r.title, url: r.url}) }
	if base := m.mir.rows; base != nil {
		for j := range base.len() {
			add(base.at(j))
		}
	}
	for si := range m.srcs {
		rs := &m.srcs[si].rows
		for i := range rs.n { // its own rows: a view's others are the mirror's, above
			if r := rs.own(i); !r.extra {
				add(r)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b heldStrs) int { return b.id - a.id })
	return slices.CompactFunc(out, func(a, b heldStrs) bool { return a.id == b.id })
}
