package browser

import (
	"context"
	"slices"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// The local mirror (api/mirror) in the browser:
//   - the first screen: New reads the tab counts (one query) and the first page of
//     the tab on screen, so the first frame shows them before any request; Init then
//     reads every row, which fills the tabs. The rows are read one at a time into the
//     table's own form (mirrorRows), off the event loop, and the tabs show them as
//     views (store.go): every tab of 10 000 listings costs 40 KB besides them. With a complete mirror every tab then
//     holds every listing, the service's first pages and the app's changes on top
//     (mirrorfill.go); with an incomplete one, a tab's first page from the service
//     replaces its rows (the refresh). A tab with no page of the service since says
//     from when its rows are;
//   - the rows are in the language of the last sync: in another language the tabs
//     start empty (loading) and a search adds no row from the mirror, until a sync in
//     the language on screen (the root syncs within a minute when they differ);
//   - the filter (/) asks the mirror for every listing whose title, description, city
//     or id has a word starting so, not only the loaded rows: a match not loaded is
//     added to its tabs from the mirror while the filter lasts (row.extra), never
//     counted in the tab, and dropped when the filter is cleared;
//   - the +7d column, the views gained in the last 7 days as counted from the syncs,
//     sortable like the others;
//   - with the service unreachable, the tabs keep the mirror's rows, read-only.
// The root syncs the mirror in the background and says so with MirrorSynced.

// Mirror is what the browser needs of the local mirror; *mirror.DB is one.
type Mirror interface {
	Each(ctx context.Context, q mirror.Query, fn func(mirror.Row) error) error
	SearchIDs(ctx context.Context, q mirror.Query) ([]int, error)
	LastSync(ctx context.Context) (mirror.SyncInfo, bool, error)
	LastComplete(ctx context.Context) (mirror.SyncInfo, bool, error)
	Counts(ctx context.Context) (map[api.Status]int, error)
	Described(ctx context.Context) (with, total int, err error)
	Coverage(ctx context.Context) (mirror.Coverage, error)
}

// MirrorSynced is the root's news that a background sync ended: the +7d figures and
// the rows kept for search are read again.
type MirrorSynced struct{}

// mirrorTimeout bounds a read of the local file.
const mirrorTimeout = 5 * time.Second

// mirrored is the browser's state of the mirror. Maps are shared by copies of the
// model and replaced, never changed in place, once handed out.
type mirrored struct {
	db     Mirror
	synced time.Time // the last sync that stored anything; zero: never
	lang   string    // the language of its rows ("" unknown: taken as any)
	// rows are every listing the mirror holds (or the first frame's page of them), in
	// the mirror's order (id, highest first), with their views gained in 7 days: what
	// the tabs show (mirrorfill.go) and the matches not loaded. nil before the first
	// read. A view copies a row before changing it (store.go): in place, a row only
	// gets its lowercase title (needKeys) and, once newer rows were read, its gain.
	rows *rowStore
	from [len(sourceStatus)]bool
	// partial: the source holds only the first frame's rows; counts (by status, from
	// the mirror) give the tabs' counts until every row is read.
	partial [len(sourceStatus)]bool
	counts  map[api.Status]int
	seq     int          // of the latest search
	hits    map[int]bool // the ids the mirror matched for hitsQ
	hitIDs  []int        // the same, in the mirror's order
	// described and listed: how many listings a word of a description can find, of
	// how many; read when a search begins.
	described, listed int
	hitsQ             string
	down              bool // the last load found the service unreachable: read-only
	// complete: the mirror's last complete sync is in the language of its last sync:
	// it holds every listing, in one language (mirrorfill.go); its counts count them
	// in any language (count.go).
	complete bool
	full     bool          // rows holds every row of the mirror (not the first frame's page)
	pre      *Prefetched   // the first frame's read, ahead of New (prefetch.go); nil once taken
	await    *Prefetched   // the first frame New left to come as a message; nil once come
	held     []tea.Msg     // what came before it, handled after it (prefetch.go)
	started  time.Time     // when its last sync began: what the app learnt later is newer
	local    []localChange // what the app changed or learnt since (mirrorfill.go)
}

// WithMirror shows the mirror's rows at once, searches it with / and adds the +7d
// column. A nil Mirror is none.
func WithMirror(db Mirror) Option {
	return func(m *Model) {
		if db != nil {
			m.mir.db = db
		}
	}
}

// loadMirror shows the mirror in New, with no request: the tab on screen gets its
// first page, every tab its count; readRest brings the other rows after the frame.
func (m *Model) loadMirror() {
	if m.mir.db == nil {
		return
	}
	si := m.def(m.cur).src
	if p := m.takePrefetched(m.srcs[si].status); p != nil {
		m.mir.await = p // Init waits for it (prefetch.go)
		return
	}
	m.adoptFirstFrame(firstFrame(m.mir.db, m.srcs[si].status, m.limit))
}

// adoptFirstFrame takes the mirror's first frame: the first page of the tab on screen
// and, when the mirror holds every listing in the language on screen, every tab's
// rows and count.
func (m *Model) adoptFirstFrame(msg mirrorRowsMsg, counts map[api.Status]int, err error) {
	si := m.def(m.cur).src
	m.mir.lang, m.mir.complete, m.mir.started = msg.lang, msg.complete, msg.started
	m.adopt(msg)
	if msg.synced.IsZero() || !m.sameLang() && !m.mir.complete {
		m.mir.complete = false
		return
	}
	if err != nil || len(counts) == 0 {
		m.mir.complete = false
		return
	}
	m.mir.counts = counts
	if !m.sameLang() {
		return // the counts only: the rows are in another language
	}
	for sj := range m.srcs {
		m.srcs[sj].loaded, m.srcs[sj].next = true, nil
		m.mir.from[sj], m.mir.partial[sj] = true, true
	}
	m.fill(si)
	m.ensure(m.cur)
	m.cols = m.computeLayout()
}

// fill makes source si a view of the mirror's rows of its status.
func (m *Model) fill(si int) {
	s := &m.srcs[si]
	s.rows, s.away = newView(m.strs, m.mir.rows), 0
	if base := m.mir.rows; base != nil {
		for j := range base.len() {
			if r := base.at(j); s.status == api.StatusAll || base.status(r) == s.status {
				s.rows.pick(j)
			}
		}
	}
	s.version++
	m.measure(si)
}

// sameLang reports whether the mirror's rows are in the language on screen.
func (m *Model) sameLang() bool { return m.mir.lang == "" || m.mir.lang == m.lang }

// dropMirrorRows forgets that the tabs show the mirror: they were emptied (another
// language, a reload).
func (m *Model) dropMirrorRows() {
	m.mir.from, m.mir.partial = [len(sourceStatus)]bool{}, [len(sourceStatus)]bool{}
}

// onMirrorSynced reads the mirror again after a sync.
func (m Model) onMirrorSynced() (Model, tea.Cmd) { return m, m.readAll() }

// onMirrorRows takes every row of the mirror, after the first frame and after each
// sync: with a complete mirror in the language on screen every tab is filled again
// (mirrorfill.go); else the tabs that still show the first frame's page get the rest,
// and the gains, the counts and the rows kept for search are renewed.
func (m Model) onMirrorRows(msg mirrorRowsMsg) (Model, tea.Cmd) {
	if msg.synced.IsZero() {
		return m.restUnread()
	}
	m.mir.lang, m.mir.complete, m.mir.started = msg.lang, msg.complete, msg.started
	m.adopt(msg)
	m.mir.full = true
	m.mir.counts = msg.counts
	m.pruneLocal()
	full := m.mirrorMode()
	if full {
		m.fillAll()
	}
	for si := range m.srcs {
		if full {
			break
		}
		s := &m.srcs[si]
		if m.mir.partial[si] {
			m.mir.partial[si] = false
			if m.mir.from[si] && m.sameLang() {
				m.fill(si)
				continue
			}
		}
		// A row of the rows read before is changed in place: the views still showing
		// them are all that hold them, and a gain is the same in each.
		for i := range s.rows.len() {
			r := s.rows.at(i)
			r.gain = m.gainOf(r.id)
		}
		s.version++
	}
	if m.mirrorFilters() {
		m.addHits() // matches that came before the rows they need
	}
	m.ensure(m.cur)
	m.cols = m.computeLayout()
	return m, nil
}

// pageFromService is told of every answer of source si: a first page ends its
// mirror rows; the service unreachable makes the browser read-only.
func (m *Model) pageFromService(si int, reset bool, err error) {
	if err != nil {
		m.mir.down = m.mir.db != nil && api.IsUnreachable(err)
		return
	}
	m.mir.down = false
	if reset {
		m.mir.from[si] = false
		if !m.mirrorMode() {
			m.mir.partial[si] = false
		} // else the tab keeps the mirror's counts until every row is read
	}
}

// restUnread is onMirrorRows when the rows after the first frame could not be read:
// the tabs holding only its first page load from the service instead.
func (m Model) restUnread() (Model, tea.Cmd) {
	if !slices.Contains(m.mir.partial[:], true) {
		return m, nil
	}
	m.mir.complete = false
	for si := range m.srcs {
		if m.mir.partial[si] {
			m.mir.partial[si], m.mir.from[si] = false, false
			if !m.srcs[si].loading {
				m.srcs[si].loaded = false
			}
		}
	}
	m.ensure(m.cur)
	if si := m.def(m.cur).src; !m.srcs[si].loaded {
		return m, m.load(si, true)
	}
	return m, nil
}

// fromMirror reports whether source si still shows the mirror's rows.
func (m *Model) fromMirror(si int) bool { return m.mir.from[si] }

// mirrorNote is the footer's word on where the rows come from.
func (m *Model) mirrorNote() string {
	si := m.def(m.cur).src
	switch {
	case m.mir.db == nil || m.mir.synced.IsZero():
		return ""
	case m.mir.down:
		return theme.Stale.Render(i18n.T("browser.mirror.offline", "Time", format.HourMinute(m.mir.synced)))
	case m.mir.hitsQ != "" && m.mir.described < m.mir.listed:
		// The list view has no description: say how many a word can find, and how
		// to make it all (short, to fit beside the filter's input).
		return theme.Muted.Render(i18n.T("browser.mirror.descriptions",
			"Described", i18n.UI().Number(m.mir.described), "Listed", i18n.UI().Number(m.mir.listed)))
	case m.mir.from[si]:
		return theme.Muted.Render(i18n.T("browser.mirror.from", "Time", format.HourMinute(m.mir.synced)))
	case m.mirrorMode() && m.srcs[si].loaded:
		// The first page is the service's, every other row the mirror's.
		return theme.Muted.Render(i18n.T("browser.mirror.rest", "Time", format.HourMinute(m.mir.synced)))
	}
	return ""
}

// gainW is the +7d column's width ("+7d ↓", "+12 345"); 0 without a mirror.
const gainW = 7

func (m *Model) gainWidth() int {
	if m.mir.db == nil {
		return 0
	}
	return gainW
}

// gainCell is a row's views gained in 7 days, right-aligned; blank when none.
func gainCell(r *row, w int) string {
	if r.gain == 0 {
		return layout.PadLeft("", w)
	}
	s := strconv.Itoa(int(r.gain))
	if r.gain > 0 {
		s = "+" + s
	}
	return layout.PadLeft(s, w)
}
