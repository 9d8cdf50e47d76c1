package browser

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestFirstLoad(t *testing.T) {
	f := &fakeLister{data: gen(220, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	if f.nCalls() != 1 {
		t.Fatalf("calls = %d, want 1", f.nCalls())
	}
	p := f.last()
	if p.Status != api.StatusActive || p.Limit != 100 || p.Cursor != 0 || p.Lang != "uk" ||
		!slices.Equal(p.Fields, []string{"id", "title", "price", "currency", "status", "city", "views", "vip", "top", "created_at", "url"}) {
		t.Fatalf("params = %+v", p)
	}
	if got := len(m.tabs[0].vis); got != 100 {
		t.Fatalf("visible rows = %d, want 100", got)
	}
	s := tuitest.Screen(m)
	if !strings.Contains(s, "active 100+") {
		t.Errorf("tab line lacks the count with +:\n%s", s)
	}
	if l, ok := m.Selected(); !ok || l.ID != 20000 {
		t.Errorf("selected = %v %v, want 20000", l.ID, ok)
	}
}

func TestPrefetchWithinOneScreenNotAtEnd(t *testing.T) {
	f := &fakeLister{data: gen(220, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24) // 21 rows on screen
	var cmd tea.Cmd
	for i := 1; i <= 78; i++ {
		m, cmd = m.Update(tuitest.Key("down"))
		if cmd != nil {
			t.Fatalf("a request at cursor %d, 21 rows before the end", i)
		}
	}
	m, cmd = m.Update(tuitest.Key("j")) // cursor 79: 20 rows left, within one screen
	if cmd == nil {
		t.Fatal("no prefetch within one screen of the end")
	}
	// While it is in flight, moving does not send another.
	m2, cmd2 := m.Update(tuitest.Key("down"))
	if _, out := loop.Drain(m2, cmd2); len(out) != 0 || f.nCalls() != 1 {
		t.Fatalf("second request while one is in flight: %d calls", f.nCalls())
	}
	if !strings.Contains(tuitest.Screen(m), "loading more") {
		t.Errorf("no loading line while the page is in flight:\n%s", tuitest.Screen(m))
	}
	m, _ = loop.Drain(m, cmd)
	if p := f.last(); p.Cursor != 19901 || p.Limit != 100 || p.Status != api.StatusActive {
		t.Fatalf("next page params = %+v", p)
	}
	if got, cur := len(m.tabs[0].vis), m.tabs[0].cursor; got != 200 || cur != 79 {
		t.Fatalf("rows %d cursor %d, want 200 and 79", got, cur)
	}
	if !strings.Contains(tuitest.Screen(m), "active 200+") {
		t.Errorf("count not updated:\n%s", tuitest.Screen(m))
	}
}

func TestStaleAnswerDropped(t *testing.T) {
	f := &fakeLister{data: gen(150, 20000, api.StatusActive)}
	m := New(f, "uk")
	m, _ = loop.Drain(m, m.Init())
	m, next := m.Update(tuitest.Key("G")) // the next page goes out
	f.tag = " v2"
	m, refresh := m.Update(tuitest.Key("r")) // and a refresh supersedes it
	newMsg := runPage(t, refresh)
	oldMsg := runPage(t, next) // answered later, with the old data
	f.tag = ""
	m, _ = m.Update(newMsg)
	m, _ = m.Update(oldMsg)
	if l, _ := m.Selected(); !strings.HasSuffix(l.Title, " v2") || len(m.tabs[0].vis) != 100 {
		t.Fatalf("the stale answer was taken: %q, %d rows", l.Title, len(m.tabs[0].vis))
	}
	// A refresh while the same first page is in flight is joined, not sent again.
	before := f.nCalls()
	m, again := m.Update(tuitest.Key("r"))
	m, twice := m.Update(tuitest.Key("r"))
	answer := runPage(t, again)
	tuitest.Collect(twice, tuitest.Is[spinner.TickMsg])
	if f.nCalls() != before+1 {
		t.Fatalf("two refreshes in a row sent %d requests", f.nCalls()-before)
	}
	m, _ = m.Update(answer)

	// A language change makes the answer in flight stale too.
	m, cmd := m.Update(tuitest.Key("r"))
	inFlight := runPage(t, cmd)
	m, cmd = m.Update(msgs.LangChanged{Lang: "en"})
	m, _ = m.Update(inFlight)
	if len(m.tabs[0].vis) != 0 {
		t.Fatal("an answer in the old language was shown")
	}
	m, _ = loop.Drain(m, cmd)
	if l, _ := m.Selected(); !strings.HasPrefix(l.Title, "[en] ") {
		t.Fatalf("title %q, want the en one", l.Title)
	}
}

// runPage runs a load command and returns its page answer.
func runPage(t *testing.T, cmd tea.Cmd) pageMsg {
	t.Helper()
	pages := tuitest.Of[pageMsg](loop.Collect(cmd))
	if len(pages) == 0 {
		t.Fatal("no page request in the command")
	}
	return pages[0]
}

func TestTabsKeepRowsAndCursor(t *testing.T) {
	data := append(gen(30, 20000, api.StatusActive), gen(5, 10000, api.StatusInactive)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "down", "down", "down")
	m, _ = loop.Press(m, "tab")
	if f.nCalls() != 2 || f.last().Status != api.StatusInactive {
		t.Fatalf("switching to inactive: calls %d, last %+v", f.nCalls(), f.last())
	}
	if s := tuitest.Screen(m); !strings.Contains(s, "inactive 5") || !strings.Contains(s, "Listing 10000") {
		t.Fatalf("inactive tab:\n%s", s)
	}
	m, _ = loop.Press(m, "shift+tab")
	if f.nCalls() != 2 {
		t.Fatalf("coming back refetched: %d calls", f.nCalls())
	}
	if l, _ := m.Selected(); l.ID != 19997 {
		t.Fatalf("cursor not kept: on %d", l.ID)
	}
	m, _ = loop.Press(m, "r")
	if f.nCalls() != 3 || f.last().Cursor != 0 || f.last().Status != api.StatusActive {
		t.Fatalf("refresh: %+v", f.last())
	}
	if l, _ := m.Selected(); l.ID != 19997 {
		t.Fatalf("refresh moved the cursor to %d", l.ID)
	}
}

func TestModerationTabFromAll(t *testing.T) {
	data := gen(120, 20000, api.StatusActive) // the first page of all has no moderation rows
	data = append(data, gen(3, 19000, api.StatusPending)...)
	data = append(data, gen(2, 18000, api.StatusBlocked)...)
	data = append(data, gen(10, 17000, api.StatusSold)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "shift+tab")
	if m.def(m.cur).name != "moderation" {
		t.Fatalf("on tab %q", m.def(m.cur).name)
	}
	// The first all page added nothing visible, so the next came on its own.
	if f.nCalls() != 3 {
		t.Fatalf("calls = %d, want 3", f.nCalls())
	}
	for _, p := range f.calls[1:] {
		if p.Status != api.StatusAll {
			t.Fatalf("moderation fetched %q", p.Status)
		}
	}
	ids := visibleIDs(m)
	if want := []int{19000, 18999, 18998, 18000, 17999}; !slices.Equal(ids, want) {
		t.Fatalf("moderation rows %v, want %v", ids, want)
	}
	s := tuitest.Screen(m)
	if !strings.Contains(s, "moderation 5") || strings.Contains(s, "● active") {
		t.Fatalf("moderation tab:\n%s", s)
	}
	// The all tab shares what was fetched: no request.
	m, _ = loop.Press(m, "shift+tab")
	if f.nCalls() != 3 || len(m.tabs[m.cur].vis) != 135 {
		t.Fatalf("all tab: %d calls, %d rows", f.nCalls(), len(m.tabs[m.cur].vis))
	}
}

func TestModerationHuntIsBounded(t *testing.T) {
	f := &fakeLister{data: gen(2000, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "shift+tab")
	if got := f.nCalls() - 1; got != maxAutoPages {
		t.Fatalf("%d pages for one key, want %d", got, maxAutoPages)
	}
	if s := tuitest.Screen(m); !strings.Contains(s, "No pending or blocked listings among the 500 loaded") {
		t.Fatalf("empty moderation tab:\n%s", s)
	}
	m, _ = loop.Press(m, "down") // another action: another bounded hunt
	if got := f.nCalls() - 1; got != 2*maxAutoPages {
		t.Fatalf("%d pages after two actions", got)
	}
}

func TestFilter(t *testing.T) {
	f := &fakeLister{data: fixture()}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all
	m, _ = loop.Press(m, "/")
	if !m.Capturing() {
		t.Fatal("not capturing after /")
	}
	m, _ = loop.Type(m, "КИЇВ")
	if ids := visibleIDs(m); !slices.Equal(ids, []int{10010, 10004}) {
		t.Fatalf("city filter: %v", ids)
	}
	m, _ = loop.Press(m, "backspace", "backspace", "backspace", "backspace")
	m, _ = loop.Type(m, "10006")
	if ids := visibleIDs(m); !slices.Equal(ids, []int{10006}) {
		t.Fatalf("id filter: %v", ids)
	}
	m, _ = loop.Press(m, "enter")
	if m.Capturing() || !slices.Equal(visibleIDs(m), []int{10006}) {
		t.Fatal("enter did not keep the filter and leave the input")
	}
	// Letters are keys again: s sorts.
	m, _ = loop.Press(m, "s")
	if m.order.col != sortTitle {
		t.Fatal("s after enter did not sort")
	}
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "zzz")
	if s := tuitest.Screen(m); !strings.Contains(s, "No loaded listing matches “10006zzz”") {
		t.Fatalf("no-match state:\n%s", s)
	}
	m, _ = loop.Press(m, "esc")
	if m.Capturing() || len(visibleIDs(m)) != 7 {
		t.Fatalf("esc left %d rows, capturing %v", len(visibleIDs(m)), m.Capturing())
	}
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "lego")
	if ids := visibleIDs(m); !slices.Equal(ids, []int{10004}) {
		t.Fatalf("title filter: %v", ids)
	}
}

func TestSortBothWaysAndMerge(t *testing.T) {
	f := &fakeLister{data: gen(160, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "s", "s") // price ↑
	if !strings.Contains(tuitest.Screen(m), "price ↑") {
		t.Fatalf("header lacks price ↑:\n%s", tuitest.Screen(m))
	}
	isSorted := func(desc bool) bool {
		rows := &m.srcs[0].rows
		return slices.IsSortedFunc(m.tabs[0].vis, func(a, b int) int {
			c := 0
			switch {
			case rows.at(a).priceF < rows.at(b).priceF:
				c = -1
			case rows.at(a).priceF > rows.at(b).priceF:
				c = 1
			}
			if desc {
				c = -c
			}
			return c
		})
	}
	if !isSorted(false) {
		t.Fatal("not ascending by price")
	}
	m, _ = loop.Press(m, "S")
	if !isSorted(true) || !strings.Contains(tuitest.Screen(m), "price ↓") {
		t.Fatal("S did not reverse")
	}
	m, _ = loop.Press(m, "G") // the end: the next page comes and merges in order
	if f.nCalls() != 2 || len(m.tabs[0].vis) != 160 || !isSorted(true) {
		t.Fatalf("after the second page: %d calls, %d rows, sorted %v", f.nCalls(), len(m.tabs[0].vis), isSorted(true))
	}
	for range numSortCols - 3 { // +7d is skipped without a mirror
		m, _ = loop.Press(m, "s")
	}
	if m.order.col != sortServer || !slices.IsSortedFunc(visibleIDs(m), func(a, b int) int { return b - a }) {
		t.Fatal("cycling back did not restore the service's order")
	}
}

func TestListingChangedInPlace(t *testing.T) {
	f := &fakeLister{data: fixture()}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all, also holds 10010
	m, _ = m.Update(msgs.ListingChanged{ID: 10010, Status: api.StatusPending})
	if s := tuitest.Screen(m); !strings.Contains(s, "◔ pending") {
		t.Fatalf("all tab not updated:\n%s", s)
	}
	m, _ = loop.Press(m, "shift+tab", "shift+tab", "shift+tab", "shift+tab") // active
	if l, _ := m.Selected(); l.ID != 10010 || l.Status != api.StatusPending {
		t.Fatalf("active tab row: %+v", l)
	}
	full := &api.ListingFull{Listing: api.Listing{ID: 10010, Title: "New \x1b]0;title\x07name", Price: price("0"), Currency: "UAH", Status: api.StatusActive}, PriceType: api.PriceFree}
	m, _ = m.Update(msgs.ListingChanged{ID: 10010, Status: api.StatusActive, Listing: full})
	s := tuitest.Screen(m)
	if !strings.Contains(s, "New name") || !strings.Contains(s, "free") || strings.Contains(s, "\x1b") {
		t.Fatalf("full change not applied cleanly:\n%s", s)
	}
	if l, _ := m.Selected(); l.URL == "" {
		t.Fatal("url lost")
	}
}

func TestLangChangedReloadsCurrentTab(t *testing.T) {
	data := append(gen(5, 20000, api.StatusActive), gen(5, 10000, api.StatusInactive)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "tab") // inactive loads
	m, cmd := m.Update(msgs.LangChanged{Lang: "ru"})
	if s := tuitest.Screen(m); !strings.Contains(s, "Loading inactive listings") {
		t.Fatalf("rows not dropped:\n%s", s)
	}
	m, _ = loop.Drain(m, cmd)
	if p := f.last(); p.Lang != "ru" || p.Status != api.StatusInactive || f.nCalls() != 3 {
		t.Fatalf("reload params %+v after %d calls", p, f.nCalls())
	}
	m, _ = loop.Press(m, "shift+tab")
	if p := f.last(); p.Lang != "ru" || p.Status != api.StatusActive || f.nCalls() != 4 {
		t.Fatalf("active tab not reloaded in ru: %+v", p)
	}
	if l, _ := m.Selected(); !strings.HasPrefix(l.Title, "[ru] ") {
		t.Fatalf("title %q", l.Title)
	}
}

func TestFailedLoadKeepsRows(t *testing.T) {
	f := &fakeLister{data: gen(10, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	boom := &api.Error{Status: 429, Code: api.CodeRateLimitExceeded, Hint: "slow down", RetryAfter: 7e9}
	f.err = boom
	m, out := loop.Press(m, "r")
	if len(out) != 1 {
		t.Fatalf("messages %v", out)
	}
	e, ok := out[0].(msgs.Error)
	if !ok || e.Op != "load listings" || !errors.Is(e.Err, boom) {
		t.Fatalf("got %#v", out[0])
	}
	s := tuitest.Screen(m)
	if !strings.Contains(s, "⟳ stale") || !strings.Contains(s, "Listing 20000") {
		t.Fatalf("rows or stale mark missing:\n%s", s)
	}
	// Moving does not hammer the service while stale.
	m, _ = loop.Press(m, "down")
	if f.nCalls() != 2 {
		t.Fatalf("%d calls", f.nCalls())
	}
	f.err = nil
	m, _ = loop.Press(m, "r")
	if strings.Contains(tuitest.Screen(m), "stale") {
		t.Fatal("stale mark kept after a good load")
	}
}

func TestFirstLoadFailure(t *testing.T) {
	f := &fakeLister{err: errors.New("connection refused")}
	m := loaded(t, f, 80, 24)
	if s := tuitest.Screen(m); !strings.Contains(s, "Could not load active listings: connection refused") {
		t.Fatalf("error state:\n%s", s)
	}
}

// A price is written as the interface's language writes it (i18n's Price): the
// currency before it and commas in English, after it and spaces in Ukrainian.
func TestPriceFormat(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, tc := range []struct {
		lang              i18n.Lang
		in, cur, pt, want string
	}{
		{i18n.English, "15000.50", "UAH", "", "UAH 15,000.50"},
		{i18n.English, "0", "UAH", "", "free/exchange"}, // the list view does not say which
		{i18n.English, "0", "UAH", api.PriceSell, "UAH 0"},
		{i18n.English, "0", "UAH", api.PriceExchange, "exchange"},
		{i18n.English, "1250000", "EUR", "", "EUR 1,250,000"},
		{i18n.English, "999", "USD", "", "USD 999"},
		{i18n.English, "-1234.5", "", "", "-1,234.5"},
		{i18n.English, "1e6", "UAH", "", "UAH 1e6"},
		{i18n.Ukrainian, "15000.50", "UAH", "", "15\u00a0000,50 грн"},
		{i18n.Ukrainian, "0", "UAH", "", "безкошт./обмін"},
		{i18n.Ukrainian, "0", "UAH", api.PriceFree, "безкоштовно"},
		{i18n.Ukrainian, "1250000", "EUR", "", "1\u00a0250\u00a0000 €"},
		{i18n.Russian, "999", "USD", "", "999 $"},
		{i18n.Ukrainian, "7", "PLN", "", "7 PLN"}, // a currency without a word keeps its code
	} {
		i18n.Use(tc.lang)
		if got := formatPrice(price(tc.in), tc.cur, tc.pt); got != tc.want {
			t.Errorf("%s: %s %s %s: %q, want %q", tc.lang, tc.in, tc.cur, tc.pt, got, tc.want)
		}
	}
	i18n.Use(i18n.English)
	if got := formatPrice(api.Price{}, "UAH", ""); got != "—" {
		t.Errorf("no price: %q", got)
	}
}
