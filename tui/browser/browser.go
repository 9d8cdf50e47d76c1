// Package browser owns the listings table: the status tabs with their cached rows
// and cursors, cursor paging with prefetch, the moderation tab derived from the
// "all" list, the filter over loaded rows, sorting, refresh, the stale state of a
// tab whose last load failed, and the marks a bulk action works on (marks.go). It
// asks the root for everything else through msgs.
package browser

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/theme"
)

// Lister is what the browser needs from the API; *api.Client satisfies it.
type Lister interface {
	ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error)
}

const (
	// pageLimit is the service's largest page (1 to 100), for the first page too.
	// Paging is what costs: a shop scrolling to its 10 000th listing spends 100
	// requests of its 600 a minute instead of 200 with pages of 50. A smaller first
	// page would not show sooner: the sandbox answers a page of 100 in about 1.2 ms
	// against 0.7 ms for 20 (32 KB against 6.5 KB), both far below a frame, while
	// 20 rows do not even fill a 40-line terminal, so the prefetch would ask for a
	// second page at once (docs/tui.md, docs/performance.md).
	pageLimit = 100
	// maxAutoPages bounds the pages fetched per user action, so that a sparse
	// moderation tab or a narrow filter cannot walk the whole list on its own.
	maxAutoPages = 5
)

// listFields are what the table shows plus what its keys need: id for every key,
// url for o and y. Nothing else is asked for (no slug, photos or promotion ends):
// a smaller answer saves the request budget and the decoding.
var listFields = []string{"id", "title", "price", "currency", "status", "city", "views", "vip", "top", "created_at", "url"}

// source is one status list as the service pages it. The "all" source feeds two
// tabs (all and moderation), so a page fetched for one serves both.
type source struct {
	status    api.Status
	rows      rowStore // rows.find: listing id → index
	next      *int     // the cursor of the next page; nil when the last page is loaded
	loaded    bool     // the first page arrived
	loading   bool     // a request is in flight (at most one)
	reset     bool     // the request in flight is a first page: its answer replaces rows
	reqCursor int
	// cancel gives up the request in flight: a request that supersedes it (a refresh,
	// another language) cancels it before it is sent or while it waits for the
	// budget, so that it spends nothing.
	cancel context.CancelFunc
	reqCtx context.Context // of the request in flight, until Init sends the first
	seq    int             // of the latest request; an answer with another is stale
	stale  bool
	// away counts the rows that changed to another status since they were loaded;
	// dirty says the source misses a listing that changed to its status. Both end
	// with the next load.
	away     int
	dirty    bool
	errText  string // the last failure, cleaned: it may quote the server
	version  int    // bumps on every change of rows
	modCount int
	// extra and modExtra count the rows a search added from the mirror (row.extra),
	// which the tab's count leaves out.
	extra, modExtra int
	priceW          int
	// modPriceW is the widest price of the moderation rows: the moderation tab's
	// price column.
	modPriceW int
	// page is the last first page the service gave, and when: with a complete mirror
	// it goes over the mirror's rows (mirrorfill.go).
	page   []api.Listing
	pageAt time.Time
}

type tabDef struct {
	name       string
	src        int
	moderation bool
}

// maxTabs bounds the tabs: the built-in ones and the saved views (views.go).
const maxTabs = len(tabDefs) + maxViews

var sourceStatus = [...]api.Status{api.StatusActive, api.StatusInactive, api.StatusSold, api.StatusArchived, api.StatusAll}

var tabDefs = [...]tabDef{
	{"active", 0, false}, {"inactive", 1, false}, {"sold", 2, false},
	{"archived", 3, false}, {"all", 4, false}, {"moderation", 4, true},
}

// tabState is one tab's view of its source: its members in the current order, the
// filtered visible slice, and where its cursor is.
type tabState struct {
	sorted []int // indices into the source's rows, in order
	vis    []int // sorted, filtered: what the table shows
	cursor int
	offset int
	selID  int  // the listing under the cursor, kept across reorders
	toEnd  bool // G was pressed while pages were left: the cursor follows the end (walk.go)

	sortedFor struct {
		version int
		order   sortOrder
		ok      bool
	}
	visQuery string
	visOK    bool
}

