package browser

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// modService is a fakeLister that also answers the detail of a listing and reports
// a budget, as *api.Client does.
type modService struct {
	fakeLister
	reasons map[int]string // the blocked listings' reasons; absent: none given
	gets    []int          // the ids whose detail was asked for, in order
	budget  api.Budget
}

func (f *modService) GetListing(_ context.Context, id int, lang string) (*api.ListingDetail, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gets = append(f.gets, id)
	for _, l := range f.data {
		if l.ID != id {
			continue
		}
		d := &api.ListingDetail{Lang: lang, Listing: api.ListingFull{Listing: l}}
		switch l.Status {
		case api.StatusBlocked:
			at := api.Time{Time: day0.Add(3 * time.Hour)}
			d.Moderation = &api.Moderation{Decision: "blocked", ReviewedAt: &at}
			if r, ok := f.reasons[id]; ok {
				d.Moderation.Reason = &r
			}
		case api.StatusPending:
			d.Moderation = &api.Moderation{Decision: "pending"}
		}
		return d, nil
	}
	return nil, &api.Error{Status: 404, Code: api.CodeListingNotFound}
}

func (f *modService) Budget() api.Budget {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.budget
}

func (f *modService) setBudget(used int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.budget = api.Budget{UsedMinute: used, PerMinute: 60, PerDay: 5000, UsedToday: 100}
}

func (f *modService) got() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.gets)
}

func (f *modService) setStatus(id int, st api.Status) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.data {
		if f.data[i].ID == id {
			f.data[i].Status = st
		}
	}
}

// modData is n listings from id 30000 down: blocked, pending and active in turn,
// every blocked one with a reason but those whose id ends in 1.
func modData(n int) *modService {
	f := &modService{reasons: map[int]string{}}
	f.setBudget(0)
	for i, l := range gen(n, 30000, api.StatusActive) {
		switch i % 3 {
		case 0:
			l.Status = api.StatusBlocked
			if l.ID%10 != 1 {
				f.reasons[l.ID] = fmt.Sprintf("reason %d: prohibited word", l.ID)
			}
		case 1:
			l.Status = api.StatusPending
		}
		f.data = append(f.data, l)
	}
	return f
}

// modLoaded is a browser over svc of size w×h after its first load.
func modLoaded(t testing.TB, svc Lister, w, h int) Model {
	t.Helper()
	m := New(svc, "uk")
	m.rev.settle = time.Millisecond // the rows on screen settle at once, through the timer
	m.SetSize(w, h)
	m, _ = rootLoop.Drain(m, m.Init())
	return m
}

// rootLoop runs the browser as the root does: its own answers come back to it, and
// so does msgs.ListingChanged, which the root hands to every view.
var rootLoop = tuitest.Loop[Model]{Own: rootOwn, Skip: tuitest.Is[spinner.TickMsg]}

func rootOwn(msg tea.Msg) bool {
	if _, ok := msg.(msgs.ListingChanged); ok {
		return true
	}
	return reflect.TypeOf(msg).PkgPath() == reflect.TypeOf(Model{}).PkgPath()
}

// onScreen returns the ids of the rows in the window, and those of them that are
// blocked.
func onScreen(m Model) (all, blocked []int) {
	t := &m.tabs[m.cur]
	rows := &m.srcs[m.def(m.cur).src].rows
	for i := t.offset; i < min(t.offset+m.bodyHeight(), len(t.vis)); i++ {
		r := rows.at(t.vis[i])
		all = append(all, r.id)
		if rows.status(r) == api.StatusBlocked {
			blocked = append(blocked, r.id)
		}
	}
	return all, blocked
}

func sorted(ids []int) []int {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return ids
}

