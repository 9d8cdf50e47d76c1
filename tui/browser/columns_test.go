package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// withCols is the fixture on the all tab with the config's columns cfg, and what the
// start said.
func withCols(t *testing.T, cfg map[string][]string, w, h int, opts ...Option) (Model, []tea.Msg) {
	t.Helper()
	m := New(&fakeLister{data: fixture()}, "uk", append([]Option{WithColumns(ColumnConfig{Tabs: cfg, File: "/cfg/config.json"})}, opts...)...)
	m.SetSize(w, h)
	m, out := mirrorLoop.Drain(m, m.Init())
	m, _ = mirrorLoop.Press(m, "tab", "tab", "tab", "tab")
	return m, out
}

// headings are the words of the column headings line.
func headings(m Model) []string { return strings.Fields(strings.Split(tuitest.Screen(m), "\n")[1]) }

// The config chooses, orders and sizes a tab's columns; "default" is every tab's
// but moderation's, which keeps its own.
func TestConfigColumnsPerTab(t *testing.T) {
	cfg := map[string][]string{
		"all":     {"title", "status", "views:9", "price"},
		"default": {"price", "city"},
	}
	for _, size := range [][2]int{{80, 24}, {60, 15}} {
		m, _ := withCols(t, cfg, size[0], size[1])
		tuitest.CheckSize(t, m.View(), size[0], size[1])
		if got := fmt.Sprint(headings(m)); got != "[title status views price]" {
			t.Errorf("%v all: %s\n%s", size, got, tuitest.Screen(m))
		}
		if s := tuitest.Screen(m); !strings.Contains(s, "  45,012 ") { // views:9, right-aligned
			t.Errorf("%v: views not 9 wide:\n%s", size, s)
		}
		m, _ = loop.Press(m, "shift+tab", "shift+tab", "shift+tab", "shift+tab") // active
		if got := fmt.Sprint(headings(m)); got != "[title price city]" {
			t.Errorf("%v active: %s (the title always shows, first when not placed)", size, got)
		}
		m, _ = loop.Press(m, "shift+tab") // moderation
		if got := fmt.Sprint(headings(m)); !strings.HasPrefix(got, "[title price status") {
			t.Errorf("%v moderation: %s", size, got)
		}
	}
}

// What in the config is no column, no tab or no width is named at start, with the
// file and the tab; the rest applies.
func TestUnknownColumnsAreSaidNotFatal(t *testing.T) {
	cfg := map[string][]string{
		"all":    {"title", "price", "colour", "views:wide", "price"},
		"active": {"title"},
		"drafts": {"title"},
	}
	m, out := withCols(t, cfg, 80, 24)
	var said string
	for _, msg := range out {
		if n, ok := msg.(msgs.Notice); ok {
			said = n.Text
		}
	}
	for _, want := range []string{"/cfg/config.json", `"drafts" is no tab`, `tab all: "colour" is no column`,
		`tab all: "views:wide"`, "tab all: price twice"} {
		if !strings.Contains(said, want) {
			t.Errorf("the notice lacks %q: %s", want, said)
		}
	}
	if got := fmt.Sprint(headings(m)); got != "[title price]" {
		t.Errorf("all: %s", got)
	}
}

