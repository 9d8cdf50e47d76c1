package browser

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// The moderation tab lists the pending and blocked listings of the "all" source and
// says why each blocked one was blocked. The list view of the API has no moderation
// block: only the detail of one listing (GET /api/v1/my/listings/{id}) has it. So the
// tab asks for the detail of the blocked rows on screen, one request each, once the
// screen has stayed the same for reviewSettle (rows scrolled past cost nothing), at
// most maxReviewFlight at a time and only while the budget has room (budgetShort); an
// answer is kept by id, across refreshes, until the row's status is another than the
// one it was learnt with. A detail another view loads (msgs.ListingChanged with a
// listing: the detail view, the watch) fills the same cache for nothing, and the
// browser's own answers are told to the others the same way.
//
// While the tab is on screen and holds pending rows, its source is reloaded every
// refreshEvery, as r does (joining a first page already in flight), unless the
// budget is short.

// Detailer is what the moderation tab needs to say why a listing was blocked: the
// detail of one listing; *api.Client satisfies it.
type Detailer interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
}

// Budgeter reports the request budget, which the moderation tab's own requests
// leave to the user when it runs short; *api.Client satisfies it.
type Budgeter interface {
	Budget() api.Budget
}

// Option configures New.
type Option func(*Model)

// WithDetailer sets where the moderation tab gets the reasons; by default the
// Lister, when it is a Detailer. A nil Detailer turns the fetching off.
func WithDetailer(d Detailer) Option { return func(m *Model) { m.rev.det = d } }

// WithBudget sets the budget the moderation tab's fetches and refreshes respect;
// by default the Lister's, when it is a Budgeter. nil: no limit but the flight.
func WithBudget(b Budgeter) Option { return func(m *Model) { m.rev.budget = b } }

// Update handles keys, mouse, page answers and the root's messages (update), and
// then asks for the reasons the moderation tab on screen lacks.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if m, cmd, held := m.holdUntilFirstFrame(msg); held {
		m.countMarks()
		return m, cmd
	}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case reviewMsg:
		m, cmd = m.onReview(msg)
	case settledMsg:
		m.rev.settled = m.rev.settled || msg.seq == m.rev.screenSeq
	case msgs.Tick:
		m.rev.now = msg.At
		cmd = m.autoRefresh()
		if cmd == nil && m.walking() {
			cmd = m.prefetch() // a walk the budget paused goes on (walk.go)
		}
	case pageMsg:
		s := &m.srcs[max(min(msg.src, len(m.srcs)-1), 0)]
		taken := msg.src >= 0 && msg.src < len(m.srcs) && msg.seq == s.seq && s.loading
		m, cmd = m.update(msg)
		if taken && msg.reset && msg.err == nil && msg.src == tabDefs[modTab].src {
			m.rev.loadedAt = m.rev.now
			m.rev.gen++
		}
	case msgs.ListingChanged:
		m.learn(msg)
		m, cmd = m.update(msg)
	case msgs.LangChanged:
		m.dropFlying()
		m, cmd = m.update(msg)
	default:
		m, cmd = m.update(msg)
	}
	cmd = tea.Batch(cmd, m.watchScreen(), m.wantReviews())
	m.countMarks()
	return m, cmd
}

// watchScreen notes a change of the rows on screen in the moderation tab: their
// reasons wait until they have stayed for reviews.settle.
func (m *Model) watchScreen() tea.Cmd {
	if m.rev.det == nil {
		return nil
	}
	var k screenKey
	if m.cur == modTab {
		t := &m.tabs[m.cur]
		rows := &m.srcs[m.def(m.cur).src].rows
		end := m.windowEnd()
		k = screenKey{tab: m.cur, offset: t.offset, n: end - t.offset}
		if end > t.offset {
			k.first, k.last = rows.at(t.vis[t.offset]).id, rows.at(t.vis[end-1]).id
		}
	}
	if k == m.rev.screen {
		return nil
	}
	m.rev.screen, m.rev.settled = k, false
	m.rev.screenSeq++
	if m.cur != modTab {
		return nil
	}
	if m.rev.settle <= 0 {
		m.rev.settled = true
		return nil
	}
	return settleAfter(m.rev.settle, m.rev.screenSeq)
}

// modTab is the index of the moderation tab.
var modTab = func() int {
	for i, d := range tabDefs {
		if d.moderation {
			return i
		}
	}
	panic("no moderation tab")
}()

