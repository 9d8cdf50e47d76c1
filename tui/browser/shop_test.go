package browser

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// A shop's day at scale (issue 23), against the sandbox with the business account
// grown to a few thousand listings (sandbox serve --listings business=N), with and
// without a mirror synced from it.

// shopSize is the business account's listings in these tests: 20 pages and more.
const shopSize = 2000

// counted is the client of the business key, counting the list requests the browser
// makes; the details of the moderation tab go through as they are.
type counted struct {
	*api.Client
	mu    sync.Mutex
	lists int
}

func (c *counted) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	c.mu.Lock()
	c.lists++
	c.mu.Unlock()
	return c.Client.ListListings(ctx, p)
}

func (c *counted) requests() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lists
}

// grownShop is a sandbox grown to shopSize listings, a counting client of its
// business key, and every active listing in the order the service pages them.
func grownShop(t *testing.T) (*counted, []api.Listing) {
	t.Helper()
	testrace.Heavy(t) // a shop of thousands
	// No seeded listing is decided while a test runs (the first would be 20 s after
	// the start, which a run under the race detector reaches): the counts hold still.
	c := apitest.Serve(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: shopSize}},
		ModerationDelay: 24 * time.Hour}).Client(t, sandbox.KeyBusiness)
	var active []api.Listing
	p := api.ListParams{Lang: "uk", Status: api.StatusActive, Limit: 100}
	for {
		page, err := c.ListListings(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		active = append(active, page.Listings...)
		if page.NextCursor == nil {
			break
		}
		p.Cursor = *page.NextCursor
	}
	if len(active) < shopSize-50 {
		t.Fatalf("the grown shop has %d active listings", len(active))
	}
	return &counted{Client: c}, active
}

// shopMirror is a mirror of the shop, synced once in lang, complete.
func shopMirror(t *testing.T, c *counted, lang string) *mirror.DB {
	t.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Sync(context.Background(), c.Client, mirror.SyncOptions{Lang: lang}); err != nil {
		t.Fatal(err)
	}
	return db
}

// mostViewed is the listing a sort by views puts first: the most views, the first
// of them in the service's order.
func mostViewed(active []api.Listing) api.Listing {
	top := active[0]
	for _, l := range active {
		if l.Views > top.Views {
			top = l
		}
	}
	return top
}

// pressSortTo presses s until the header shows want.
func pressSortTo(t *testing.T, m Model, want sortOrder) Model {
	t.Helper()
	for range numSortCols + 1 {
		if m.order == want {
			return m
		}
		m, _ = mirrorLoop.Press(m, "s")
	}
	t.Fatalf("s never reached %+v", want)
	return m
}

// checkTop checks that the first row, on screen too, is top.
func checkTop(t *testing.T, m Model, top api.Listing) {
	t.Helper()
	rows := &m.srcs[m.def(m.cur).src].rows
	if first := rows.at(m.tabs[m.cur].vis[0]); first.id != top.ID || first.views != top.Views {
		t.Fatalf("first by views: %d with %d views; the shop's most viewed is %d with %d", first.id, first.views, top.ID, top.Views)
	}
	m.tabs[m.cur].cursor, m.tabs[m.cur].selID = 0, 0
	m.scroll()
	if body := strings.Split(tuitest.Screen(m), "\n")[2]; !strings.Contains(body, string(appendGrouped(nil, top.Views))) {
		t.Fatalf("the first line does not show %d views: %q", top.Views, body)
	}
}

// Without a mirror, s sorts every listing: the rows loaded at once, saying so, and
// the rest as it comes; the top row by views is the shop's most viewed.
func TestSortCoversEveryListing(t *testing.T) {
	t.Parallel()
	c, active := grownShop(t)
	m := New(c, "uk")
	m.SetSize(100, 30)
	m, _ = loop.Drain(m, m.Init())
	m, cmd := m.Update(tuitest.Key("s")) // by title: the rest of the pages go out
	tuitest.Contains(t, tuitest.Screen(m), "sorted the 100 loaded; the rest is loading", "sort: title ↑")
	m, _ = loop.Drain(m, cmd)
	m = pressSortTo(t, m, sortOrder{col: sortViews, desc: true})
	checkTop(t, m, mostViewed(active))
	m, _ = loop.Press(m, "g")
	s := tuitest.Screen(m)
	tuitest.Lacks(t, s, "sorted", "loaded")
	tuitest.Contains(t, s, "sort: views ↓", "1/"+itoa(len(active))+" ")
}

