package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/listings-tui/listings/internal/testrace"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// shop is a Lister for a business account of n active listings shaped like the
// sandbox's grown ones (sandbox serve --listings business=N): Cyrillic titles
// numbered "#k", a city, a whole price in UAH, views, one listing an hour back, a URL
// of the listing's page. Pages are made on demand and pass through JSON, so every
// string is its own allocation, as it is when decoded from the service; nothing of
// a page stays in the fake. It records each request's status, cursor and limit.
type shop struct {
	n, first int

	mu    sync.Mutex
	calls []api.ListParams
}

func newShop(n int) *shop { return &shop{n: n, first: 20000 + n} }

var (
	shopTitles = []string{
		"Телевізор Samsung UE55CU7100 55\" 4K", "Смартфон Samsung Galaxy A55 8/256 ГБ, офіційна гарантія",
		"SSD Samsung 990 PRO 1 ТБ NVMe", "Планшет Samsung Galaxy Tab A9+ 11\" 64 ГБ",
		"Пральна машина Bosch WAN28263UA, 8 кг", "Ноутбук Lenovo IdeaPad 5 14\", Ryzen 7, 16/512",
		"Кавоварка DeLonghi Magnifica S ECAM 22.110.B", "Велосипед гірський Cross Hunter 29\", рама 19\"",
	}
	shopSlugs = []string{"televizor-samsung-ue55cu7100-55-4k", "smartfon-samsung-galaxy-a55-8-256-hb",
		"ssd-samsung-990-pro-1-tb-nvme", "planshet-samsung-galaxy-tab-a9-11-64-hb",
		"pralna-mashyna-bosch-wan28263ua-8-kh", "noutbuk-lenovo-ideapad-5-14-ryzen-7-16-512",
		"kavovarka-delonghi-magnifica-s-ecam-22-110-b", "velosyped-hirskyi-cross-hunter-29-rama-19"}
	shopCities = []string{"Київ", "Львів", "Буча", "Запоріжжя", "Васильків", "Одеса", "Харків", "Дніпро"}
	shopPrices = []int64{21999, 16499, 4599, 8999, 17999, 32999, 12999, 14500}
	shopStart  = time.Date(2026, 6, 15, 17, 35, 30, 0, api.Kyiv)
)

func (s *shop) ListListings(_ context.Context, p api.ListParams) (*api.ListPage, error) {
	s.mu.Lock()
	s.calls = append(s.calls, p)
	s.mu.Unlock()
	page := &api.ListPage{Lang: p.Lang, Listings: []api.Listing{}}
	if p.Status != api.StatusActive && p.Status != api.StatusAll {
		return page, nil
	}
	id := s.first
	if p.Cursor > 0 {
		id = p.Cursor - 1
	}
	for ; id > s.first-s.n && len(page.Listings) < p.Limit; id-- {
		k := s.first - id // 0 for the newest
		m := k % len(shopTitles)
		page.Listings = append(page.Listings, api.Listing{
			ID: id, Title: fmt.Sprintf("%s #%d", shopTitles[m], s.n-k),
			Price: api.PriceInt(shopPrices[m]), Currency: "UAH", City: strp(shopCities[k%len(shopCities)]),
			Status: api.StatusActive, Views: (k * 37) % 5000, VIP: k%11 == 0, Top: k%13 == 0,
			URL:       fmt.Sprintf("http://127.0.0.1:18190/l/%d-%s-%d", id, shopSlugs[m], s.n-k),
			CreatedAt: api.Time{Time: shopStart.Add(-time.Duration(k) * time.Hour)},
		})
	}
	page.Count = len(page.Listings)
	if page.Count == p.Limit { // as the service: a full page has a next cursor
		nc := page.Listings[page.Count-1].ID
		page.NextCursor = &nc
	}
	// Through JSON, as from the network.
	b, err := json.Marshal(page)
	if err != nil {
		return nil, err
	}
	var out api.ListPage
	return &out, json.Unmarshal(b, &out)
}

func (s *shop) requests() []api.ListParams {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]api.ListParams(nil), s.calls...)
}

// scrollToEnd loads the browser's first page, then presses key (end, G, pgdown)
// until the last row is under the cursor and no page is left. held presses it that
// many times before the answers are read, as a key held down does while a page is
// in flight. It fails after twice the presses the pages need.
func scrollToEnd(tb testing.TB, lister Lister, key string, held, w, h int, opts ...Option) Model {
	tb.Helper()
	m := New(lister, "uk", opts...)
	m.SetSize(w, h)
	m, _ = loop.Drain(m, m.Init())
	k := tuitest.Key(key)
	for range 2 * 10000 {
		s := &m.srcs[0]
		if t := &m.tabs[0]; s.next == nil && !s.loading && t.cursor == len(t.vis)-1 {
			return m
		}
		var cmds []tea.Cmd
		for range held {
			var cmd tea.Cmd
			m, cmd = m.Update(k)
			cmds = append(cmds, cmd)
		}
		m, _ = loop.Drain(m, tea.Batch(cmds...))
	}
	tb.Fatalf("not at the end after %d presses of %s: %d rows", 2*10000, key, len(m.tabs[0].vis))
	return m
}

