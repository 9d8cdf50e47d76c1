package browser

import (
	"strings"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/system"
	"github.com/listings-tui/listings/tui/termtext"
)

// update handles keys, mouse, page answers and the root's messages; Update
// (moderation.go) wraps it with the moderation tab's reasons and refresh.
func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case pageMsg:
		return m.onPage(msg)
	case hitsMsg:
		return m.onHits(msg)
	case MirrorSynced:
		m, cmd := m.onMirrorSynced()
		return m, tea.Batch(cmd, m.readAttrs())
	case attrsMsg:
		return m.onAttrs(msg)
	case startedMsg:
		return m, tea.Batch(m.readRest(), m.readAttrs(), m.readViews())
	case mirrorRowsMsg:
		m, cmd := m.onMirrorRows(msg)
		return m, tea.Batch(cmd, m.rereadViews())
	case viewSetsMsg:
		return m.onViewSets(msg)
	case viewWritten:
		return m.onViewWritten(msg)
	case spinner.TickMsg:
		if msg.ID != m.spin.ID() || !m.anyLoading() {
			return m, nil // nothing loads: let the tick chain stop
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case msgs.ListingChanged:
		m.applyChange(msg)
		return m, nil
	case msgs.ListingSaved, msgs.ListingsAdded:
		// A new listing (or an edited title) shows after a reload: the tab on
		// screen now, the others when they are visited.
		return m.reloadAll()
	case msgs.KeyScopes:
		m.readOnly = !msg.Write
		return m, nil
	case msgs.LangChanged:
		return m.changeLang(msg.Lang)
	case tea.KeyMsg:
		m.auto = 0
		return m.key(msg)
	case tea.MouseMsg:
		m.auto = 0
		return m.mouse(msg)
	}
	return m, nil
}

func (m *Model) anyLoading() bool {
	for i := range m.srcs {
		if m.srcs[i].loading {
			return true
		}
	}
	return false
}

// Run does the browser's action id, by its key or from the palette.
func (m Model) Run(id action.ID) (Model, tea.Cmd) {
	if strings.HasPrefix(string(id), "browser.columns") {
		return m.columnsKey(string(id))
	}
	if strings.HasPrefix(string(id), "browser.view.") || id == "browser.filter.save" {
		return m.viewsKey(string(id))
	}
	t := &m.tabs[m.cur]
	switch id {
	case "browser.up", "browser.filter.up":
		return m.moveTo(t.cursor - 1)
	case "browser.down", "browser.filter.down":
		return m.moveTo(t.cursor + 1)
	case "browser.page_up":
		return m.moveTo(t.cursor - m.bodyHeight())
	case "browser.page_down":
		return m.moveTo(t.cursor + m.bodyHeight())
	case "browser.first":
		return m.moveTo(0)
	case "browser.last":
		return m.jumpEnd()
	case "browser.next_tab":
		return m.switchTab(1)
	case "browser.prev_tab":
		return m.switchTab(-1)
	case "browser.filter":
		m.filtering = true
		return m, m.input.Focus()
	case "browser.filter.keep":
		m.filtering = false
		m.input.Blur()
		return m, nil
	case "browser.clear_filter", "browser.filter.clear":
		m.clearFilter()
		return m, nil
	case "browser.sort":
		m.order.col = (m.order.col + 1) % numSortCols
		if m.order.col == sortViews7d && m.mir.db == nil {
			m.order.col = (m.order.col + 1) % numSortCols
		}
		m.order.desc = naturalDesc[m.order.col]
		m.ensure(m.cur)
		return m, m.prefetch() // a sort over part of the rows loads the rest (walk.go)
	case "browser.reverse":
		m.order.desc = !m.order.desc
		m.ensure(m.cur)
		return m, m.prefetch()
	case "browser.refresh":
		return m, m.load(m.def(m.cur).src, true)
	case "browser.import":
		return m, emit(msgs.OpenImport{})
	case "browser.mark":
		return m.mark()
	case "browser.mark_all":
		return m.markAll()
	case "browser.clear_marks":
		m.marks.clear()
		return m, nil
	case "browser.price":
		cmd, _ := m.bulkOf(msgs.BulkPrice)
		return m, cmd
	case "browser.fields":
		cmd, _ := m.bulkOf(msgs.BulkEdit)
		return m, cmd
	case "browser.activate":
		if cmd, ok := m.bulkOf(msgs.BulkActivate); ok {
			return m, cmd
		}
	case "browser.deactivate":
		if cmd, ok := m.bulkOf(msgs.BulkDeactivate); ok {
			return m, cmd
		}
	case "browser.watch":
		if m.marks.len() > 0 {
			return m, m.watchMarked()
		}
	}
	return m.rowAction(id)
}