// Support staff read why every blocked listing on screen was blocked: one request
// each, for the blocked rows on screen only, never twice, kept across refreshes
// unless the listing's status changed; the others hear of each answer.
func TestModerationShowsReasonsOfBlockedRowsOnScreen(t *testing.T) {
	f := modData(90) // 60 in the moderation tab: 30 blocked, 30 pending
	m := modLoaded(t, f, 80, 24)
	var changes []msgs.ListingChanged
	recording := tuitest.Loop[Model]{Skip: rootLoop.Skip, Own: func(msg tea.Msg) bool {
		if c, ok := msg.(msgs.ListingChanged); ok {
			changes = append(changes, c)
		}
		return rootOwn(msg)
	}}
	m, _ = recording.Press(m, "shift+tab")
	_, blocked := onScreen(m)
	if len(blocked) < 5 || len(blocked) > 15 {
		t.Fatalf("%d blocked rows on screen", len(blocked))
	}
	if got := f.got(); !slices.Equal(sorted(got), sorted(blocked)) {
		t.Fatalf("details asked for %v, want the blocked rows on screen %v", got, blocked)
	}
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "review", "reason 30000: prohibited", "awaiting review", "no reason given")
	tuitest.Lacks(t, s, "…")
	tuitest.CheckSize(t, m.View(), 80, 24)
	// The root was told each answer, with its moderation block.
	var told []int
	for _, c := range changes {
		if c.Listing == nil || c.Moderation == nil || c.Status != api.StatusBlocked {
			t.Fatalf("ListingChanged without the detail: %+v", c)
		}
		told = append(told, c.ID)
	}
	if !slices.Equal(sorted(told), sorted(blocked)) {
		t.Fatalf("told %v, want %v", told, blocked)
	}

	// A refresh keeps them; moving back and forth asks only for the rows new on screen.
	m, _ = rootLoop.Press(m, "r", "up", "down")
	if n := len(f.got()); n != len(blocked) {
		t.Fatalf("a refresh asked again: %v", f.got())
	}
	m, _ = rootLoop.Press(m, "pgdown")
	_, blocked2 := onScreen(m)
	want := sorted(append(slices.Clone(blocked), blocked2...))
	want = slices.Compact(want)
	if got := sorted(f.got()); !slices.Equal(got, want) {
		t.Fatalf("after pgdown asked for %v, want %v", got, want)
	}
	m, _ = rootLoop.Press(m, "pgup", "pgdown", "tab", "shift+tab")
	if got := sorted(f.got()); !slices.Equal(got, want) {
		t.Fatalf("coming back asked again: %v", got)
	}

	// A listing whose status changed is asked for again once blocked, not while
	// pending.
	m, _ = rootLoop.Press(m, "g")
	first, _ := onScreen(m)
	f.setStatus(30000, api.StatusPending)
	f.setStatus(first[1], api.StatusBlocked) // pending until now
	f.mu.Lock()
	f.reasons[first[1]] = fmt.Sprintf("reason %d: a new one", first[1])
	f.mu.Unlock()
	before := len(f.got())
	m, _ = rootLoop.Press(m, "r")
	if got := f.got()[before:]; !slices.Equal(got, []int{first[1]}) {
		t.Fatalf("after the status changes asked for %v, want [%d]", got, first[1])
	}
	s = tuitest.Screen(m)
	tuitest.Lacks(t, s, "reason 30000")
	tuitest.Contains(t, s, fmt.Sprintf("reason %d", first[1]))
}