// With a complete mirror, s sorts every listing without a request.
func TestSortOverTheMirrorCostsNothing(t *testing.T) {
	t.Parallel()
	c, active := grownShop(t)
	m := New(c, "uk", WithMirror(shopMirror(t, c, "uk")))
	m.SetSize(100, 30)
	m, _ = mirrorLoop.Drain(m, m.Init())
	before := c.requests()
	m = pressSortTo(t, m, sortOrder{col: sortViews, desc: true})
	if c.requests() != before {
		t.Fatalf("%d list requests for the sort", c.requests()-before)
	}
	checkTop(t, m, mostViewed(active))
	m, _ = mirrorLoop.Press(m, "g")
	tuitest.Contains(t, tuitest.Screen(m), "1/"+itoa(len(active))+" ", "[active "+itoa(len(active))+"]")
}

// G reaches the true last row in one key press: without a mirror by loading every
// page left, saying how far it is; with a complete mirror at once, with no request.
func TestGReachesTheLastRowInOnePress(t *testing.T) {
	t.Parallel()
	c, active := grownShop(t)
	last := active[len(active)-1]
	pages := len(active)/pageLimit + 1 // a full last page is followed by an empty one

	m := New(c, "uk")
	m.SetSize(100, 30)
	m, _ = loop.Drain(m, m.Init())
	m, cmd := m.Update(tuitest.Key("G"))
	tuitest.Contains(t, tuitest.Screen(m), "loading 100…")
	m, _ = loop.Drain(m, cmd)
	if l, _ := m.Selected(); l.ID != last.ID {
		t.Fatalf("on %d after G, want the last listing %d", l.ID, last.ID)
	}
	if n := c.requests(); n > pages {
		t.Errorf("%d list requests, want at most %d", n, pages)
	}
	tuitest.Contains(t, tuitest.Screen(m), itoa(len(active))+"/"+itoa(len(active))+" ")

	c2, _ := grownShop(t)
	m = New(c2, "uk", WithMirror(shopMirror(t, c2, "uk")))
	m.SetSize(100, 30)
	m, _ = mirrorLoop.Drain(m, m.Init())
	before := c2.requests()
	m, _ = mirrorLoop.Press(m, "G")
	if c2.requests() != before {
		t.Fatalf("%d list requests for G over a complete mirror", c2.requests()-before)
	}
	if l, _ := m.Selected(); l.ID != last.ID {
		t.Fatalf("on %d after G, want %d", l.ID, last.ID)
	}
	tuitest.Contains(t, tuitest.Screen(m), itoa(len(active))+"/"+itoa(len(active))+" ")
}

var (
	tabCount = regexp.MustCompile(`\[?(active|inactive|sold|archived|all|moderation)(?: (\d+\+?))?\]?`)
	position = regexp.MustCompile(`^\s*(?:\S+\s+)?(–|\d+)/(\d+\+?)`)
)

// counts reads the tab line's counts and the footer's position total.
func counts(t *testing.T, m Model) (map[string]string, string) {
	t.Helper()
	lines := strings.Split(tuitest.Screen(m), "\n")
	tabs := map[string]string{}
	for _, g := range tabCount.FindAllStringSubmatch(lines[0], -1) {
		tabs[g[1]] = g[2]
	}
	pos := position.FindStringSubmatch(lines[len(lines)-1])
	if pos == nil {
		t.Fatalf("no position in the footer:\n%s", tuitest.Screen(m))
	}
	return tabs, pos[2]
}

// agree checks that the tab on screen's count is the position's total.
func agree(t *testing.T, m Model, when string) map[string]string {
	t.Helper()
	tabs, total := counts(t, m)
	if name := m.def(m.cur).name; tabs[name] != total {
		t.Errorf("%s: the tab says %s %q, the position /%s:\n%s", when, name, tabs[name], total, tuitest.Screen(m))
	}
	return tabs
}

func itoa(n int) string { return strconv.Itoa(n) }

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimSuffix(s, "+"))
	return n
}

