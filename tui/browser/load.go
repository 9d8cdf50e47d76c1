package browser

import (
	"context"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// fetchTimeout covers the client's own budget wait and retries.
const fetchTimeout = 90 * time.Second

// pageMsg is the answer to one page request of source src.
type pageMsg struct {
	src, seq int
	reset    bool
	page     *api.ListPage
	err      error
}

// fetchPage asks for one page on ctx, which the model cancels when a later request
// supersedes this one.
func fetchPage(ctx context.Context, cancel context.CancelFunc, svc Lister, p api.ListParams, src, seq int, reset bool) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		page, err := svc.ListListings(ctx, p)
		return pageMsg{src: src, seq: seq, reset: reset, page: page, err: err}
	}
}

// load requests the first page of source si (reset) or its next page. A reset
// supersedes a next page in flight, which is cancelled so that it spends nothing; a
// reset already in flight is joined, not repeated (r pressed five times is one
// request); a next page waits for the request in flight.
func (m *Model) load(si int, reset bool) tea.Cmd {
	s := &m.srcs[si]
	cur := 0
	if !reset {
		if s.loading || s.next == nil || s.rows.len() >= maxSourceRows {
			return nil
		}
		cur = *s.next
	}
	if s.loading {
		if s.reset {
			return nil // the same first page is on its way
		}
		s.cancel()
	}
	s.seq++
	s.loading, s.reset, s.reqCursor = true, reset, cur
	m.auto++
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	s.reqCtx, s.cancel = nil, cancel
	return tea.Batch(fetchPage(ctx, cancel, m.svc, m.params(si, cur), si, s.seq, reset), m.spin.Tick)
}

// loadErr turns a failed load into what the root acts on: a dead key leads to the
// login screen, anything else (a 429 included, whose countdown the root shows) to
// the banner.
func loadErr(err error) tea.Cmd {
	if api.IsAuth(err) && (api.IsCode(err, api.CodeInvalidKey) || api.IsCode(err, api.CodeKeyRevoked)) {
		return func() tea.Msg { return msgs.Unauthorized{Err: err} }
	}
	return func() tea.Msg { return msgs.Error{Op: i18n.T("browser.load_op"), Err: err} }
}

func (m Model) onPage(msg pageMsg) (Model, tea.Cmd) {
	if msg.src < 0 || msg.src >= len(m.srcs) {
		return m, nil
	}
	s := &m.srcs[msg.src]
	if msg.seq != s.seq || !s.loading {
		return m, nil // superseded: refreshed, language changed
	}
	s.loading = false
	m.pageFromService(msg.src, msg.reset, msg.err)
	if msg.err != nil {
		s.stale, s.errText = true, termtext.Clean(msg.err.Error())
		return m, loadErr(msg.err)
	}
	s.stale, s.errText = false, ""
	var page api.ListPage
	if msg.page != nil {
		page = *msg.page
	}
	if msg.reset {
		s.page, s.pageAt = page.Listings, m.now()
	}
	if m.mirrorMode() {
		// Every listing is held: a first page goes over the mirror's rows, and no
		// other page is asked for (a next page sent before the mirror was read is
		// dropped).
		if msg.reset {
			m.fillMirror(msg.src, m.overlaid())
		}
		m.ensure(m.cur)
		m.cols = m.computeLayout()
		return m, nil
	}
	start := s.rows.len()
	if msg.reset {
		s.rows, start = newStore(m.strs), 0
		s.away, s.dirty = 0, false
	}
	changed := false
	var own []*string // the titles and URLs no twin holds: packed together below
	for _, l := range page.Listings {
		if !l.HasID() { // its own row: never the twin of another whose id is unreadable
			r := s.rows.push(m.newRow(l, "", false))
			own = append(own, &r.title, &r.url) // a twin is found by its id: none
			continue
		}
		if i, ok := s.rows.find(l.ID); ok { // a listing that moved between pages
			old := s.rows.mut(i)
			*old = m.newRow(l, s.rows.str(old.pType), old.mod)
			m.share(msg.src, old)
			changed = true
			continue
		}
		r := s.rows.push(m.newRow(l, "", false))
		title, url := m.share(msg.src, r)
		if !title {
			own = append(own, &r.title)
		}
		if !url {
			own = append(own, &r.url)
		}
	}
	pack(own)
	s.next = page.NextCursor
	if s.next != nil && !msg.reset && *s.next == s.reqCursor {
		s.next = nil // a repeated cursor would loop forever
	}
	s.loaded = true
	m.measure(msg.src)

	prevVersion := s.version
	s.version++
	for ti := range m.numTabs() {
		if m.def(ti).src != msg.src {
			continue
		}
		if msg.reset || changed {
			m.tabs[ti].sortedFor.ok = false
			continue
		}
		m.mergeNew(ti, start, prevVersion)
	}
	m.ensure(m.cur)
	m.cols = m.computeLayout()

	var cmd tea.Cmd
	if m.def(m.cur).src == msg.src {
		m.followEnd()
		if m.auto < maxAutoPages || m.walking() {
			cmd = m.prefetch()
		}
	}
	return m, cmd
}