// At most two reasons are on their way at once, and none while the budget is short:
// the last tenth of the minute is the user's.
func TestModerationReasonsInFlightAndBudget(t *testing.T) {
	f := modData(60)
	m := modLoaded(t, f, 80, 24)
	m.rev.settle = 0
	m, cmd := m.Update(tuitest.Key("shift+tab"))
	page := runPage(t, cmd)
	m, cmd = m.Update(page)
	answers := loop.Collect(cmd)
	if n := len(f.got()); n != 2 {
		t.Fatalf("%d details asked for at once, want 2", n)
	}
	if l, _ := m.Selected(); f.got()[0] != l.ID {
		t.Fatalf("the cursor's row (%d) is not asked for first: %v", l.ID, f.got())
	}
	if !strings.Contains(tuitest.Screen(m), "…") {
		t.Fatalf("no … while loading:\n%s", tuitest.Screen(m))
	}
	// One answer makes room for one more.
	m, cmd = m.Update(answers[0])
	next := loop.Collect(cmd)
	if n := len(f.got()); n != 3 {
		t.Fatalf("after an answer %d asked for, want 3", n)
	}
	// A short budget holds the rest, …
	f.setBudget(55)
	m, cmd = m.Update(answers[1])
	m, _ = loop.Drain(m, cmd)
	for _, a := range next {
		m, cmd = m.Update(a)
		m, _ = loop.Drain(m, cmd)
	}
	m, _ = loop.Step(m, msgs.Tick{At: day0})
	if n := len(f.got()); n != 3 {
		t.Fatalf("with 5 of 60 left, %d asked for", n)
	}
	// … until it has room again.
	f.setBudget(20)
	m, cmd = m.Update(msgs.Tick{At: day0.Add(time.Second)})
	loop.Collect(cmd)
	if n := len(f.got()); n != 5 {
		t.Fatalf("with room again, %d asked for, want 5", n)
	}
}

// A detail another view loaded (the detail view, the watch) fills the reason: no
// request of the tab's own.
func TestModerationLearnsReasonsFromOtherViews(t *testing.T) {
	f := modData(30)
	m := modLoaded(t, f, 80, 24)
	reason := "told by the watch"
	l := f.data[0]
	m, _ = m.Update(msgs.ListingChanged{ID: l.ID, Status: api.StatusBlocked,
		Listing: &api.ListingFull{Listing: l}, Moderation: &api.Moderation{Decision: "blocked", Reason: &reason}})
	m, _ = rootLoop.Press(m, "shift+tab")
	if slices.Contains(f.got(), l.ID) {
		t.Fatalf("asked again for %d: %v", l.ID, f.got())
	}
	if len(f.got()) == 0 {
		t.Fatal("asked for no other reason")
	}
	tuitest.Contains(t, tuitest.Screen(m), reason)

	// A pending listing whose detail came says since when it awaits review.
	p := f.data[1]
	sent := api.Time{Time: day0.Add(-90 * time.Minute)}
	m, _ = rootLoop.Step(m, msgs.ListingChanged{ID: p.ID, Status: api.StatusPending,
		Listing: &api.ListingFull{Listing: p, UpdatedAt: &sent}, Moderation: &api.Moderation{Decision: "pending"}})
	m, _ = rootLoop.Press(m, "down")
	if l, _ := m.Selected(); l.ID != p.ID {
		t.Fatalf("on %d, want %d", l.ID, p.ID)
	}
	tuitest.Contains(t, tuitest.Screen(m), "awaiting review since 2026-11-04 15:03")
}

// A failed reason says so in its row, reaches the banner once, and is asked again
// after the next refresh.
func TestModerationReasonFailure(t *testing.T) {
	f := &failingDetails{modService: modData(30), fail: errors.New("connection reset")}
	m := modLoaded(t, f, 80, 24)
	m, out := rootLoop.Press(m, "shift+tab")
	if n := len(tuitest.Of[msgs.Error](out)); n != 1 {
		t.Fatalf("%d banners for the failed reasons, want 1", n)
	}
	tuitest.Contains(t, tuitest.Screen(m), "why: not loaded (connection reset) · r retries")
	asked := len(f.got())
	f.fail = nil
	m, _ = rootLoop.Press(m, "r")
	if len(f.got()) != 2*asked {
		t.Fatalf("after r asked for %d, want %d again", len(f.got())-asked, asked)
	}
	tuitest.Lacks(t, tuitest.Screen(m), "not loaded")
}

type failingDetails struct {
	*modService
	fail error
}

func (f *failingDetails) GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
	d, err := f.modService.GetListing(ctx, id, lang)
	if f.fail != nil {
		return nil, f.fail
	}
	return d, err
}