// The width policy drops a column blank in every row first, then the least useful:
// promotion before the views.
func TestNarrowDropsBlankThenLeastUseful(t *testing.T) {
	data := fixture()
	for i := range data {
		data[i].City = nil
	}
	cfg := map[string][]string{"default": {"title", "price", "status", "city", "created", "views", "promo"}}
	m := New(&fakeLister{data: data}, "uk", WithColumns(ColumnConfig{Tabs: cfg}))
	m.SetSize(60, 15)
	m, _ = loop.Drain(m, m.Init())
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab")
	// 60 columns hold title, price, status and two more: the empty city goes first,
	// then promo, then created; the views stay. At 80 only the empty city goes.
	if got := fmt.Sprint(headings(m)); got != "[title price status views]" {
		t.Errorf("60: %s\n%s", got, tuitest.Screen(m))
	}
	m, _ = loop.Step(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if got := fmt.Sprint(headings(m)); got != "[title price status created views promo]" {
		t.Errorf("80: %s\n%s", got, tuitest.Screen(m))
	}
}

// The column menu: C shows the tab's columns with boxes, space hides or shows one at
// once, alt+↑ moves it, ctrl+s hands the list to the config, esc closes.
func TestColumnMenu(t *testing.T) {
	var saved []string
	var savedTab string
	save := func(tab string, list []string) error { savedTab, saved = tab, list; return nil }
	for _, size := range [][2]int{{80, 24}, {60, 15}} {
		m := New(&fakeLister{data: fixture()}, "uk", WithColumns(ColumnConfig{Save: save, File: "/cfg/config.json"}))
		m.SetSize(size[0], size[1])
		m, _ = loop.Drain(m, m.Init())
		m, _ = loop.Press(m, "tab", "tab", "tab", "tab", "C")
		s := tuitest.Screen(m)
		tuitest.CheckSize(t, m.View(), size[0], size[1])
		for _, want := range []string{"columns of all", "[x] title", "[x] price", "[x] promo", "views7d (no mirror)", "needs the mirror"} {
			if !strings.Contains(s, want) {
				t.Errorf("%v: the menu lacks %q:\n%s", size, want, s)
			}
		}
		m, _ = loop.Press(m, "down", " ") // hide the price
		if slices.Contains(headings(m), "price") || !strings.Contains(tuitest.Screen(m), "[ ] price") {
			t.Errorf("%v: price still shown:\n%s", size, tuitest.Screen(m))
		}
		m, _ = loop.Press(m, " ") // and show it again, last
		if h := headings(m); h[len(h)-1] != "price" && !slices.Contains(h, "price") {
			t.Errorf("%v: price not back: %v", size, h)
		}
		m, _ = loop.Press(m, "alt+up") // one place left
		m, out := loop.Press(m, "ctrl+s")
		if len(out) != 1 || savedTab != "all" || fmt.Sprint(saved) != "[title status city views views7d promo price created]" {
			t.Errorf("%v: saved %s %v (%v)", size, savedTab, saved, out)
		}
		m, _ = loop.Press(m, "esc")
		if s := tuitest.Screen(m); strings.Contains(s, "columns of all") {
			t.Errorf("%v: esc left the menu:\n%s", size, s)
		}
	}
}

// An attribute of a category is a column, from the details the mirror keeps: the
// menu offers the keys it knows, and a listing without a detail shows nothing.
func TestAttributeColumnFromTheMirror(t *testing.T) {
	data := gen(30, 200, api.StatusActive)
	db := syncedMirror(t, data)
	full := api.ListingFull{Listing: data[0]}
	full.Attributes = map[string]json.RawMessage{"brand": json.RawMessage(`"Trek"`), "year": json.RawMessage(`2021`)}
	if err := db.PutDetail(context.Background(), &full, "uk"); err != nil {
		t.Fatal(err)
	}
	cfg := map[string][]string{"default": {"title", "status", "attr.brand"}}
	m := New(&fakeLister{data: data}, "uk", WithMirror(db), WithColumns(ColumnConfig{Tabs: cfg}))
	m.SetSize(80, 24)
	m, _ = mirrorLoop.Drain(m, m.Init())
	s := tuitest.Screen(m)
	if got := fmt.Sprint(headings(m)); got != "[title status brand]" || !strings.Contains(s, "Trek") {
		t.Errorf("%s\n%s", got, s)
	}
	m, _ = mirrorLoop.Press(m, "C")
	s = tuitest.Screen(m)
	for _, want := range []string{"[x] attr.brand (1)", "[ ] attr.year", "the mirror's details"} {
		if !strings.Contains(s, want) {
			t.Errorf("the menu lacks %q:\n%s", want, s)
		}
	}
}