// newRow is strtab.newRow plus the lowercase title once the rows carry it.
func (m *Model) newRow(l api.Listing, priceType string, wasMod bool) row {
	r := m.strs.newRow(l, priceType, wasMod)
	r.gain = m.gainOf(l.ID)
	if m.keyed {
		r.titleKey = strings.ToLower(r.title)
	}
	return r
}

// twin returns the row of the same listing in another source than si, if one holds
// it: the "all" list holds every listing of the status lists.
func (m *Model) twin(si, id int) *row {
	for sj := range m.srcs {
		if sj == si {
			continue
		}
		if i, ok := m.srcs[sj].rows.find(id); ok {
			return m.srcs[sj].rows.at(i)
		}
	}
	return nil
}

// share makes r use the strings of its twin where they are equal, so that scrolling
// the "all" tab and a status tab does not keep two copies of them; it reports which
// of its title and URL are now its twin's.
func (m *Model) share(si int, r *row) (title, url bool) {
	tw := m.twin(si, r.id)
	if tw == nil {
		return false, false
	}
	if title = tw.title == r.title; title {
		r.title = tw.title
		if tw.titleKey != "" {
			r.titleKey = tw.titleKey
		}
	}
	if url = tw.url == r.url; url { // the part after the last slash: held alone, equal is the same
		r.url = tw.url
	}
	return title, url
}

