package catpick

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

const phonesPath = "Електроніка > Телефони та аксесуари > Мобільні телефони"

// TestNavigate walks the sandbox's tree down to a leaf and back up, and chooses it.
func TestNavigate(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 80, 24)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Categories", "› ▸ Транспорт", "▸ Електроніка", "8 ›", "▸ group: → opens", "• category")

	m = moveTo(t, m, "Електроніка")
	m, out := loop.Press(m, "enter")
	if len(out) != 0 {
		t.Fatalf("opening a group sent %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Categories > Електроніка", "▸ Телефони та аксесуари", "2 ›", "• ТВ та відеотехніка")

	m = moveTo(t, m, "Телефони та аксесуари")
	m, _ = loop.Press(m, "l")
	tuitest.Contains(t, tuitest.Screen(m), "Електроніка > Телефони та аксесуари", "› • Мобільні телефони", "1/2")

	// → and l on a leaf do nothing: only enter chooses.
	m, out = loop.Press(m, "right", "l")
	if len(out) != 0 || m.parent < 0 || m.tr.nodes[m.parent].id != 301 {
		t.Fatalf("→ on a leaf: %v, level %d", out, m.parent)
	}

	// Up a level with each of ←, h and backspace: the cursor lands on the group left.
	m, _ = loop.Press(m, "left")
	if atID(m) != 301 {
		t.Fatalf("after ← the cursor is on %d", atID(m))
	}
	m, _ = loop.Press(m, "right", "h")
	if atID(m) != 301 {
		t.Fatalf("after h the cursor is on %d", atID(m))
	}
	m, _ = loop.Press(m, "backspace")
	if atID(m) != 3 || m.parent != -1 {
		t.Fatalf("after backspace the cursor is on %d at level %d", atID(m), m.parent)
	}

	m, _ = loop.Press(m, "enter")
	m = moveTo(t, m, "Телефони та аксесуари")
	m, _ = loop.Press(m, "enter")
	m, out = loop.Press(m, "enter")
	c := tuitest.Of[Chosen](out)
	if len(c) != 1 || c[0] != (Chosen{ID: 30101, Path: phonesPath, Slug: "mobile-phones"}) {
		t.Fatalf("chosen %+v", out)
	}
	if m.Current() != 30101 {
		t.Fatalf("current %d", m.Current())
	}
	tuitest.Contains(t, tuitest.Screen(m), "✓ current", "✓ chosen: "+phonesPath)
	if p, ok := m.PathOf(30101); !ok || p != phonesPath {
		t.Fatalf("PathOf = %q, %v", p, ok)
	}
	if !m.IsLeaf(30101) || m.IsLeaf(301) || m.IsLeaf(999999) {
		t.Fatal("IsLeaf")
	}
	if svc.treeCalls("uk") != 1 {
		t.Fatalf("tree requests: %d", svc.treeCalls("uk"))
	}
}

// TestSearch searches every level of the sandbox's tree at once.
func TestSearch(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyBusiness), "uk", 100, 40)
	m, _ = loop.Press(m, "/")
	if !m.Capturing() {
		t.Fatal("the search input does not capture")
	}
	// An empty query lists every leaf, each with its path; groups never show.
	for _, i := range m.found.rows {
		if !m.tr.nodes[i].leaf() {
			t.Fatalf("group %q in the results", m.tr.nodes[i].path)
		}
	}
	if len(m.found.rows) != len(m.tr.leaves) {
		t.Fatalf("%d results for an empty query, %d leaves", len(m.found.rows), len(m.tr.leaves))
	}

	m, _ = loop.Type(m, "ТЕЛЕФОН")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "/ ТЕЛЕФОН", "2 found", "• "+phonesPath, "• Електроніка > Телефони та аксесуари > Аксесуари для телефонів")

	// An ancestor's name finds the leaves below it; leaves named so come first.
	m = retype(t, m, "електроніка")
	if got := m.tr.nodes[m.found.rows[0]].id; got != 10403 {
		t.Fatalf("first result %d, want the leaf named so (Автозвук і електроніка)", got)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Електроніка > Комп'ютери та комплектуючі > Ноутбуки")
	tuitest.Lacks(t, tuitest.Screen(m), "• Електроніка\n")

	// Apostrophe variants are one letter; a slug matches too; words may come from
	// different levels.
	for _, q := range []string{"комп'ютери", "комп’ютери", "компʼютери"} {
		m = retype(t, m, q)
		if ids := resultIDs(m); len(ids) != 4 { // the three below the group, and IT jobs
			t.Fatalf("%q found %v", q, ids)
		}
	}
	m = retype(t, m, "mobile-phones")
	if ids := resultIDs(m); len(ids) != 1 || ids[0] != 30101 {
		t.Fatalf("slug found %v", ids)
	}
	m = retype(t, m, "нерухомість оренда")
	if ids := resultIDs(m); len(ids) != 3 {
		t.Fatalf("two words found %v", ids)
	}

	// j and k are letters here, not moves.
	m = retype(t, m, "jk")
	tuitest.Contains(t, tuitest.Screen(m), "/ jk", "No category matches \"jk\"")

	m = retype(t, m, "ноутб")
	m, out := loop.Press(m, "enter")
	if c := tuitest.Of[Chosen](out); len(c) != 1 || c[0].ID != 30201 || c[0].Path != "Електроніка > Комп'ютери та комплектуючі > Ноутбуки" {
		t.Fatalf("chosen %+v", out)
	}

	// esc closes the search and leaves the step open.
	m, out = loop.Press(m, "esc")
	if m.searching || m.Capturing() || len(tuitest.Of[Cancelled](out)) > 0 {
		t.Fatalf("esc in the search: searching %v, out %v", m.searching, out)
	}
}

