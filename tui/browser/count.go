package browser

import (
	"strconv"

	"github.com/listings-tui/listings/api"
)

// Every count on screen (the tabs' counts, the footer's position, the progress of a
// load) comes from total, so that they agree:
//   - a source whose every listing is held (every page loaded, or every listing of a
//     complete mirror in the language on screen, mirrorfill.go) counts the listings of
//     its status it holds: a row that left the status since (x, a review) stays on
//     screen until a refresh but no longer counts, in the tab or in the position;
//   - else, with a complete mirror (in any language: a count does not depend on it),
//     the mirror's counts, moved by what the app changed since its sync;
//   - else the rows loaded, with "+" while more pages exist;
//   - a tab dropped with the language (L) or a reload keeps the count it had until
//     its first page comes (carry), moved by the app's changes meanwhile.

// tally is a tab's count: n listings, more when there may be more than n.
type tally struct {
	n          int
	more, isOK bool
}

func (c tally) String() string {
	s := strconv.Itoa(c.n)
	if c.more {
		s += "+"
	}
	return s
}

// held is what built-in tab ti's source holds of the tab's listings: its members less the
// rows that left its status and those a search added.
func (m *Model) held(ti int) int {
	s := &m.srcs[tabDefs[ti].src]
	if tabDefs[ti].moderation {
		return s.modCount - s.modExtra
	}
	return s.rows.len() - s.away - s.extra
}

// complete reports whether source si holds every listing of its status.
func (m *Model) complete(si int) bool {
	s := &m.srcs[si]
	return s.loaded && s.next == nil && !m.mir.partial[si] && !(m.mir.from[si] && !m.mir.complete)
}

// total is tab ti's count (see above); isOK is false when nothing is known yet.
func (m *Model) total(ti int) tally {
	if v := m.viewOf(ti); v != nil {
		return m.viewTotal(ti, v)
	}
	si := tabDefs[ti].src
	s := &m.srcs[si]
	switch {
	case m.complete(si):
		return tally{n: m.held(ti), isOK: true}
	case m.mir.complete && m.mir.counts != nil:
		n := m.mirrorTotal(ti)
		if s.loaded {
			n = max(n, m.held(ti))
		}
		return tally{n: n, isOK: true}
	case m.mir.partial[si]: // the first frame of a mirror whose last sync did not end
		return tally{n: m.mirrorTotal(ti), more: true, isOK: true}
	case !s.loaded:
		return m.carry[ti]
	}
	return tally{n: m.held(ti), more: s.next != nil || m.mir.from[si], isOK: true}
}

// mirrorTotal is tab ti's count by the mirror's counts, moved by the app's changes
// since its last sync began.
func (m *Model) mirrorTotal(ti int) int {
	d := tabDefs[ti]
	st := m.srcs[d.src].status
	c := m.mir.counts
	n := 0
	switch {
	case d.moderation:
		n = c[api.StatusPending] + c[api.StatusBlocked]
	case st == api.StatusAll:
		for _, v := range c {
			n += v
		}
		return n
	default:
		n = c[st]
	}
	for _, e := range m.mir.local {
		if !e.at.After(m.mir.started) || e.from == e.to || e.from == "" {
			continue
		}
		if m.inTab(ti, e.to) {
			n++
		}
		if m.inTab(ti, e.from) {
			n--
		}
	}
	return max(n, 0)
}

// inTab reports whether a listing of status st counts in tab ti (of a view: may).
func (m *Model) inTab(ti int, st api.Status) bool {
	if v := m.viewOf(ti); v != nil {
		return v.def.status == "" || string(st) == v.def.status || v.def.status == "moderation" && isModeration(st)
	}
	d := tabDefs[ti]
	switch {
	case d.moderation:
		return isModeration(st)
	case sourceStatus[d.src] == api.StatusAll:
		return true
	}
	return st == sourceStatus[d.src]
}

// carryCounts keeps every tab's count before a reload drops the rows: a listing's
// status does not depend on the language. more marks them as lower bounds (a reload
// after an import or a save: listings were added).
func (m *Model) carryCounts(more bool) {
	var c [maxTabs]tally
	for ti := range m.numTabs() {
		c[ti] = m.total(ti)
		c[ti].more = c[ti].more || more && c[ti].isOK
	}
	m.carry = c
}

// carryMove moves the carried counts with a listing that changed from one status
// to another.
func (m *Model) carryMove(from, to api.Status) {
	if from == to || from == "" {
		return
	}
	for ti := range m.carry {
		c := &m.carry[ti]
		if !c.isOK || m.srcs[m.def(ti).src].loaded {
			continue
		}
		if m.inTab(ti, to) {
			c.n++
		}
		if m.inTab(ti, from) {
			c.n = max(c.n-1, 0)
		}
	}
}

// moved reports whether row r of source si left the source's status since it was
// loaded: it stays on screen but is not counted.
func (m *Model) moved(si int, r *row) bool {
	s := &m.srcs[si]
	return s.away > 0 && s.status != api.StatusAll && s.rows.status(r) != s.status
}

// position is the footer's "k/n": the cursor's place among the listings the tab
// counts, of its total (of the filter's matches while a filter is on); "–/n" on a
// row that left the tab's status.
func (m *Model) position() string {
	t := &m.tabs[m.cur]
	if len(t.vis) == 0 {
		return ""
	}
	si := m.def(m.cur).src
	rows := &m.srcs[si].rows
	k, shown := t.cursor+1, len(t.vis)
	if m.srcs[si].away > 0 {
		for i, x := range t.vis {
			if m.moved(si, rows.at(x)) {
				shown--
				if i <= t.cursor {
					k--
				}
			}
		}
	}
	var n tally
	if m.query != "" {
		n = tally{n: shown, isOK: true}
	} else {
		n = m.total(m.cur)
	}
	head := strconv.Itoa(k)
	if t.cursor < len(t.vis) && m.moved(si, rows.at(t.vis[t.cursor])) {
		head = "–"
	}
	return head + "/" + n.String()
}