func TestScrollTenThousandRows(t *testing.T) {
	testrace.Heavy(t)
	for _, c := range []struct {
		key  string
		held int
	}{{"end", 1}, {"G", 4}, {"pgdown", 1}, {"pgdown", 5}} {
		t.Run(fmt.Sprintf("%s×%d", c.key, c.held), func(t *testing.T) {
			f := newShop(10000)
			m := scrollToEnd(t, f, c.key, c.held, 120, 40)
			if n := len(m.tabs[0].vis); n != 10000 {
				t.Fatalf("%d rows at the end, want 10000", n)
			}
			if l, _ := m.Selected(); l.ID != 20001 || !strings.HasSuffix(l.Title, " #1") {
				t.Errorf("on %d %q at the end, want the oldest, 20001", l.ID, l.Title)
			}
			if s := tuitest.Screen(m); !strings.Contains(s, "10000/10000 ") {
				t.Errorf("the footer does not say 10000/10000:\n%s", s)
			}
			calls := f.requests()
			// 100 full pages and the empty one that says the list ended.
			if len(calls) > 101 {
				t.Errorf("%d list requests, want at most 101", len(calls))
			}
			seen := map[int]bool{}
			for _, p := range calls {
				if p.Limit != 100 || p.Status != api.StatusActive {
					t.Errorf("request %+v, want limit 100 of active", p)
				}
				if seen[p.Cursor] {
					t.Errorf("cursor %d requested twice", p.Cursor)
				}
				seen[p.Cursor] = true
			}
		})
	}
}

// BenchmarkTenThousandRows scrolls a browser at 120×40 to the end of 10 000 rows
// with End, each page an answer of the shop (pages of 100 through JSON), and
// reports the heap the loaded browser keeps after a GC and the requests it made.
func BenchmarkTenThousandRows(b *testing.B) {
	var heapMB float64
	var reqs int
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		before := liveHeap()
		f := newShop(10000)
		b.StartTimer()
		m := scrollToEnd(b, f, "end", 1, 120, 40)
		b.StopTimer()
		heapMB = float64(liveHeap()-before) / (1 << 20)
		reqs = len(f.requests())
		runtime.KeepAlive(m)
		b.StartTimer()
	}
	b.ReportMetric(heapMB, "heap-MB")
	b.ReportMetric(float64(reqs), "requests")
}

// scrollToEndWith is scrollToEnd with End at 120×40, on a browser with opts.
func scrollToEndWith(tb testing.TB, lister Lister, opts ...Option) Model {
	return scrollToEnd(tb, lister, "end", 1, 120, 40, opts...)
}

func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// A listing in the "all" list and in its status list keeps one copy of its title
// and URL, and the repeated strings are one copy for every row.
func TestTwinsShareStrings(t *testing.T) {
	m := New(newShop(300), "uk")
	m.SetSize(120, 40)
	m, _ = loop.Drain(m, m.Init())
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all
	if m.def(m.cur).name != "all" {
		t.Fatalf("on %s", m.def(m.cur).name)
	}
	act, all := &m.srcs[0].rows, &m.srcs[4].rows
	if act.len() != 100 || all.len() != 100 {
		t.Fatalf("%d active and %d all rows, want 100 each", act.len(), all.len())
	}
	for i := range act.len() {
		a, b := act.at(i), all.at(index(all, act.at(i).id))
		if unsafe.StringData(a.title) != unsafe.StringData(b.title) || unsafe.StringData(a.url) != unsafe.StringData(b.url) {
			t.Fatalf("listing %d: two copies of its title or URL", a.id)
		}
		if a.city != b.city || a.priceS != b.priceS || a.status != b.status || a.created != b.created {
			t.Fatalf("listing %d: repeated strings not shared", a.id)
		}
	}
}

// The lowercase titles are made when the filter or the title sort first needs them,
// for the rows loaded before and after.
func TestKeysMadeWhenNeeded(t *testing.T) {
	m := New(newShop(1000), "uk")
	m.SetSize(120, 40)
	m, _ = loop.Drain(m, m.Init())
	m = nextPage(m) // G would load every page (walk.go): one page at a time here
	rows := &m.srcs[0].rows
	for i := range rows.len() {
		if rows.at(i).titleKey != "" {
			t.Fatal("a lowercase title made before anything needed it")
		}
	}
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "ssd samsung")
	if n := len(m.tabs[0].vis); n != 200/8 {
		t.Fatalf("%d of 200 rows match, want %d", n, 200/8)
	}
	m, _ = loop.Press(m, "enter", "esc")
	m = nextPage(m) // a page more, keyed as it comes
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "ТЕЛЕВІЗОР")
	if n := len(m.tabs[0].vis); n != 300/8+1 {
		t.Fatalf("%d of 300 rows match, want %d", n, 300/8+1)
	}
	m, _ = loop.Press(m, "esc", "s") // title ↑: the Latin one first
	if first := m.srcs[0].rows.at(m.tabs[0].vis[0]); !strings.HasPrefix(first.title, "SSD") {
		t.Fatalf("first by title: %q", first.title)
	}
}

// nextPage loads the next page of the tab on screen.
func nextPage(m Model) Model {
	cmd := m.load(m.def(m.cur).src, false)
	m, _ = loop.Drain(m, cmd)
	return m
}

// A row is what 10 000 listings cost besides their titles and URLs; a field added
// carelessly (a string where an id into the strtab would do) shows here first.
func TestRowStaysSmall(t *testing.T) {
	if n := unsafe.Sizeof(row{}); n > 128 {
		t.Fatalf("a row takes %d bytes, more than 128", n)
	}
}

// index is where listing id is in rs (0 when it is not).
func index(rs *rowStore, id int) int {
	i, _ := rs.find(id)
	return i
}