// retype clears the search input and types q.
func retype(t testing.TB, m Model, q string) Model {
	t.Helper()
	m.input.SetValue("")
	m.runSearch(0)
	m, _ = loop.Type(m, q)
	return m
}

func resultIDs(m Model) []int {
	ids := make([]int, len(m.found.rows))
	for k, i := range m.found.rows {
		ids[k] = m.tr.nodes[i].id
	}
	return ids
}

// TestSuggest asks the sandbox's classifier: the answer is pre-selected, shown with
// its path, and chosen only by the seller.
func TestSuggest(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 80, 24)
	m.SetContext("iPhone 13 128 GB, синій", "Телефон у гарному стані, батарея 89%, коробка і кабель")
	m, out := loop.Press(m, "ctrl+a")
	if len(out) != 0 {
		t.Fatalf("a suggestion sent %v", out)
	}
	if atID(m) != 30101 || m.tr.nodes[m.parent].id != 301 {
		t.Fatalf("cursor on %d", atID(m))
	}
	tuitest.Contains(t, tuitest.Screen(m), "✦ AI suggests: "+phonesPath+" — enter", "› • Мобільні телефони", "✦ AI")
	if m.note.text != "AI suggests: "+phonesPath+" — enter to choose" {
		t.Fatalf("note %q", m.note.text)
	}
	m, out = loop.Press(m, "enter")
	if c := tuitest.Of[Chosen](out); len(c) != 1 || c[0].ID != 30101 {
		t.Fatalf("chosen %+v", out)
	}

	// Nothing fits: a note, not an error banner.
	m.SetContext("12345 67890", "0000 1111 2222 3333 4444")
	m, out = loop.Press(m, "A")
	if len(out) != 0 {
		t.Fatalf("no match sent %v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "! no suggestion fits; pick the category yourself")
	tuitest.Lacks(t, tuitest.Screen(m), "✦ AI") // the earlier answer went with the new request
	if svc.suggestCalls() != 2 {
		t.Fatalf("suggest requests: %d", svc.suggestCalls())
	}

	// Too short: refused here, no request spent.
	m.SetContext("Sofa", "grey, 3 seats")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "AI suggest needs a title of at least 5 characters (now 4) and a")
	if svc.suggestCalls() != 2 {
		t.Fatalf("a short text spent a request: %d", svc.suggestCalls())
	}
	m.SetContext("Sofa, grey", "grey, 3 seats")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "a description of at least 20 (now 13)")
	if svc.suggestCalls() != 2 {
		t.Fatalf("a short text spent a request: %d", svc.suggestCalls())
	}
}

