package catpick

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// TestGoldenLevel is the Electronics level of the sandbox's tree, with the listing's
// current category marked.
func TestGoldenLevel(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "uk", 80, 24)
	m.Select(303)
	m, _ = loop.Press(m, "up")
	tuitest.CheckExactSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

// TestGoldenSearch is a search across levels: leaves only, each with its path.
func TestGoldenSearch(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "uk", 80, 24)
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "комп")
	m, _ = loop.Press(m, "down")
	tuitest.CheckExactSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestSmallTerminal(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 60, 15)
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	tuitest.Contains(t, tuitest.Screen(m), "› ▸ Транспорт", "▸ Хобі, відпочинок і спорт")

	// A long list scrolls with the cursor: every leaf is reached and stays on screen.
	m, _ = loop.Press(m, "/")
	n := len(m.found.rows)
	for range n {
		m, _ = loop.Press(m, "down")
	}
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	last := m.tr.nodes[m.found.rows[n-1]].name
	tuitest.Contains(t, tuitest.Screen(m), "› • ", last)
	m, _ = loop.Press(m, "pgup")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	if !strings.Contains(tuitest.Screen(m), "› • ") {
		t.Fatalf("cursor off screen after pgup:\n%s", tuitest.Screen(m))
	}
	// A path wider than the row keeps its last name.
	m, _ = loop.Type(m, "периферія")
	tuitest.Contains(t, tuitest.Screen(m), "› • … > Комплектуючі та периферія")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	m, _ = loop.Type(m, strings.Repeat("x", 70))
	tuitest.CheckExactSize(t, m.View(), 60, 15)

	// The AI note takes two lines; the list gives way and the cursor stays visible.
	m, _ = loop.Press(m, "esc")
	m.SetContext("iPhone 13 128 GB", "Телефон у гарному стані, коробка і кабель")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	tuitest.Contains(t, tuitest.Screen(m), "✦ AI suggests: ", "› • Мобільні телефони", "enter to choose")
	m.SetContext("Sofa", "x")
	m, _ = loop.Press(m, "A")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	tuitest.Contains(t, tuitest.Screen(m), "or pick the category yourself")

	// A deep level's breadcrumb keeps the last names.
	m.Select(20102)
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	tuitest.Contains(t, tuitest.Screen(m), "Квартири", "Довгострокова оренда квартир")

	// Loading, failure and tiny areas never overflow.
	f := newFake()
	f.setTreeErr(errBoom)
	e := New(f, "uk")
	e.SetSize(60, 15)
	tuitest.CheckExactSize(t, e.View(), 60, 15)
	e, _ = loop.Drain(e, e.Init())
	tuitest.CheckExactSize(t, e.View(), 60, 15)
	for _, sz := range [][2]int{{1, 1}, {10, 2}, {20, 3}, {30, 4}} {
		m.SetSize(sz[0], sz[1])
		tuitest.CheckExactSize(t, m.View(), sz[0], sz[1])
		e.SetSize(sz[0], sz[1])
		tuitest.CheckExactSize(t, e.View(), sz[0], sz[1])
	}
}

func TestLargeTerminal(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "en", 250, 70)
	tuitest.CheckExactSize(t, m.View(), 250, 70)
	m, _ = loop.Press(m, "/")
	tuitest.CheckExactSize(t, m.View(), 250, 70)
	tuitest.Contains(t, tuitest.Screen(m), "64 found", "• Transport > Parts & accessories > Tyres & wheels")
}

func BenchmarkSearch(b *testing.B) {
	m := loaded(b, sandboxService(b, sandbox.KeyBusiness), "uk", 80, 24)
	for b.Loop() {
		m.tr.search("комп’ютери")
	}
}

func BenchmarkBuildTree(b *testing.B) {
	cats, err := sandboxService(b, sandbox.KeyBusiness).Categories(b.Context(), "uk")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		buildTree(cats)
	}
}

// BenchmarkTypeAndView is one key typed in the search and the frame it draws.
func BenchmarkTypeAndView(b *testing.B) {
	m := loaded(b, sandboxService(b, sandbox.KeyBusiness), "uk", 80, 24)
	m, _ = loop.Press(m, "/")
	for b.Loop() {
		m, _ = loop.Press(m, "о")
		_ = m.View()
		m, _ = loop.Press(m, "backspace")
	}
}

// TestColour: with colour on, the styled rows keep the exact size and the marks.
func TestColour(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	m := loaded(t, newFake(), "en", 60, 15)
	m.Select(30102)
	m.SetContext("a phone for sale", "a phone in good shape, with a box")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	if !strings.Contains(m.View(), "\x1b[") {
		t.Fatal("no colour at all")
	}
	tuitest.Contains(t, tuitest.Screen(m), "› • Smartphones en", "✦ AI", "✓ current")
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "en")
	tuitest.CheckExactSize(t, m.View(), 60, 15)
}