// While the moderation tab is on screen and holds a pending listing, it reloads
// every minute, on the same path as r, keeping the cursor on its listing; not when
// the budget is short, not once the tab is left or nothing is pending.
func TestModerationTabRefreshesWhilePending(t *testing.T) {
	f := modData(30)
	m := modLoaded(t, f, 80, 24)
	m, _ = rootLoop.Press(m, "shift+tab", "down", "down", "down")
	sel, _ := m.Selected()
	t0 := day0
	tick := func(d time.Duration) {
		t.Helper()
		m, _ = rootLoop.Step(m, msgs.Tick{At: t0.Add(d)})
	}
	calls := f.nCalls()
	tick(0)
	tick(30 * time.Second)
	tick(59 * time.Second)
	if f.nCalls() != calls {
		t.Fatalf("reloaded within the minute: %d calls", f.nCalls()-calls)
	}
	// A new pending listing arrives first in the list: the cursor stays on its listing.
	f.mu.Lock()
	f.data = append([]api.Listing{{ID: 30001, Title: "Brand new pending", Status: api.StatusPending,
		Price: price("10"), Currency: "UAH", CreatedAt: api.Time{Time: day0}}}, f.data...)
	f.mu.Unlock()
	tick(60 * time.Second)
	if f.nCalls() != calls+1 {
		t.Fatalf("a minute on: %d calls, want 1", f.nCalls()-calls)
	}
	if p := f.last(); p.Status != api.StatusAll || p.Cursor != 0 {
		t.Fatalf("reloaded with %+v", p)
	}
	if l, _ := m.Selected(); l.ID != sel.ID {
		t.Fatalf("the cursor moved from %d to %d", sel.ID, l.ID)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Brand new pending")

	// Not while the budget is short.
	f.setBudget(55)
	tick(125 * time.Second)
	if f.nCalls() != calls+1 {
		t.Fatal("reloaded with 5 of 60 requests left")
	}
	f.setBudget(10)
	tick(126 * time.Second)
	if f.nCalls() != calls+2 {
		t.Fatalf("budget back: %d calls, want 2", f.nCalls()-calls)
	}

	// A refresh already on its way is joined.
	m, rcmd := m.Update(tuitest.Key("r"))
	m, tcmd := m.Update(msgs.Tick{At: t0.Add(200 * time.Second)})
	m, _ = rootLoop.Drain(m, tea.Batch(rcmd, tcmd))
	if f.nCalls() != calls+3 {
		t.Fatalf("r and a due refresh: %d calls, want 1", f.nCalls()-calls-2)
	}

	// Another tab on screen: no refresh.
	m, _ = rootLoop.Press(m, "tab")
	calls = f.nCalls()
	tick(400 * time.Second)
	tick(600 * time.Second)
	if f.nCalls() != calls {
		t.Fatal("refreshed while another tab was shown")
	}

	// Nothing pending: no refresh either.
	f.mu.Lock()
	for i := range f.data {
		if f.data[i].Status == api.StatusPending {
			f.data[i].Status = api.StatusBlocked
		}
	}
	f.mu.Unlock()
	m, _ = rootLoop.Press(m, "shift+tab", "r")
	calls = f.nCalls()
	tick(700 * time.Second)
	tick(800 * time.Second)
	if f.nCalls() != calls {
		t.Fatal("refreshed with nothing pending")
	}
}

// The review lines fit 80×24 and 60×15.
func TestModerationSizes(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {60, 15}, {140, 40}, {40, 10}} {
		f := modData(30)
		m := modLoaded(t, f, sz[0], sz[1])
		m, _ = rootLoop.Press(m, "shift+tab")
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
		s := tuitest.Screen(m)
		if sz[0] >= 60 {
			tuitest.Contains(t, s, "awaiting review", "reason 30000", "why:")
		}
		if sz[0] >= 80 { // the reason with its time, on the row's own line
			tuitest.Contains(t, s, "why: reason 29997: prohibited word · reviewed 2026-11-04 19:33")
		}
		m, _ = rootLoop.Press(m, "down")
		tuitest.CheckSize(t, m.View(), sz[0], sz[1])
	}
	m := modLoaded(t, modData(30), 80, 24)
	m, _ = rootLoop.Press(m, "shift+tab")
	for _, sz := range [][2]int{{1, 1}, {10, 2}, {20, 4}, {0, 0}, {30, 12}} {
		m.SetSize(sz[0], sz[1])
		tuitest.CheckSize(t, m.View(), max(sz[0], 1), max(sz[1], 1))
	}
}