// TestSuggestScope: a read-only key may not use the AI; the failure shows inline and
// goes to the banner.
func TestSuggestScope(t *testing.T) {
	m := loaded(t, sandboxService(t, sandbox.KeyReadonly), "en", 80, 24)
	m.SetContext("iPhone 13 128 GB", "Phone in good shape, box and cable")
	m, out := loop.Press(m, "ctrl+a")
	e := tuitest.Of[msgs.Error](out)
	if len(e) != 1 || e[0].Op != "suggest category" || !api.IsScope(e[0].Err) {
		t.Fatalf("errors %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "✖ AI suggestion failed: ", "scope_required")
}

// TestLangCache switches languages: each tree is asked for once.
func TestLangCache(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 80, 24)
	m = moveTo(t, m, "Електроніка")
	m, _ = loop.Press(m, "enter")
	m = moveTo(t, m, "Телефони та аксесуари")

	m, _ = loop.Drain(m, m.SetLang("en"))
	tuitest.Contains(t, tuitest.Screen(m), "Categories > Electronics", "› ▸ Phones & accessories")
	if atID(m) != 301 {
		t.Fatalf("cursor moved to %d", atID(m))
	}
	m, _ = loop.Drain(m, m.SetLang("uk"))
	tuitest.Contains(t, tuitest.Screen(m), "Categories > Електроніка", "› ▸ Телефони та аксесуари")
	var cmd tea.Cmd
	m, cmd = m.Update(msgs.LangChanged{Lang: "en"})
	if cmd != nil {
		t.Fatal("a cached language costs a command")
	}
	tuitest.Contains(t, tuitest.Screen(m), "› ▸ Phones & accessories")
	if p, _ := m.PathOf(30101); p != "Electronics > Phones & accessories > Mobile phones" {
		t.Fatalf("PathOf in en: %q", p)
	}
	if svc.treeCalls("uk") != 1 || svc.treeCalls("en") != 1 {
		t.Fatalf("tree requests uk %d en %d", svc.treeCalls("uk"), svc.treeCalls("en"))
	}

	// The search and the AI note follow the language.
	m.SetContext("iPhone 13 128 GB", "Phone in good shape, box and cable")
	m, _ = loop.Press(m, "ctrl+a")
	tuitest.Contains(t, tuitest.Screen(m), "AI suggests: Electronics > Phones & accessories > Mobile phones")
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "mobile")
	m, _ = loop.Drain(m, m.SetLang("uk"))
	tuitest.Contains(t, tuitest.Screen(m), "/ mobile", "• "+phonesPath, "AI suggests: "+phonesPath)
}

// TestSelect pre-positions the picker, before and after the tree loads.
func TestSelect(t *testing.T) {
	m := New(sandboxService(t, sandbox.KeyBusiness), "uk")
	m.SetSize(80, 24)
	m.Focus()
	m.Select(30101)
	if _, ok := m.PathOf(30101); ok {
		t.Fatal("a path before the tree loaded")
	}
	m, _ = loop.Drain(m, m.Init())
	if atID(m) != 30101 {
		t.Fatalf("cursor on %d", atID(m))
	}
	tuitest.Contains(t, tuitest.Screen(m), "Електроніка > Телефони та аксесуари", "› • Мобільні телефони", "✓ current")

	m.Select(20103)
	tuitest.Contains(t, tuitest.Screen(m), "Нерухомість > Квартири", "› • Подобова оренда квартир", "✓ current")
	tuitest.Lacks(t, tuitest.Screen(m), "Мобільні телефони")

	m.Select(424242)
	tuitest.Contains(t, tuitest.Screen(m), "! category #424242 is not in the category tree any more; pick another", "› ▸ Транспорт")
	m.Select(302)
	tuitest.Contains(t, tuitest.Screen(m), "is a group, not a category", "› ▸ Комп'ютери та комплектуючі")
	m.Select(0)
	if m.parent != -1 || m.Current() != 0 {
		t.Fatal("Select(0) did not reset")
	}
}

// A search typed in Latin letters in a Ukrainian picker matches the English names
// (their tree is fetched once, when the first such letter is typed), and one in
// Cyrillic in an English picker the Ukrainian ones; a search in the picker's own
// script costs nothing more.
func TestSearchMatchesUkrainianAndEnglish(t *testing.T) {
	svc := sandboxService(t, sandbox.KeyBusiness)
	m := loaded(t, svc, "uk", 100, 40)
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "ноут")
	if svc.treeCalls("en") != 0 {
		t.Fatalf("a Cyrillic search asked the English tree (%d)", svc.treeCalls("en"))
	}
	m = retype(t, m, "laptops")
	if svc.treeCalls("en") != 1 {
		t.Fatalf("the English tree was asked %d times", svc.treeCalls("en"))
	}
	if ids := resultIDs(m); len(ids) != 1 || ids[0] != 30201 {
		t.Fatalf("\"laptops\" in a Ukrainian picker found %v", ids)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Електроніка > Комп'ютери та комплектуючі > Ноутбуки")
	m = retype(t, m, "ноутб")
	if ids := resultIDs(m); len(ids) != 1 || ids[0] != 30201 {
		t.Fatalf("\"ноутб\" found %v", ids)
	}
	m, _ = loop.Press(m, "esc", "/")
	m, _ = loop.Type(m, "phone")
	if svc.treeCalls("en") != 1 {
		t.Fatalf("a second search asked the English tree again (%d)", svc.treeCalls("en"))
	}

	e := loaded(t, svc, "en", 100, 40)
	e, _ = loop.Press(e, "/")
	e, _ = loop.Type(e, "ноутбуки")
	if ids := resultIDs(e); len(ids) != 1 || ids[0] != 30201 {
		t.Fatalf("\"ноутбуки\" in an English picker found %v", ids)
	}
}
