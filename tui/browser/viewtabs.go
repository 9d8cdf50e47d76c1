package browser

import (
	"context"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// A view's tab shows the rows of the source of its status (the "all" list for
// pending, blocked, moderation or any status) that pass its filters, decided one
// of three ways (viewMode), never by a guess:
//   - by the mirror (viewMirror), when it is complete and holds what each filter
//     reads (mirror.Coverage): it answers with the ids that pass every filter but
//     the status, read after each sync; the rows' status, price and promotion, which
//     the app's own changes move, are checked on the rows;
//   - by the rows alone (viewByRows), when no filter needs the mirror: status, price,
//     currency, promotion and city from the rows, the words in the titles and
//     cities loaded (the mirror would search the descriptions too);
//   - not at all (viewCannot): a filter needs what the mirror does not hold (a
//     category without the details, photos without a sync, changes before its
//     history): the tab says which, and what to run, and shows no row.
// Every count of a view's tab comes from total (count.go) as every tab's.

type viewMode uint8

const (
	viewCannot viewMode = iota
	viewReading
	viewByRows
	viewMirror
)

// viewTab is a view's tab.
type viewTab struct {
	def viewDef
	src int
	// The mirror's answer, read after each sync: the ids passing every filter but
	// the status, and how many of them have the view's status; the filters it
	// cannot decide (why, and what to run); err when the read failed.
	ids   map[int]bool
	mirN  int
	read  bool
	lacks []string
	err   string
	mode  viewMode
	// held is how many rows of the source the view holds (without those a search
	// added), counted when the source or the mode changed.
	held    int
	heldFor [2]int // the source's version and the mode's generation
	gen     int
}

// viewSource is the source whose rows a view of status st filters.
func viewSource(st string) int {
	for si, s := range sourceStatus {
		if string(s) == st {
			return si
		}
	}
	return len(sourceStatus) - 1 // the "all" list
}

// numTabs is how many tabs there are: the built-in ones, then the views.
func (m *Model) numTabs() int { return len(tabDefs) + m.nViews }

// def is tab ti's definition.
func (m *Model) def(ti int) tabDef {
	if ti < len(tabDefs) {
		return tabDefs[ti]
	}
	v := &m.views[ti-len(tabDefs)]
	return tabDef{name: v.def.name, src: v.src}
}

// viewOf is tab ti's view, or nil for a built-in tab.
func (m *Model) viewOf(ti int) *viewTab {
	if ti < len(tabDefs) || ti >= m.numTabs() {
		return nil
	}
	return &m.views[ti-len(tabDefs)]
}

// needsMirror reports whether a filter of d reads what only the mirror holds.
func (d viewDef) needsMirror() bool {
	return d.category != 0 || d.changed > 0 || d.noPhotos || d.minPhotos > 0
}

// modeOf is how view v decides its rows now.
func (m *Model) modeOf(v *viewTab) viewMode {
	complete := m.mir.db != nil && m.mir.complete && !m.mir.synced.IsZero()
	switch {
	case complete && v.read && v.err == "" && len(v.lacks) == 0:
		return viewMirror
	case !v.def.needsMirror():
		return viewByRows
	case complete && !v.read:
		return viewReading
	}
	return viewCannot
}

// syncViews brings every view's mode and count up to date (ensure calls it): a tab
// whose mode changed orders its rows again.
func (m *Model) syncViews() {
	for vi := range m.nViews {
		v := &m.views[vi]
		if mode := m.modeOf(v); mode != v.mode {
			v.mode = mode
			v.gen++
			m.tabs[len(tabDefs)+vi].sortedFor.ok = false
		}
		s := &m.srcs[v.src]
		if key := [2]int{s.version, v.gen}; key != v.heldFor {
			v.heldFor, v.held = key, 0
			for i := range s.rows.len() {
				if r := s.rows.at(i); !r.extra && m.viewMember(v, &s.rows, r) {
					v.held++
				}
			}
		}
	}
}

// viewWords reports whether a view searches words in the titles (needKeys).
func (m *Model) viewWords() bool {
	for vi := range m.nViews {
		if m.views[vi].def.search != "" {
			return true
		}
	}
	return false
}

// viewMember reports whether row r of rs belongs to view v.
func (m *Model) viewMember(v *viewTab, rs *rowStore, r *row) bool {
	d := &v.def
	switch st := rs.status(r); {
	case v.mode == viewCannot || v.mode == viewReading:
		return false
	case d.status == "moderation" && !isModeration(st), d.status != "" && d.status != "moderation" && string(st) != d.status:
		return false
	case d.priceMin != nil && r.priceF < *d.priceMin, d.priceMax != nil && r.priceF > *d.priceMax,
		d.currency != "" && rs.str(r.currency) != d.currency,
		d.promoted != nil && *d.promoted != (r.vip || r.top):
		return false
	case v.mode == viewMirror:
		return v.ids[r.id]
	case d.city != "" && mirror.Fold(rs.str(r.cityKey)) != d.cityKey:
		return false
	}
	for _, w := range strings.Fields(d.search) {
		if !rs.matches(r, w, allDigits(w)) {
			return false
		}
	}
	return true
}

// viewTotal is view tab ti's count, as total says a tab's (count.go).
func (m *Model) viewTotal(ti int, v *viewTab) tally {
	s := &m.srcs[v.src]
	switch {
	case v.mode == viewCannot || v.mode == viewReading:
		return tally{}
	case m.complete(v.src):
		return tally{n: v.held, isOK: true}
	case v.mode == viewMirror && !s.loaded:
		return tally{n: v.mirN, isOK: true}
	case v.mode == viewMirror:
		return tally{n: max(v.mirN, v.held), isOK: true}
	case !s.loaded:
		return m.carry[ti]
	}
	return tally{n: v.held, more: s.next != nil || m.mir.from[v.src] || m.mir.partial[v.src], isOK: true}
}

// viewSetsMsg is the mirror's answer for every view.
type viewSetsMsg struct {
	seq  int
	sets []viewSet
	cov  mirror.Coverage
	err  error
}

type viewSet struct {
	ids map[int]bool
	n   int
	err error
}

// rereadViews asks the mirror for every view's answer again, an answer asked
// before dropped: the views or the mirror changed.
func (m *Model) rereadViews() tea.Cmd {
	m.viewSeq++
	return m.readViews()
}

// readViews asks the mirror for every view's answer, off the loop.
func (m Model) readViews() tea.Cmd {
	if m.mir.db == nil || m.nViews == 0 {
		return nil
	}
	db, seq, now := m.mir.db, m.viewSeq, m.now()
	defs := make([]viewDef, m.nViews)
	for i := range defs {
		defs[i] = m.views[i].def
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
		defer cancel()
		msg := viewSetsMsg{seq: seq}
		if msg.cov, msg.err = db.Coverage(ctx); msg.err != nil {
			return msg
		}
		for _, d := range defs {
			q := d.query(now)
			ids, err := db.SearchIDs(ctx, q)
			set := viewSet{ids: make(map[int]bool, len(ids)), err: err}
			for _, id := range ids {
				set.ids[id] = true
			}
			if err == nil {
				q.Statuses = d.statuses()
				n, cerr := db.SearchIDs(ctx, q)
				set.n, set.err = len(n), cerr
			}
			msg.sets = append(msg.sets, set)
		}
		return msg
	}
}

// onViewSets takes the mirror's answers, and what each view's filters lack.
func (m Model) onViewSets(msg viewSetsMsg) (Model, tea.Cmd) {
	if msg.seq != m.viewSeq {
		return m, nil // the views or the mirror changed since
	}
	for vi := range m.nViews {
		v := &m.views[vi]
		v.read, v.err, v.ids, v.mirN, v.lacks = true, "", nil, 0, nil
		switch {
		case msg.err != nil:
			v.err = msg.err.Error()
		case vi >= len(msg.sets):
		case msg.sets[vi].err != nil:
			v.err = msg.sets[vi].err.Error()
		default:
			v.ids, v.mirN = msg.sets[vi].ids, msg.sets[vi].n
			v.lacks = lacks(v.def, msg.cov, m.now())
		}
		v.gen++
		m.tabs[len(tabDefs)+vi].sortedFor.ok = false
	}
	m.ensure(m.cur)
	m.cols = m.computeLayout()
	return m, nil
}

// lacks are the filters of d the mirror cannot decide with cov, each with why and
// what makes it able.
func lacks(d viewDef, cov mirror.Coverage, now time.Time) []string {
	var out []string
	n := i18n.UI().Number
	if d.category != 0 && cov.Detailed < cov.Listed {
		out = append(out, i18n.N("browser.view.lacks.category", cov.Listed, "Have", n(cov.Detailed)))
	}
	if (d.noPhotos || d.minPhotos > 0) && cov.Photos < cov.Listed {
		out = append(out, i18n.N("browser.view.lacks.photos", cov.Listed, "Have", n(cov.Photos)))
	}
	if d.changed > 0 && (cov.History.IsZero() || cov.History.After(now.Add(-d.changed))) {
		since := i18n.T("browser.view.lacks.no_sync")
		if !cov.History.IsZero() {
			since = i18n.T("browser.view.lacks.since", "Time", format.Minute(cov.History))
		}
		out = append(out, i18n.T("browser.view.filter.changed", "Age", d.changedText)+": "+since)
	}
	return out
}

// viewEmpty is the body of a view's tab with no row to show, or nil when the
// built-in tabs' words say it.
func (m *Model) viewEmpty(v *viewTab) []string {
	switch v.mode {
	case viewReading:
		return []string{"", "  " + m.spin.View() + " " + i18n.T("browser.view.reading")}
	case viewCannot:
		out := []string{""}
		add := func(first, text string, style func(...string) string) {
			for i, l := range strings.Split(ansi.Wrap(text, max(m.width-4, 8), ""), "\n") {
				lead := "    "
				if i == 0 {
					lead = first
				}
				out = append(out, lead+style(l))
			}
		}
		plain := func(s ...string) string { return strings.Join(s, "") }
		add("  ", theme.WarningMark+" "+i18n.T("browser.view.cannot"), theme.Warning.Render)
		switch {
		case m.mir.db == nil:
			add("  · ", i18n.T("browser.view.cannot.no_mirror"), plain)
		case m.mir.synced.IsZero():
			add("  · ", i18n.T("browser.view.cannot.never_synced"), plain)
		case !m.mir.complete:
			add("  · ", i18n.T("browser.view.cannot.partial"), plain)
		case v.err != "":
			add("  · ", i18n.T("browser.view.cannot.read", "Err", v.err), plain)
		}
		for _, l := range v.lacks {
			add("  · ", l, plain)
		}
		out = append(out, "")
		add("  ", i18n.T("browser.view.cannot.filters", "Filters", strings.Join(v.def.mirrorFilters(), ", ")), theme.Muted.Render)
		return out
	}
	return nil
}

// mirrorFilters names the filters of d only the mirror decides.
func (d viewDef) mirrorFilters() []string {
	var out []string
	if d.category != 0 {
		out = append(out, i18n.T("browser.view.filter.category", "ID", strconv.Itoa(d.category)))
	}
	if d.changed > 0 {
		out = append(out, i18n.T("browser.view.filter.changed", "Age", d.changedText))
	}
	if d.noPhotos {
		out = append(out, i18n.T("browser.view.filter.no_photos"))
	} else if d.minPhotos > 0 {
		out = append(out, i18n.N("browser.view.filter.min_photos", d.minPhotos))
	}
	return out
}

// viewStatus is the status a status tab keeps, as a view writes it.
func viewStatus(ti int) string {
	d := tabDefs[ti]
	switch {
	case d.moderation:
		return "moderation"
	case sourceStatus[d.src] == api.StatusAll:
		return ""
	}
	return string(sourceStatus[d.src])
}
