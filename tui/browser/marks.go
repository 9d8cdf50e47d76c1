package browser

import (
	"maps"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Marks are the set of listings a bulk action works on: space marks the row under
// the cursor, * (or ctrl+a) every row of the tab as filtered, esc (with no filter)
// clears them. They are kept by id, apart from the rows, so that they survive tab
// switches, sorting, filtering, a refresh and a language change; each keeps what a
// plan needs of its listing (bulk.Item) as it was last seen, and an action takes it
// from the rows again when a tab still holds the listing, so a status changed since
// (a job, a watch) is what the plan sees.
//
// With marks, a (activate), x (deactivate), w (watch), $ (price) and E (the fields
// common to all) act on the marked set; without, on the row under the cursor, as
// before ($ and E then plan for that one listing).

// markSet is copied on write: a model's copy (Update's value receiver) never sees a
// later model's marks.
type markSet struct {
	items map[int]markEntry
	next  int // the order of marking, so a plan lists the listings as they were marked
	gen   int // bumps on every change, for the footer's count (countMarks)
}

type markEntry struct {
	item bulk.Item
	n    int
}

func (mk *markSet) len() int { return len(mk.items) }

func (mk *markSet) has(id int) bool { _, ok := mk.items[id]; return ok }

// edit returns a map of the marks that this model alone holds.
func (mk *markSet) edit() map[int]markEntry {
	mk.items = maps.Clone(mk.items)
	if mk.items == nil {
		mk.items = map[int]markEntry{}
	}
	mk.gen++
	return mk.items
}

func (mk *markSet) set(on bool, items ...bulk.Item) {
	m := mk.edit()
	for _, it := range items {
		if it.ID <= 0 {
			continue // no id to act on (api.Listing.HasID), nor to tell two such apart
		}
		if !on {
			delete(m, it.ID)
			continue
		}
		if _, ok := m[it.ID]; !ok {
			mk.next++
			m[it.ID] = markEntry{item: it, n: mk.next}
		}
	}
}

func (mk *markSet) clear() {
	mk.items = nil
	mk.gen++
}

// markCount is the footer's word on the marks, counted in Update (countMarks): how
// many, and how many of them the tab on screen (as filtered) does not show.
type markCount struct {
	key struct {
		cur, gen, version, vis int
		query                  string
	}
	note string
}

// itemAt is what a plan needs of row r of rs.
func itemAt(rs *rowStore, r *row) bulk.Item {
	it := bulk.ItemOf(rs.listing(r))
	it.PriceType = rs.str(r.pType)
	return it
}

// markedItems are the marked listings in the order they were marked, each as a tab
// holds it now (else as it was when marked).
func (m *Model) markedItems() []bulk.Item {
	entries := make([]markEntry, 0, m.marks.len())
	for _, e := range m.marks.items {
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(a, b markEntry) int { return a.n - b.n })
	out := make([]bulk.Item, 0, len(entries))
	for _, e := range entries {
		it := e.item
		for si := len(m.srcs) - 1; si >= 0; si-- { // "all" first: the newest status
			s := &m.srcs[si]
			if i, ok := s.rows.find(e.item.ID); ok {
				it = itemAt(&s.rows, s.rows.at(i))
				break
			}
		}
		out = append(out, it)
	}
	return out
}

// mark marks or unmarks the row under the cursor, and moves down.
func (m Model) mark() (Model, tea.Cmd) {
	if r := m.selectedRow(); r != nil {
		if r.id <= 0 {
			return m, noID()
		}
		m.marks.set(!m.marks.has(r.id), itemAt(&m.srcs[m.def(m.cur).src].rows, r))
	}
	return m.moveTo(m.tabs[m.cur].cursor + 1)
}

// markAll marks every row of the tab as filtered; when all are marked already, it
// unmarks them.
func (m Model) markAll() (Model, tea.Cmd) {
	t := &m.tabs[m.cur]
	rs := &m.srcs[m.def(m.cur).src].rows
	items := make([]bulk.Item, 0, len(t.vis))
	all := true
	for _, i := range t.vis {
		r := rs.at(i)
		if r.id <= 0 {
			continue // an unreadable id cannot be marked
		}
		all = all && m.marks.has(r.id)
		items = append(items, itemAt(rs, r))
	}
	m.marks.set(!all, items...) // all of them marked already: * unmarks them
	if s := &m.srcs[m.def(m.cur).src]; !all && s.next != nil {
		// Only loaded rows can be marked: say so, and how to load the rest.
		return m, emit(msgs.Notice{Text: i18n.N("browser.marks.loaded_only", len(items))})
	}
	return m, nil
}

// bulkOf asks the root for the bulk action verb on the marks, else (a price or the
// fields) on the row under the cursor; ok is false for a status change without
// marks, which is the row's own request.
func (m Model) bulkOf(verb msgs.BulkVerb) (tea.Cmd, bool) {
	if m.marks.len() > 0 {
		return emit(msgs.Bulk{Verb: verb, Items: m.markedItems()}), true
	}
	if verb == msgs.BulkActivate || verb == msgs.BulkDeactivate {
		return nil, false
	}
	if r := m.selectedRow(); r != nil {
		if r.id <= 0 {
			return noID(), true
		}
		return emit(msgs.Bulk{Verb: verb, Items: []bulk.Item{itemAt(&m.srcs[m.def(m.cur).src].rows, r)}}), true
	}
	return nil, true
}

// watchMarked asks the watch for every marked listing awaiting moderation (a status
// this client does not know may be one), then says what was left out.
func (m *Model) watchMarked() tea.Cmd {
	var cmds []tea.Cmd
	skipped := 0
	for _, it := range m.markedItems() {
		if it.Status != api.StatusPending && it.Status.Known() {
			skipped++
			continue
		}
		cmds = append(cmds, emit(msgs.Watch{ID: it.ID, Title: it.Title, Group: i18n.T("browser.marks.watch_group")}))
	}
	text := i18n.N("browser.marks.watching", len(cmds))
	if skipped > 0 {
		text += "; " + i18n.N("browser.marks.skipped", skipped)
	}
	return tea.Batch(append(cmds, emit(msgs.Notice{Text: text}))...)
}

// countMarks makes the footer's word on the marks when they, the tab, its filter or
// its rows changed: counting the marked rows of a tab is a pass over its rows, too
// much for every frame of 10 000.
func (m *Model) countMarks() {
	if m.marks.len() == 0 {
		m.markCount.note = ""
		return
	}
	t := &m.tabs[m.cur]
	s := &m.srcs[m.def(m.cur).src]
	key := m.markCount.key
	key.cur, key.gen, key.version, key.vis, key.query = m.cur, m.marks.gen, s.version, len(t.vis), m.query
	if key == m.markCount.key && m.markCount.note != "" {
		return
	}
	here := 0
	for _, i := range t.vis {
		if m.marks.has(s.rows.at(i).id) {
			here++
		}
	}
	note := theme.MarkedMark + " " + i18n.N("browser.marks.count", m.marks.len())
	if off := m.marks.len() - here; off > 0 {
		note += " " + i18n.N("browser.marks.off_tab", off)
	}
	m.markCount.key, m.markCount.note = key, note
}

// markCell is the title cell of row r: a marked row starts with the mark, so the
// mark reads without colour. The mark is coloured except on the selected row, whose
// highlight a colour of its own would cut.
func (m *Model) markCell(r *row, selected bool) string {
	if !m.marks.has(r.id) {
		return r.cell()
	}
	if selected {
		return theme.MarkedMark + " " + r.cell()
	}
	return theme.Marked.Render(theme.MarkedMark) + " " + r.cell()
}
