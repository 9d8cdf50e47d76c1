package browser

import (
	"slices"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// With a complete mirror (its last complete sync is of every listing) in the
// language on screen, every tab holds every listing of its status, as the latest of
// three sources says it:
//   - the mirror's rows, as of its last sync;
//   - the service's first page of each tab (the refresh on the way to a tab, r, the
//     moderation tab's own), when it came after that sync began: its rows come first,
//     in the service's order, then the mirror's others in the mirror's (id, highest
//     first, as the sandbox pages: docs/sandbox.md);
//   - the app's own changes (msgs.ListingChanged: a status changed, an edit, a
//     detail loaded), when they came after that sync began: a sync that began later
//     saw them.
// So sorting and G work over every listing without a request, and a tab's count is
// of every listing (count.go). The tabs are filled again when the rows are read
// after a sync, when a first page comes, and when a listing comes to a tab's status.
// Without such a mirror the tabs page the service as before (load.go, walk.go).

// localChange is a change the app made or learnt, and when.
type localChange struct {
	at       time.Time
	msg      msgs.ListingChanged
	from, to api.Status // the listing's status before and after ("" unknown)
}

// mirrorMode reports whether the tabs hold every listing of the mirror.
func (m *Model) mirrorMode() bool {
	return m.mir.db != nil && m.mir.complete && !m.mir.synced.IsZero() && m.sameLang()
}

// overlaid is what came after the mirror's last sync began: the listings it says
// otherwise, and the ids of those it lacks, in the order they came.
type overlaid struct {
	by  map[int]overlay
	new []int
}

type overlay struct {
	l  api.Listing
	pt string // the price type, known from a detail only
	at time.Time
}

// fresh reports whether what came at t is newer than the mirror's rows.
func (m *Model) fresh(t time.Time) bool { return t.After(m.mir.started) }

func (m *Model) overlaid() *overlaid {
	o := &overlaid{by: map[int]overlay{}}
	put := func(id int, v overlay) {
		if _, ok := o.by[id]; !ok {
			if _, held := m.mir.rows[id]; !held {
				o.new = append(o.new, id)
			}
		}
		o.by[id] = v
	}
	for si := range m.srcs {
		s := &m.srcs[si]
		if !m.fresh(s.pageAt) {
			continue
		}
		for _, l := range s.page {
			if !l.HasID() {
				continue // no mirror's row to stand for (fillMirror adds it)
			}
			if v, ok := o.by[l.ID]; !ok || v.at.Before(s.pageAt) {
				put(l.ID, overlay{l: l, at: s.pageAt})
			}
		}
	}
	for _, e := range m.mir.local {
		if !m.fresh(e.at) {
			continue
		}
		base, ok := o.by[e.msg.ID]
		if !ok {
			l, held := m.mir.rows[e.msg.ID]
			if !held && e.msg.Listing == nil {
				continue // only a status of a listing known nowhere
			}
			base = overlay{l: l}
		}
		if base.at.After(e.at) {
			continue // a page said more since
		}
		l, pt := changed(base.l, base.pt, e.msg)
		put(e.msg.ID, overlay{l: l, pt: pt, at: e.at})
	}
	return o
}

// changed is l (of price type pt) after msg.
func changed(l api.Listing, pt string, msg msgs.ListingChanged) (api.Listing, string) {
	if msg.Listing != nil {
		nl := msg.Listing.Listing
		nl.ID = msg.ID
		if nl.URL == "" {
			nl.URL = l.URL
		}
		l, pt = nl, termtext.Clean(msg.Listing.PriceType)
	}
	if msg.Status != "" {
		l.Status = msg.Status
	}
	if msg.Price != nil && msg.Listing == nil {
		l.Price = *msg.Price
	}
	return l, pt
}

// fillAll fills every tab from the mirror (mirrorMode); a next page on its way is
// given up, the mirror holds the rest.
func (m *Model) fillAll() {
	o := m.overlaid()
	for si := range m.srcs {
		s := &m.srcs[si]
		if s.loading && !s.reset && s.cancel != nil {
			s.cancel()
			s.loading = false
		}
		m.fillMirror(si, o)
		m.mir.partial[si] = false
	}
	for ti := range m.tabs {
		m.tabs[ti].toEnd = false
	}
}

// fillMirror gives source si every listing of its status (see above).
func (m *Model) fillMirror(si int, o *overlaid) {
	s := &m.srcs[si]
	s.rows, s.byID = newStore(m.strs), make(map[int]int, len(s.byID))
	s.away, s.dirty, s.extra, s.modExtra = 0, false, 0, 0
	add := func(id int) {
		if _, dup := s.byID[id]; dup {
			return
		}
		l, pt := m.mir.rows[id], ""
		if v, ok := o.by[id]; ok {
			l, pt = v.l, v.pt
		} else if l.ID == 0 {
			return
		}
		if s.status != api.StatusAll && api.Status(termtext.Clean(string(l.Status))) != s.status {
			return
		}
		s.byID[id] = s.rows.len()
		m.share(si, s.rows.push(m.newRow(l, pt, s.rows.len(), false)))
	}
	pageFresh := m.fresh(s.pageAt)
	if pageFresh {
		for _, l := range s.page {
			if !l.HasID() {
				// The mirror cannot hold it (it keeps listings by id): the page
				// shows it, each one its own row.
				if s.status == api.StatusAll || api.Status(termtext.Clean(string(l.Status))) == s.status {
					s.rows.push(m.newRow(l, "", s.rows.len(), false))
				}
				continue
			}
			add(l.ID)
		}
	}
	for _, id := range o.new {
		add(id)
	}
	for _, id := range m.mir.order {
		add(id)
	}
	s.loaded, s.next = true, nil
	m.mir.from[si] = !pageFresh
	s.version++
	m.measure(si)
}

// maxLocal bounds the changes kept between two syncs (a session offline for a day
// still learns a detail per blocked row on screen): the oldest go first.
const maxLocal = 5000

// learnLocal notes a change for the fills to come: a fill after it, until a sync
// begun after it, shows the listing so.
func (m *Model) learnLocal(msg msgs.ListingChanged, from, to api.Status) {
	if m.mir.db == nil {
		return
	}
	keep := m.mir.local[max(len(m.mir.local)-maxLocal+1, 0):]
	m.mir.local = append(slices.Clip(keep), localChange{at: m.now(), msg: msg, from: from, to: to})
}

// pruneLocal forgets the changes a sync begun after them saw.
func (m *Model) pruneLocal() {
	keep := m.mir.local[:0:0]
	for _, e := range m.mir.local {
		if m.fresh(e.at) {
			keep = append(keep, e)
		}
	}
	m.mir.local = keep
}

// localInLang drops what the changes say of titles and cities (a detail's, in the
// language before L), keeping the status and the price, which no language changes.
func (m *Model) localInLang() {
	out := make([]localChange, 0, len(m.mir.local))
	for _, e := range m.mir.local {
		if e.msg.Listing != nil {
			if e.msg.Status == "" {
				e.msg.Status = e.msg.Listing.Status
			}
			if e.msg.Price == nil {
				p := e.msg.Listing.Price
				e.msg.Price = &p
			}
			e.msg.Listing = nil
		}
		out = append(out, e)
	}
	m.mir.local = out
}

// statusOf is what the app knows of listing id's status: from a tab holding it, else
// from the mirror; "" when neither does.
func (m *Model) statusOf(id int) api.Status {
	for si := len(m.srcs) - 1; si >= 0; si-- { // "all" first
		if i, ok := m.srcs[si].byID[id]; ok {
			rs := &m.srcs[si].rows
			return rs.status(rs.at(i))
		}
	}
	if l, ok := m.mir.rows[id]; ok {
		return api.Status(termtext.Clean(string(l.Status)))
	}
	return ""
}