// wantReviews asks for the reasons of the blocked rows on screen in the moderation
// tab that lack one, the cursor's first, while fewer than maxReviewFlight are on
// their way and the budget has room.
func (m *Model) wantReviews() tea.Cmd {
	if m.rev.det == nil || m.cur != modTab || !m.rev.settled {
		return nil
	}
	flying := m.rev.flying()
	if flying >= maxReviewFlight {
		return nil
	}
	t := &m.tabs[m.cur]
	rows := &m.srcs[m.def(m.cur).src].rows
	end := m.windowEnd()
	var cmds []tea.Cmd
	try := func(i int) bool { // false: stop
		r := rows.at(t.vis[i])
		st := rows.status(r)
		if r.id <= 0 || !m.rev.needs(r.id, st) { // no id, no review to ask for
			return true
		}
		if m.budgetShort(len(cmds)) {
			return false
		}
		cmds = append(cmds, m.fetchReview(r.id, st))
		flying++
		return flying < maxReviewFlight
	}
	if t.cursor >= t.offset && t.cursor < end && !try(t.cursor) {
		return tea.Batch(cmds...)
	}
	for i := t.offset; i < end; i++ {
		if i != t.cursor && !try(i) {
			break
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) fetchReview(id int, st api.Status) tea.Cmd {
	m.rev.seq++
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	m.rev.put(id, review{status: st, loading: true, seq: m.rev.seq, cancel: cancel})
	return fetchReview(ctx, cancel, m.rev.det, id, m.lang, m.rev.seq)
}

// budgetShort reports whether fewer than a tenth of the minute's budget (or of the
// day's) would be left after extra more requests: the rest is the user's.
func (m *Model) budgetShort(extra int) bool {
	if m.rev.budget == nil {
		return false
	}
	b := m.rev.budget.Budget()
	if b.PerMinute > 0 && (b.PerMinute-b.UsedMinute-extra)*10 < b.PerMinute {
		return true
	}
	return b.PerDay > 0 && (b.PerDay-b.UsedToday-extra)*10 < b.PerDay
}

func (m Model) onReview(msg reviewMsg) (Model, tea.Cmd) {
	e, ok := m.rev.cache[msg.id]
	if !ok || !e.loading || e.seq != msg.seq {
		return m, nil // superseded: the language changed, another view told it first
	}
	err := msg.err
	if err == nil && msg.detail == nil {
		err = errors.New(i18n.T("browser.why.empty_answer"))
	}
	if err != nil {
		failed := review{status: e.status, failed: termtext.Clean(err.Error()), gen: m.rev.gen}
		if api.IsNotFound(err) {
			failed.failed = i18n.T("browser.why.gone")
		}
		m.rev.put(msg.id, failed)
		if api.IsNotFound(err) || errors.Is(err, context.Canceled) || m.rev.reported {
			return m, nil
		}
		m.rev.reported = true // one banner until a reason loads again
		return m, reviewErr(err)
	}
	m.rev.reported = false
	d := msg.detail
	st := api.Status(termtext.Clean(string(d.Listing.Status)))
	m.rev.put(msg.id, learnt(st, d.Listing.UpdatedAt, d.Moderation))
	// The others learn it too, as from the detail view: the row itself is updated
	// when the root hands this back.
	l := d.Listing
	return m, emit(msgs.ListingChanged{ID: msg.id, Status: st, Listing: &l, Moderation: d.Moderation})
}

// reviewErr is loadErr for a reason: a dead key leads to the login screen, anything
// else to the banner.
func reviewErr(err error) tea.Cmd {
	if api.IsAuth(err) && (api.IsCode(err, api.CodeInvalidKey) || api.IsCode(err, api.CodeKeyRevoked)) {
		return func() tea.Msg { return msgs.Unauthorized{Err: err} }
	}
	return func() tea.Msg { return msgs.Error{Op: i18n.T("browser.why.load_op"), Err: err} }
}

// learn takes the moderation block of a detail another view loaded (or this one,
// handed back by the root); a request of its own still on its way is given up.
func (m *Model) learn(msg msgs.ListingChanged) {
	if msg.Listing == nil {
		return // only the status: rows and cache entries compare it themselves
	}
	st := msg.Status
	if st == "" {
		st = msg.Listing.Status
	}
	st = api.Status(termtext.Clean(string(st)))
	if e, ok := m.rev.cache[msg.ID]; ok && e.loading {
		e.cancel()
	}
	if !isModeration(st) {
		m.rev.drop(msg.ID)
		return
	}
	m.rev.put(msg.ID, learnt(st, msg.Listing.UpdatedAt, msg.Moderation))
}

// dropFlying gives up the reasons on their way (asked in the old language: their
// listing would be told to the others in it).
func (m *Model) dropFlying() {
	for id, e := range m.rev.cache {
		if e.loading {
			e.cancel()
			m.rev.drop(id)
		}
	}
}

// autoRefresh reloads the moderation tab's source, as r does, when the tab is shown,
// holds a pending row, its rows are refreshEvery old and the budget has room.
func (m *Model) autoRefresh() tea.Cmd {
	if m.cur != modTab {
		return nil
	}
	si := m.def(m.cur).src
	s := &m.srcs[si]
	if !s.loaded || s.stale || !m.hasPending() {
		return nil
	}
	if m.rev.loadedAt.IsZero() {
		m.rev.loadedAt = m.rev.now // loaded before the first tick: timed from now
		return nil
	}
	if m.rev.now.Sub(m.rev.loadedAt) < refreshEvery || m.budgetShort(0) {
		return nil
	}
	m.auto = 0 // as a key would: a sparse tab may take some pages again
	return m.load(si, true)
}

// hasPending reports whether the moderation tab holds a listing awaiting review.
func (m *Model) hasPending() bool {
	t := &m.tabs[modTab]
	rows := &m.srcs[tabDefs[modTab].src].rows
	for _, i := range t.sorted {
		if rows.status(rows.at(i)) == api.StatusPending {
			return true
		}
	}
	return false
}