// pack moves the strings ss point to (the titles and URLs of a page's rows) into one
// allocation of their own. Made one by one, each beside the page's decoded JSON, they
// kept the spans of their size classes in use once that JSON was collected: at
// 10 000 listings the Go heap held 3 MB of such gaps besides 7 MB of objects.
func pack(ss []*string) {
	n := 0
	for _, p := range ss {
		n += len(*p)
	}
	if n == 0 {
		return
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range ss {
		b.WriteString(*p)
	}
	all := b.String()
	for _, p := range ss {
		*p, all = all[:len(*p)], all[len(*p):]
	}
}

// needKeys gives every row its lowercase title the first time the filter or the
// title sort needs it, and every row after that one at once. A session that only
// scrolls never holds them: 10 000 lowercase titles are about 0.7 MB, a fifth of
// the rows' memory, while making them all takes a few milliseconds, once.
func (m *Model) needKeys() {
	if m.keyed || m.query == "" && m.order.col != sortTitle && !m.viewWords() {
		return
	}
	m.keyed = true
	for si := range m.srcs {
		rs := &m.srcs[si].rows
		for i := range rs.len() {
			r := rs.at(i)
			if tw := m.twin(si, r.id); tw != nil && tw.title == r.title && tw.titleKey != "" {
				r.titleKey = tw.titleKey
				continue
			}
			r.titleKey = strings.ToLower(r.title)
		}
	}
}

// measure counts the moderation rows and the widest price of a source, and of its
// moderation rows.
func (m *Model) measure(si int) {
	s := &m.srcs[si]
	s.modCount, s.priceW, s.modPriceW, s.extra, s.modExtra = 0, 0, 0, 0, 0
	for i := range s.rows.len() {
		r := s.rows.at(i)
		if r.extra {
			s.extra++
		}
		if r.mod {
			s.modCount++
			s.modPriceW = max(s.modPriceW, int(r.priceW))
			if r.extra {
				s.modExtra++
			}
		}
		s.priceW = max(s.priceW, int(r.priceW))
	}
}

// member reports whether row r of rs, tab ti's source's, belongs to tab ti.
func (m *Model) member(ti int, rs *rowStore, r *row) bool {
	if v := m.viewOf(ti); v != nil {
		return m.viewMember(v, rs, r)
	}
	return !tabDefs[ti].moderation || r.mod
}

// mergeNew merges the rows appended from start into tab ti's order, when the tab's
// order was current before they came; otherwise it is recomputed when shown.
func (m *Model) mergeNew(ti, start, prevVersion int) {
	m.needKeys()
	t := &m.tabs[ti]
	s := &m.srcs[m.def(ti).src]
	if !t.sortedFor.ok || t.sortedFor.version != prevVersion || t.sortedFor.order != m.order {
		t.sortedFor.ok = false
		return
	}
	var add []int
	for i := start; i < s.rows.len(); i++ {
		if m.member(ti, &s.rows, s.rows.at(i)) {
			add = append(add, i)
		}
	}
	sortIdx(add, &s.rows, m.order)
	t.sorted = mergeIdx(t.sorted, add, &s.rows, m.order)
	t.sortedFor.version = s.version
	switch {
	case t.visOK && t.visQuery == m.query && m.query == "":
		t.vis = t.sorted
	case t.visOK && t.visQuery == m.query:
		t.vis = mergeIdx(t.vis, m.filter(add, &s.rows, m.query), &s.rows, m.order)
	default:
		t.visOK = false
	}
	if ti == m.cur {
		m.relocate()
	}
}

// ensure brings tab ti's order and visible slice up to date with its source, the
// sort order and the filter.
func (m *Model) ensure(ti int) {
	m.needKeys()
	m.syncViews()
	t := &m.tabs[ti]
	s := &m.srcs[m.def(ti).src]
	if !t.sortedFor.ok || t.sortedFor.version != s.version || t.sortedFor.order != m.order {
		t.sorted = t.sorted[:0:0]
		for i := range s.rows.len() {
			if m.member(ti, &s.rows, s.rows.at(i)) {
				t.sorted = append(t.sorted, i)
			}
		}
		sortIdx(t.sorted, &s.rows, m.order)
		t.sortedFor.version, t.sortedFor.order, t.sortedFor.ok = s.version, m.order, true
		t.visOK = false
	}
	if !t.visOK || t.visQuery != m.query {
		switch {
		case m.query == "":
			t.vis = t.sorted
		case t.visOK && t.visQuery != "" && strings.Contains(m.query, t.visQuery) && !m.mirrorFilters():
			t.vis = filterIdx(t.vis, &s.rows, m.query) // narrowing: only the survivors
		default:
			t.vis = m.filter(t.sorted, &s.rows, m.query)
		}
		t.visQuery, t.visOK = m.query, true
	}
	if ti == m.cur {
		m.relocate()
	}
}

// relocate puts the cursor back on the listing it was on, or keeps its position.
func (m *Model) relocate() {
	t := &m.tabs[m.cur]
	rows := &m.srcs[m.def(m.cur).src].rows
	if t.selID != 0 {
		if i := slices.IndexFunc(t.vis, func(x int) bool { return rows.at(x).id == t.selID }); i >= 0 {
			t.cursor = i
		}
	}
	m.clampCursor()
}

func (m *Model) clampCursor() {
	t := &m.tabs[m.cur]
	t.cursor = max(min(t.cursor, len(t.vis)-1), 0)
	if t.cursor < len(t.vis) {
		t.selID = m.srcs[m.def(m.cur).src].rows.at(t.vis[t.cursor]).id
	} // with nothing shown, the old selection is kept for when rows come back
	m.scroll()
}

// prefetch asks for the next page when the cursor is within one screen of the end
// of the loaded rows. After a failed load it waits for the cursor to reach the very
// end (or for r), so that a refused request is not repeated on every key.
func (m *Model) prefetch() tea.Cmd {
	si := m.def(m.cur).src
	s := &m.srcs[si]
	if !s.loaded || s.loading || s.next == nil {
		return nil
	}
	if m.walking() {
		return m.load(si, false)
	}
	t := &m.tabs[m.cur]
	left := len(t.vis) - 1 - t.cursor
	if s.stale && left > 0 || !s.stale && left >= m.bodyHeight() {
		return nil
	}
	return m.load(si, false)
}
