package browser

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
)

// The filter (/) over the local mirror: every key asks the mirror for the listings
// whose title, description, city or id has a word starting so (the local filter
// shows meanwhile); the matches a tab lacks join it from the mirror's rows for as
// long as the filter lasts (row.extra), never counted in the tab, and leave with it.

// hitsMsg answers searchMirror.
type hitsMsg struct {
	seq   int
	query string
	ids   []int
	err   error
	// counted: described and listed were read (the first key of a search).
	counted           bool
	described, listed int
}

// searchMirror asks the mirror for the filter q; the local filter shows meanwhile.
func (m *Model) searchMirror(q string) tea.Cmd {
	if m.mir.db == nil {
		return nil
	}
	m.mir.seq++
	if q == "" {
		m.mir.hits, m.mir.hitsQ, m.mir.hitIDs = nil, "", nil
		return nil
	}
	db, seq, first := m.mir.db, m.mir.seq, m.mir.hitsQ == ""
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
		defer cancel()
		ids, err := db.SearchIDs(ctx, mirror.Query{Text: q})
		msg := hitsMsg{seq: seq, query: q, ids: ids, err: err}
		if first && err == nil {
			var derr error
			msg.described, msg.listed, derr = db.Described(ctx)
			msg.counted = derr == nil
		}
		return msg
	}
}

// onHits applies the mirror's matches: those not loaded join their tabs from the
// mirror's rows, and every tab filters by the matches.
func (m Model) onHits(msg hitsMsg) (Model, tea.Cmd) {
	if msg.seq != m.mir.seq || msg.err != nil {
		return m, nil // superseded; or the file failed: the local filter stays
	}
	hits := make(map[int]bool, len(msg.ids))
	for _, id := range msg.ids {
		hits[id] = true
	}
	m.mir.hits, m.mir.hitsQ, m.mir.hitIDs = hits, msg.query, msg.ids
	if msg.counted {
		m.mir.described, m.mir.listed = msg.described, msg.listed
	}
	m.addHits()
	m.ensure(m.cur)
	m.cols = m.computeLayout()
	return m, nil
}

// addHits adds the mirror's matches that a tab lacks from the mirror's rows (row.extra);
// once more when the rows come after the matches (read after the first frame).
func (m *Model) addHits() {
	for si := range m.srcs {
		if !m.sameLang() {
			break // the mirror's titles are in another language: only its ids filter
		}
		s := &m.srcs[si]
		added := false
		for _, id := range m.mir.hitIDs {
			l, ok := m.mir.rows[id]
			if _, have := s.byID[id]; have || !ok || !s.loaded || (s.status != api.StatusAll && l.Status != s.status) {
				continue
			}
			s.byID[id] = s.rows.len()
			r := m.newRow(l, "", s.rows.len(), false)
			r.extra = true
			m.share(si, s.rows.push(r))
			added = true
		}
		if added {
			s.version++
			m.measure(si)
		}
	}
	for i := range m.tabs {
		m.tabs[i].visOK = false
	}
}

// dropExtra takes the rows a search added from the mirror out of every source: with
// the filter cleared, a tab shows what the service paged, and its count with it.
func (m *Model) dropExtra() {
	for si := range m.srcs {
		s := &m.srcs[si]
		if s.extra == 0 {
			continue
		}
		old := s.rows
		s.rows, s.byID = newStore(m.strs), make(map[int]int, old.len())
		for i := range old.len() {
			if r := *old.at(i); !r.extra {
				r.idx = int32(s.rows.len())
				if r.id > 0 { // a listing without a readable id is found by none
					s.byID[r.id] = s.rows.len()
				}
				s.rows.push(r)
			}
		}
		s.version++
		m.measure(si)
	}
}

// mirrorFilters reports whether the mirror's matches decide the filter now.
func (m *Model) mirrorFilters() bool {
	return m.mir.hits != nil && m.mir.hitsQ == m.query && m.query != ""
}

// filter keeps the indices whose row matches the filter q: the mirror's matches
// once they came (and the loaded rows it does not hold, by the local rule), the
// local rule until then.
func (m *Model) filter(idx []int, rows *rowStore, q string) []int {
	if !m.mirrorFilters() {
		return filterIdx(idx, rows, q)
	}
	out := make([]int, 0, len(idx))
	digits := allDigits(q)
	for _, i := range idx {
		r := rows.at(i)
		_, held := m.mir.rows[r.id]
		if m.mir.hits[r.id] || (!held || !m.sameLang()) && rows.matches(r, q, digits) {
			out = append(out, i)
		}
	}
	return out
}
