package catpick

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api/sandbox"
)

// TestGoldenLevel is the Electronics level of the sandbox's tree, with the listing's
// current category marked.
func TestGoldenLevel(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "uk", 80, 24)
	m.Select(303)
	m, _ = press(t, m, "up")
	checkSize(t, m, 80, 24)
	golden.RequireEqual(t, []byte(screen(m)))
}

// TestGoldenSearch is a search across levels: leaves only, each with its path.
func TestGoldenSearch(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "uk", 80, 24)
	m, _ = press(t, m, "/")
	m = typeText(t, m, "комп")
	m, _ = press(t, m, "down")
	checkSize(t, m, 80, 24)
	golden.RequireEqual(t, []byte(screen(m)))
}

func TestSmallTerminal(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 60, 15)
	checkSize(t, m, 60, 15)
	contains(t, screen(m), "› ▸ Транспорт", "▸ Хобі, відпочинок і спорт")

	// A long list scrolls with the cursor: every leaf is reached and stays on screen.
	m, _ = press(t, m, "/")
	n := len(m.found.rows)
	for range n {
		m, _ = press(t, m, "down")
	}
	checkSize(t, m, 60, 15)
	last := m.tr.nodes[m.found.rows[n-1]].name
	contains(t, screen(m), "› • ", last)
	m, _ = press(t, m, "pgup")
	checkSize(t, m, 60, 15)
	if !strings.Contains(screen(m), "› • ") {
		t.Fatalf("cursor off screen after pgup:\n%s", screen(m))
	}
	// A path wider than the row keeps its last name.
	m = typeText(t, m, "периферія")
	contains(t, screen(m), "› • … > Комплектуючі та периферія")
	checkSize(t, m, 60, 15)
	m = typeText(t, m, strings.Repeat("x", 70))
	checkSize(t, m, 60, 15)

	// The AI note takes two lines; the list gives way and the cursor stays visible.
	m, _ = press(t, m, "esc")
	m.SetContext("iPhone 13 128 GB", "Телефон у гарному стані, коробка і кабель")
	m, _ = press(t, m, "ctrl+a")
	checkSize(t, m, 60, 15)
	contains(t, screen(m), "✦ AI suggests: ", "› • Мобільні телефони", "enter to choose")
	m.SetContext("Sofa", "x")
	m, _ = press(t, m, "A")
	checkSize(t, m, 60, 15)
	contains(t, screen(m), "or pick the category yourself")

	// A deep level's breadcrumb keeps the last names.
	m.Select(20102)
	checkSize(t, m, 60, 15)
	contains(t, screen(m), "Квартири", "Довгострокова оренда квартир")

	// Loading, failure and tiny areas never overflow.
	f := newFake()
	f.setTreeErr(errBoom)
	e := New(f, "uk")
	e.SetSize(60, 15)
	checkSize(t, e, 60, 15)
	e, _ = drain(t, e, e.Init())
	checkSize(t, e, 60, 15)
	for _, sz := range [][2]int{{1, 1}, {10, 2}, {20, 3}, {30, 4}} {
		m.SetSize(sz[0], sz[1])
		checkSize(t, m, sz[0], sz[1])
		e.SetSize(sz[0], sz[1])
		checkSize(t, e, sz[0], sz[1])
	}
}

func TestLargeTerminal(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "en", 250, 70)
	checkSize(t, m, 250, 70)
	m, _ = press(t, m, "/")
	checkSize(t, m, 250, 70)
	contains(t, screen(m), "64 found", "• Transport > Parts & accessories > Tyres & wheels")
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
	m, _ = press(b, m, "/")
	for b.Loop() {
		m, _ = press(b, m, "о")
		_ = m.View()
		m, _ = press(b, m, "backspace")
	}
}

// TestColour: with colour on, the styled rows keep the exact size and the marks.
func TestColour(t *testing.T) {
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(old) })
	m := loaded(t, newFake(), "en", 60, 15)
	m.Select(30102)
	m.SetContext("a phone for sale", "a phone in good shape, with a box")
	m, _ = press(t, m, "ctrl+a")
	checkSize(t, m, 60, 15)
	if !strings.Contains(m.View(), "\x1b[") {
		t.Fatal("no colour at all")
	}
	contains(t, screen(m), "› • Smartphones en", "✦ AI", "✓ current")
	m, _ = press(t, m, "/")
	m = typeText(t, m, "en")
	checkSize(t, m, 60, 15)
}