// Without a mirror the counts are the rows loaded, "+" while pages are left; they
// agree after x, and L keeps every tab's count.
func TestCountsAgreeWhilePaging(t *testing.T) {
	t.Parallel()
	c, _ := grownShop(t)
	m := New(c, "uk")
	m.SetSize(100, 30)
	m, _ = loop.Drain(m, m.Init())
	m, _ = loop.Press(m, "tab", "shift+tab") // the inactive tab has a count too
	m, _ = loop.Press(m, "down", "down", "down", "down", "down", "down", "down")
	before := agree(t, m, "loaded")
	if before["active"] != "100+" {
		t.Fatalf("active %q", before["active"])
	}
	l, _ := m.Selected()
	m, _ = loop.Step(m, msgs.ListingChanged{ID: l.ID, Status: api.StatusInactive}) // x, confirmed
	tabs := agree(t, m, "after x")
	if tabs["active"] != "99+" {
		t.Errorf("active %q after x, want 99+", tabs["active"])
	}
	tuitest.Contains(t, tuitest.Screen(m), "–/99+") // the row that left: not one of the 99
	m, _ = loop.Press(m, "down")
	tuitest.Contains(t, tuitest.Screen(m), "8/99+")

	m, _ = loop.Step(m, msgs.LangChanged{Lang: "en"})
	tabs = agree(t, m, "after L")
	if tabs["inactive"] == "" || tabs["active"] != "100+" {
		t.Errorf("after L: %v (before: %v)", tabs, before)
	}
}

// With a complete mirror every count is of every listing: the status tabs add up to
// the all tab, with no "+", through x, L and the sync that follows it.
func TestCountsAgreeWithTheMirror(t *testing.T) {
	t.Parallel()
	c, active := grownShop(t)
	db := shopMirror(t, c, "uk")
	m := New(c, "uk", WithMirror(db))
	m.SetSize(120, 30)
	m, _ = mirrorLoop.Drain(m, m.Init())
	sum := func(when string) map[string]string {
		t.Helper()
		tabs := agree(t, m, when)
		n := 0
		for _, name := range []string{"active", "inactive", "sold", "archived", "moderation"} {
			if strings.HasSuffix(tabs[name], "+") || tabs[name] == "" {
				t.Fatalf("%s: %s %q", when, name, tabs[name])
			}
			n += atoi(tabs[name])
		}
		if itoa(n) != tabs["all"] {
			t.Errorf("%s: the status tabs add up to %d, all says %q: %v", when, n, tabs["all"], tabs)
		}
		return tabs
	}
	tabs := sum("loaded")
	if tabs["active"] != itoa(len(active)) {
		t.Fatalf("active %q, the shop has %d", tabs["active"], len(active))
	}
	m, _ = mirrorLoop.Press(m, "down", "down", "down", "down", "down", "down", "down")
	l, _ := m.Selected()
	m, _ = mirrorLoop.Step(m, msgs.ListingChanged{ID: l.ID, Status: api.StatusInactive})
	after := sum("after x")
	if atoi(after["active"]) != len(active)-1 || atoi(after["inactive"]) != atoi(tabs["inactive"])+1 {
		t.Errorf("after x: %v, before %v", after, tabs)
	}
	m, _ = mirrorLoop.Press(m, "tab") // the inactive tab holds it
	m, _ = mirrorLoop.Drain(m, nil)
	if !slices.Contains(visibleIDs(m), l.ID) {
		t.Errorf("the inactive tab lacks %d", l.ID)
	}
	m, _ = mirrorLoop.Press(m, "shift+tab")

	// L: the mirror's rows are in uk, its counts in every language.
	m, _ = mirrorLoop.Step(m, msgs.LangChanged{Lang: "en"})
	if got := sum("after L"); got["active"] != after["active"] || got["all"] != after["all"] {
		t.Errorf("after L: %v, before %v", got, after)
	}
	if _, err := db.Sync(context.Background(), c.Client, mirror.SyncOptions{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	m, _ = mirrorLoop.Step(m, MirrorSynced{})
	if got := sum("after the sync in en"); got["active"] != itoa(len(active)) {
		// The sandbox never heard of the x (the test sent only the message): the
		// sync brings the listing back, as a refresh would.
		t.Errorf("after the sync: %v", got)
	}
}

// The order's label says what the order is: the service's own order of the grown
// shop puts old listings first, which "newest first" said it did not; "created ↓"
// is newest first.
func TestSortLabelMatchesTheRows(t *testing.T) {
	t.Parallel()
	c, _ := grownShop(t)
	m := New(c, "uk", WithMirror(shopMirror(t, c, "uk")))
	m.SetSize(120, 30)
	m, _ = mirrorLoop.Drain(m, m.Init())
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "sort: service order")
	tuitest.Lacks(t, s, "newest", "oldest")
	m = pressSortTo(t, m, sortOrder{col: sortCreated, desc: true})
	tuitest.Contains(t, tuitest.Screen(m), "created ↓", "sort: created ↓")
	rows := &m.srcs[0].rows
	for i, x := range m.tabs[0].vis[1:] {
		if prev := rows.at(m.tabs[0].vis[i]); rows.at(x).at > prev.at {
			t.Fatalf("created ↓ but row %d is newer than the one above", i+1)
		}
	}
}