// rowAction does an action on the listing under the cursor.
func (m Model) rowAction(id action.ID) (Model, tea.Cmd) {
	r := m.selectedRow()
	if r == nil {
		return m, nil
	}
	l := m.srcs[m.def(m.cur).src].rows.listing(r)
	if !l.HasID() && (id == "browser.open" || id == "browser.activate" || id == "browser.deactivate" || id == "browser.watch") {
		return m, noID()
	}
	switch id {
	case "browser.open":
		return m, emit(msgs.OpenListing{ID: l.ID, Title: l.Title})
	case "browser.activate":
		return m, emit(msgs.RequestStatus{ID: l.ID, Title: l.Title, From: l.Status, To: api.StatusActive})
	case "browser.deactivate":
		return m, emit(msgs.RequestStatus{ID: l.ID, Title: l.Title, From: l.Status, To: api.StatusInactive})
	case "browser.watch":
		return m, emit(msgs.Watch{ID: l.ID, Title: l.Title})
	case "browser.open_page":
		return m, system.OpenURL(l.URL)
	case "browser.copy_url":
		return m, system.CopyURL(l.URL)
	}
	return m, nil
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// noID says why nothing is done to a listing whose id could not be read: every
// request about a listing names it by its id.
func noID() tea.Cmd {
	return emit(msgs.Notice{Text: i18n.T("browser.no_id_notice")})
}

// typeFilter edits the filter with a key no action has, and filters live.
func (m Model) typeFilter(msg tea.KeyMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if q := strings.ToLower(strings.TrimSpace(m.input.Value())); q != m.query {
		m.query = q
		m.tabs[m.cur].cursor = 0 // the selection stays if it still matches
		if q == "" {
			m.dropExtra()
		}
		m.ensure(m.cur)
		cmd = tea.Batch(cmd, m.searchMirror(q))
	}
	return m, cmd
}

func (m *Model) clearFilter() {
	m.filtering = false
	m.input.Blur()
	m.input.Reset()
	m.query = ""
	m.searchMirror("")
	m.dropExtra()
	m.ensure(m.cur)
}

func (m Model) moveTo(i int) (Model, tea.Cmd) {
	t := &m.tabs[m.cur]
	t.cursor = i
	t.selID, t.toEnd = 0, false
	m.clampCursor()
	return m, m.prefetch()
}

// switchTab shows another tab with the rows and cursor it had; only a tab never
// loaded (or whose first load failed) costs a request.
func (m Model) switchTab(d int) (Model, tea.Cmd) {
	prev := m.cur
	m.cur = ((m.cur+d)%m.numTabs() + m.numTabs()) % m.numTabs()
	m.orderFor(prev)
	m.ensure(m.cur)
	m.cols = m.computeLayout()
	si := m.def(m.cur).src
	if s := &m.srcs[si]; (!s.loaded || s.dirty || m.fromMirror(si)) && !s.loading {
		return m, m.load(si, true)
	}
	return m, m.prefetch()
}

// applyChange updates a listing in place in every source that holds it; it stays in
// the tabs it was in until a refresh. A tab of its new status that lacks it gets it:
// filled again from the mirror when the tabs hold every listing (mirrorfill.go), else
// reloaded when it is next shown. The counts move with it (count.go).
func (m *Model) applyChange(msg msgs.ListingChanged) {
	from := m.statusOf(msg.ID)
	to := from
	if msg.Listing != nil && msg.Listing.Status != "" {
		to = api.Status(termtext.Clean(string(msg.Listing.Status)))
	}
	if msg.Status != "" {
		to = msg.Status
	}
	m.learnLocal(msg, from, to)
	m.carryMove(from, to)
	full := m.mirrorMode()
	var refill []int
	for si := range m.srcs {
		s := &m.srcs[si]
		i, ok := s.rows.find(msg.ID)
		if !ok {
			if to != "" && to == s.status && s.loaded {
				if full {
					refill = append(refill, si)
				} else {
					s.dirty = true
				}
			}
			continue
		}
		r := s.rows.mut(i)
		before := s.rows.status(r)
		l, pt := changed(s.rows.listing(r), s.rows.str(r.pType), msg)
		*r = m.newRow(l, pt, r.mod)
		m.share(si, r)
		// A row that left the tab's status stays where it is until a refresh (so it
		// can be moved back), but the tab's count is of the listings of its status.
		if s.status != api.StatusAll {
			if before == s.status && l.Status != s.status {
				s.away++
			} else if before != s.status && l.Status == s.status {
				s.away--
			}
		}
		s.version++
		m.measure(si)
	}
	if len(refill) > 0 {
		o := m.overlaid()
		for _, si := range refill {
			m.fillMirror(si, o)
		}
	}
	m.ensure(m.cur)
	m.cols = m.computeLayout()
}

// changeLang drops every tab's rows (their titles and cities are in the old
// language) and reloads only the tab on screen; the others load when visited. Their
// counts stay: no status depends on the language.
func (m Model) changeLang(lang string) (Model, tea.Cmd) {
	m.lang = lang
	m.localInLang()
	// The words kept between frames: the filter's placeholder, the price cells of the
	// mirror's rows (the service's rows are loaded again) and the widths they set.
	m.input.Placeholder = i18n.T("browser.filter.placeholder")
	if m.mir.rows != nil {
		m.strs.reprice(m.mir.rows)
	}
	m, cmd := m.reload(false)
	m.cols = m.computeLayout()
	return m, cmd
}

// reloadAll drops every tab's rows and reloads the tab on screen: a save or an
// import added or changed listings. The counts stay as lower bounds until then.
func (m Model) reloadAll() (Model, tea.Cmd) { return m.reload(true) }

func (m Model) reload(added bool) (Model, tea.Cmd) {
	m.carryCounts(added)
	if m.mir.rows == nil || m.mir.rows.len() == 0 {
		m.strs = newStrtab() // no row is left to refer to the old strings
	} // else the mirror's rows still do: the tabs will show them
	for i := range m.srcs {
		s := &m.srcs[i]
		if s.loading && s.cancel != nil {
			s.cancel() // asked in the old language: its answer would be dropped anyway
		}
		*s = source{status: s.status, rows: newStore(m.strs), seq: s.seq, version: s.version + 1}
	}
	for i := range m.tabs {
		m.tabs[i] = tabState{selID: m.tabs[i].selID}
	}
	m.dropMirrorRows()
	m.auto = 0
	var read tea.Cmd
	switch {
	case m.mirrorMode() && m.mir.full:
		m.fillAll() // every tab from the mirror, the first page of the one on screen on top
	case m.mirrorMode():
		// The mirror is in this language but only the first frame's rows were read:
		// every row serves once read, its counts until then.
		read = m.readAll()
		for si := range m.srcs {
			m.mir.partial[si] = true
		}
	}
	m.ensure(m.cur)
	return m, tea.Batch(m.load(m.def(m.cur).src, true), read)
}
