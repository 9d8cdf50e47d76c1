package browser

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// fakeLister pages a fixed data set the way the service does: newest first, cursor
// is the id of the last listing of the previous page.
type fakeLister struct {
	mu    sync.Mutex
	data  []api.Listing // every listing, newest first
	calls []api.ListParams
	err   error // returned instead of a page while set
	tag   string
}

func (f *fakeLister) ListListings(_ context.Context, p api.ListParams) (*api.ListPage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, p)
	if f.err != nil {
		return nil, f.err
	}
	var list []api.Listing
	for _, l := range f.data {
		if p.Status == api.StatusAll || l.Status == p.Status {
			if p.Lang != "" && p.Lang != "uk" {
				l.Title = "[" + p.Lang + "] " + l.Title
			}
			l.Title += f.tag
			list = append(list, l)
		}
	}
	start := 0
	if p.Cursor != 0 {
		start = len(list)
		for i, l := range list {
			if l.ID < p.Cursor {
				start = i
				break
			}
		}
	}
	end := min(start+p.Limit, len(list))
	page := &api.ListPage{Lang: p.Lang, Count: end - start, Listings: slices.Clone(list[start:end])}
	if end < len(list) {
		nc := list[end-1].ID
		page.NextCursor = &nc
	}
	return page, nil
}

func (f *fakeLister) nCalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func (f *fakeLister) last() api.ListParams {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[len(f.calls)-1]
}

var day0 = time.Date(2026, 11, 4, 16, 33, 0, 0, api.Kyiv)

func price(s string) api.Price {
	p, err := api.ParsePrice(s)
	if err != nil {
		panic(err)
	}
	return p
}

func strp(s string) *string { return &s }

// gen makes n listings of one status, ids descending from first.
func gen(n, first int, st api.Status) []api.Listing {
	out := make([]api.Listing, n)
	cities := []string{"Київ", "Львів", "Одеса", "Харків", "Дніпро"}
	for i := range out {
		id := first - i
		out[i] = api.Listing{
			ID: id, Title: fmt.Sprintf("Listing %05d %s", id, []string{"bike", "phone", "sofa", "lamp"}[id%4]),
			Price: api.PriceInt(int64(100 + (id*37)%9000)), Currency: "UAH", City: strp(cities[id%5]),
			Status: st, Views: (id * 13) % 500, VIP: id%7 == 0, Top: id%5 == 0,
			URL:       fmt.Sprintf("https://example.test/l/%d", id),
			CreatedAt: api.Time{Time: day0.Add(-time.Duration(first-id) * time.Hour)},
		}
	}
	return out
}

// fixture is a small data set with all six statuses, an unknown one, VIP and TOP.
func fixture() []api.Listing {
	mk := func(id int, title, pr, cur string, st api.Status, city string, views int, vip, top bool) api.Listing {
		l := api.Listing{ID: id, Title: title, Price: price(pr), Currency: cur, Status: st, Views: views,
			VIP: vip, Top: top, URL: fmt.Sprintf("https://example.test/l/%d", id),
			CreatedAt: api.Time{Time: day0.Add(-time.Duration(10010-id) * 26 * time.Hour)}}
		if city != "" {
			l.City = strp(city)
		}
		return l
	}
	return []api.Listing{
		mk(10010, "iPhone 13 Pro 256 GB, graphite, battery 89%", "28500", "UAH", api.StatusActive, "Київ", 1234, true, false),
		mk(10009, "Велосипед Trek Marlin 7, рама L", "15000.50", "UAH", api.StatusInactive, "Львів", 87, false, true),
		mk(10008, "Диван кутовий, сірий велюр", "9999", "UAH", api.StatusPending, "Одеса", 0, false, false),
		mk(10007, "Replica watch \x1b[31mRED\x1b[0m", "120", "USD", api.StatusBlocked, "Харків", 3, false, false),
		mk(10006, "MacBook Air M2 8/256", "1250000", "UAH", api.StatusSold, "Дніпро", 45012, true, true),
		mk(10005, "Зимові шини R16, комплект", "0", "UAH", api.StatusArchived, "", 12, false, false),
		mk(10004, "Lego Technic 42115 Lamborghini", "320.99", "EUR", api.Status("frozen"), "Київ", 5, false, true),
	}
}

// loop runs the browser's commands as the root would: page answers go back to
// the model; spinner ticks only animate and are dropped.
var loop = tuitest.Loop[Model]{Own: tuitest.Is[pageMsg], Skip: tuitest.Is[spinner.TickMsg]}

// loaded is a browser of size w×h after its first load.
func loaded(t testing.TB, f *fakeLister, w, h int) Model {
	t.Helper()
	m := New(f, "uk")
	m.SetSize(w, h)
	m, _ = loop.Drain(m, m.Init())
	return m
}

// visibleIDs are the ids of the current tab's visible rows, in order.
func visibleIDs(m Model) []int {
	rows := &m.srcs[m.def(m.cur).src].rows
	ids := make([]int, len(m.tabs[m.cur].vis))
	for i, x := range m.tabs[m.cur].vis {
		ids[i] = rows.at(x).id
	}
	return ids
}
