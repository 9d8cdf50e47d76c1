package browser

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/i18n"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// allTab is the fixture on the all tab, where every status shows.
func allTab(t *testing.T, w, h int) Model {
	t.Helper()
	m := loaded(t, &fakeLister{data: fixture()}, w, h)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab")
	return m
}

func TestGoldenTable(t *testing.T) {
	m := allTab(t, 80, 24)
	m, _ = loop.Press(m, "down")
	v := m.View()
	tuitest.CheckSize(t, v, 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestGoldenEmpty(t *testing.T) {
	m := loaded(t, &fakeLister{data: fixture()[:1]}, 80, 24)
	m, _ = loop.Press(m, "tab") // inactive: none
	tuitest.CheckSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestGoldenModeration(t *testing.T) {
	m := loaded(t, &fakeLister{data: fixture()}, 80, 24)
	m, _ = loop.Press(m, "shift+tab")
	tuitest.CheckSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestGoldenLoading(t *testing.T) {
	m := New(&fakeLister{}, "uk")
	m.SetSize(80, 24)
	tuitest.CheckSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestSmallTerminal(t *testing.T) {
	m := allTab(t, 60, 15)
	v := m.View()
	tuitest.CheckSize(t, v, 60, 15)
	s := tuitest.Screen(m)
	// Promotion, the least useful of the built-in columns, goes before the views.
	for _, want := range []string{"title", "price", "status", "UAH 15,000.50", "◔ pending", "? frozen", "views", "45,012"} {
		if !strings.Contains(s, want) {
			t.Errorf("60×15 lacks %q:\n%s", want, s)
		}
	}
	for _, gone := range []string{"promo", "VIP", "created"} {
		if strings.Contains(s, gone) {
			t.Errorf("60×15 still shows %q:\n%s", gone, s)
		}
	}
	// The filter input and the empty states fit as well.
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "nothing matches this")
	tuitest.CheckSize(t, m.View(), 60, 15)
	m, _ = loop.Press(m, "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab")
	tuitest.CheckSize(t, m.View(), 60, 15)
}

func TestLargeTerminal(t *testing.T) {
	f := &fakeLister{data: gen(300, 20000, api.StatusActive)}
	m := loaded(t, f, 250, 70)
	// 67 rows on screen: the first page of 100 fills it with 33 to spare, so no
	// second page until the cursor comes within a screen of its end.
	if f.nCalls() != 1 {
		t.Fatalf("calls = %d", f.nCalls())
	}
	// A screen taller than a page asks for the next one at once.
	tall := loaded(t, &fakeLister{data: gen(300, 20000, api.StatusActive)}, 250, 120)
	if n := len(tall.tabs[0].vis); n != 200 {
		t.Fatalf("117 rows on screen: %d loaded, want 200", n)
	}
	v := m.View()
	tuitest.CheckSize(t, v, 250, 70)
	s := tuitest.Screen(m)
	for _, want := range []string{"views", "created", "city", "promo", "2026-11-04"} {
		if !strings.Contains(s, want) {
			t.Errorf("250×70 lacks %q", want)
		}
	}
	if m.cols.title < 150 {
		t.Errorf("title gets %d of 250 columns", m.cols.title)
	}
}

func TestTinySizesDoNotPanic(t *testing.T) {
	m := allTab(t, 80, 24)
	for _, sz := range [][2]int{{1, 1}, {10, 2}, {20, 4}, {0, 0}, {40, 8}} {
		m.SetSize(sz[0], sz[1])
		tuitest.CheckSize(t, m.View(), max(sz[0], 1), max(sz[1], 1))
	}
}

func TestAppendGroupedIsI18nNumber(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		i18n.Use(l)
		for _, n := range []int{0, 7, 999, 1000, 12345, 999999, 1000000, 45012, -1234, 1 << 40} {
			if got, want := string(appendGrouped(nil, n)), i18n.UI().Number(n); got != want {
				t.Errorf("%s %d: %q, want %q", l, n, got, want)
			}
		}
	}
}