// The moderation tab with its reasons, as support staff read it at 80×24.
func TestGoldenModerationReasons(t *testing.T) {
	data := fixture()
	long := fixture()[3]
	long.ID, long.Title, long.Status = 10003, "Nike Air Jordan 1 sneakers, EU 43", api.StatusBlocked
	none := fixture()[3]
	none.ID, none.Title, none.Status = 10002, "Кросівки без причини", api.StatusBlocked
	data = append(data, long, none)
	f := &modService{fakeLister: fakeLister{data: data}, reasons: map[int]string{
		10007: "counterfeit goods",
		10003: "the listing contains the prohibited word “fake”; remove it and edit the listing to resubmit it",
	}}
	f.setBudget(0)
	m := modLoaded(t, f, 80, 24)
	m, _ = rootLoop.Press(m, "shift+tab", "down")
	tuitest.CheckSize(t, m.View(), 80, 24)
	// Every row's reason is whole, not only the one under the cursor: the prohibited
	// word in the middle of the sandbox's reason shows.
	words := strings.Join(strings.Fields(tuitest.Screen(m)), " ")
	tuitest.Contains(t, words, "why: "+f.reasons[10003]+" · reviewed 2026-11-04 19:33", "why: counterfeit goods")
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
	m.SetSize(140, 24)
	tuitest.Contains(t, tuitest.Screen(m), "why: "+f.reasons[10003]+" · reviewed 2026-11-04 19:33")
}

// Rows scrolled past cost nothing: the reasons wait until the rows on screen have
// stayed for a moment, and then only theirs are asked for.
func TestModerationReasonsWaitForTheScreenToSettle(t *testing.T) {
	f := modData(120)
	m := modLoaded(t, f, 80, 24)
	m.rev.settle = 20 * time.Millisecond
	var timers []tea.Msg
	step := func(msg tea.Msg) {
		t.Helper()
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		for _, out := range loop.Collect(cmd) { // runs the timers; fetches would count
			if _, ok := out.(pageMsg); ok {
				m, cmd = m.Update(out)
				timers = append(timers, loop.Collect(cmd)...)
				continue
			}
			timers = append(timers, out)
		}
	}
	step(tuitest.Key("shift+tab"))
	for range 4 {
		step(tuitest.Key("pgdown"))
	}
	if got := f.got(); len(got) != 0 {
		t.Fatalf("asked for %v while the screen moved", got)
	}
	if len(timers) < 5 {
		t.Fatalf("%d timers", len(timers))
	}
	for _, msg := range timers { // every timer ends; only the last one is current
		m, _ = rootLoop.Step(m, msg)
	}
	_, blocked := onScreen(m)
	if got := f.got(); !slices.Equal(sorted(got), sorted(blocked)) {
		t.Fatalf("asked for %v, want the last screen's %v", got, blocked)
	}
}

// A language change gives up the reasons on their way: their listing, in the old
// language, is not told to the others.
func TestModerationLangChangeDropsReasonsOnTheirWay(t *testing.T) {
	f := modData(30)
	m := modLoaded(t, f, 80, 24)
	m.rev.settle = 0
	m, cmd := m.Update(tuitest.Key("shift+tab"))
	m, cmd = m.Update(runPage(t, cmd))
	answers := loop.Collect(cmd)
	if len(answers) != 2 {
		t.Fatalf("%d answers", len(answers))
	}
	m, _ = m.Update(msgs.LangChanged{Lang: "en"})
	for _, a := range answers {
		m, cmd = m.Update(a)
		if c := tuitest.Of[msgs.ListingChanged](loop.Collect(cmd)); len(c) != 0 {
			t.Fatalf("an answer in the old language was told: %+v", c)
		}
	}
}