// Model is the browser view.
type Model struct {
	// readOnly: the key lacks listings:write (msgs.KeyScopes); no write is offered.
	readOnly bool
	svc      Lister
	early    tea.Cmd // the first page's request, sent ahead of Init (early.go)
	lang     string
	limit    int
	strs     *strtab // the repeated strings of every source's rows (store.go)
	keyed    bool    // rows carry their lowercase titles (needKeys)

	// Arrays, not slices: a copy of the model (Update's value receiver) gets its own
	// cursors and flags, while the rows themselves are shared.
	srcs [len(sourceStatus)]source
	tabs [maxTabs]tabState
	cur  int

	order     sortOrder
	query     string // the applied filter, lowercase
	input     textinput.Model
	filtering bool // the input has focus

	spin        spinner.Model
	action.Keys // the user's keys (actions.go)
	width       int
	hgt         int
	cols        columns
	auto        int // pages fetched since the last user action

	rev reviews  // the moderation tab's reasons and refresh (moderation.go)
	mir mirrored // the local mirror's rows, search and gains (mirror.go)

	// colTabs is each tab's columns (columns.go); the column menu (colmenu.go)
	// changes them, colSave writes one to the config.
	colTabs     [maxTabs][]colSpec
	colCfg      map[string][]string // the config's lists, for a view added later
	colProblems []string
	colFile     string
	colSave     func(tab string, list []string) error
	menu        colMenu
	// attrs are the values of the attribute columns shown, by key and listing id;
	// attrKeys every key the mirror knows (colattrs.go).
	attrs    map[string]map[int]string
	attrKeys []string

	marks     markSet // the rows marked for a bulk action (marks.go)
	markCount markCount

	// carry is each tab's count from before a reload dropped its rows, shown until its
	// first page comes (count.go).
	carry [maxTabs]tally
	now   func() time.Time // when a page or a change came, against the mirror's sync

	// The saved views, each a tab after the built-in ones (views.go, viewtabs.go),
	// and their questions (viewsave.go).
	viewCfg      ViewConfig
	views        [maxViews]viewTab
	nViews       int
	viewProblems []string
	viewSeq      int       // of the latest read of the views from the mirror
	plainOrder   sortOrder // the built-in tabs' order while a view's is on
	naming       naming
}

// New returns a browser that shows svc's listings in lang. Its first tab is marked
// loading; Init sends that first request. The moderation tab shows why a listing was
// blocked when svc is also a Detailer (or WithDetailer gives one), within the budget
// of svc when it is a Budgeter (*api.Client is both).
func New(svc Lister, lang string, opts ...Option) Model {
	m := Model{svc: svc, lang: lang, limit: pageLimit, strs: newStrtab(), rev: newReviews(svc), now: time.Now}
	for _, o := range opts {
		o(&m)
	}
	var defs []viewDef
	defs, m.viewProblems = parseViews(m.viewCfg.Views)
	for _, d := range defs {
		m.addView(d)
	}
	m.colTabs, m.colProblems = parseColumns(m.colCfg, m.viewNames())
	for i, s := range sourceStatus {
		m.srcs[i] = source{status: s, rows: newStore(m.strs)}
	}
	m.input = theme.Input()
	m.input.Prompt = "/ "
	m.input.Placeholder = i18n.T("browser.filter.placeholder")
	m.input.CharLimit = 100
	m.input.Cursor.SetMode(cursor.CursorStatic)
	m.input.PromptStyle = theme.Key
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(theme.Muted))
	m.srcs[0].loading, m.srcs[0].reset, m.srcs[0].seq = true, true, 1
	m.srcs[0].reqCtx, m.srcs[0].cancel = context.WithTimeout(context.Background(), fetchTimeout)
	m.loadMirror()
	m.SetSize(80, 24)
	return m
}

// Init sends the request for the first page of the first tab (prepared by New).
// The mirror's first frame, when prefetched, comes from it too (prefetch.go).
func (m Model) Init() tea.Cmd {
	var mirrored tea.Cmd
	if m.mir.await != nil {
		mirrored = awaitFirstFrame(m.mir.await)
	}
	return tea.Batch(mirrored, m.firstPage(), m.spin.Tick, m.configNotice(), m.afterFirstFrame())
}

// settle is how long after Init the mirror's background reads begin (every row, the
// attributes, the views' counts): the first frame is written at the renderer's next
// tick, 60 a second, and those reads, tens of milliseconds of CPU, would otherwise
// take both cores from it on a 2-core machine (docs/performance.md, "Start").
const settle = 2 * time.Second / 60

// startedMsg says the first frame is out: the background reads may begin.
type startedMsg struct{}

// afterFirstFrame starts the mirror's background reads a little after the start.
func (m Model) afterFirstFrame() tea.Cmd {
	if m.mir.db == nil {
		return nil
	}
	return tea.Tick(settle, func(time.Time) tea.Msg { return startedMsg{} })
}

// SetSize sets the size View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.hgt = max(width, 1), max(height, 1)
	m.input.Width = max(min(m.width/2-4, 40), 8) // room beside it for the position and the sort
	m.cols = m.computeLayout()
	m.scroll()
}

// Selected returns the listing under the cursor as the list gave it: the fields of
// listFields, cleaned.
func (m Model) Selected() (api.Listing, bool) {
	r := m.selectedRow()
	if r == nil {
		return api.Listing{}, false
	}
	return m.srcs[m.def(m.cur).src].rows.listing(r), true
}

func (m *Model) selectedRow() *row {
	t := &m.tabs[m.cur]
	if t.cursor < 0 || t.cursor >= len(t.vis) {
		return nil
	}
	return m.srcs[m.def(m.cur).src].rows.at(t.vis[t.cursor])
}

func (m *Model) params(si, cursor int) api.ListParams {
	return api.ListParams{Lang: m.lang, Status: m.srcs[si].status, Limit: m.limit, Cursor: cursor, Fields: listFields}
}
