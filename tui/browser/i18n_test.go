package browser

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// These tests switch the interface's language: none of them runs in parallel, and
// each gives English back.

// ukTable is the all tab in Ukrainian at w×h, the cursor on the second row (the
// inactive bicycle).
func ukTable(t *testing.T, w, h int) string {
	t.Helper()
	i18n.Use(i18n.Ukrainian)
	m := allTab(t, w, h)
	m, _ = loop.Press(m, "down")
	tuitest.CheckSize(t, m.View(), w, h)
	return tuitest.Screen(m)
}

// hasAll fails for each of want the screen s lacks.
func hasAll(t *testing.T, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("screen lacks %q:\n%s", w, s)
		}
	}
}

func TestGoldenTableUkrainian(t *testing.T) {
	defer i18n.Use(i18n.English)
	s := ukTable(t, 80, 24)
	lines := strings.Split(s, "\n")
	hasAll(t, lines[0], "активні 1", "неактивні 1", "продані 1", "архів 1", "[усі 7]", "модерація 2")
	hasAll(t, lines[1], "назва", "ціна", "статус", "місто", "перегл.")
	hasAll(t, lines[3], "› Велосипед Trek", "15\u00a0000,50 грн", "○ неактивне", "Львів")
	hasAll(t, s, "◔ на модерації", "✖ заблоковано", "безкошт./обмін", "1\u00a0234")
	hasAll(t, lines[len(lines)-1], "2/7", "сортування: порядок сервісу")
	golden.RequireEqual(t, []byte(s))
}

func TestGoldenTableUkrainianSmall(t *testing.T) {
	defer i18n.Use(i18n.English)
	s := ukTable(t, 60, 15)
	lines := strings.Split(s, "\n")
	hasAll(t, lines[0], "[усі 7]")
	hasAll(t, lines[1], "назва", "ціна", "статус")
	hasAll(t, lines[3], "› Велосипед Trek", "○ неактивне")
	hasAll(t, lines[len(lines)-1], "2/7")
	golden.RequireEqual(t, []byte(s))
}

// In the pseudo-language (every word 40 % longer) no tab, no heading and no status
// word is cut away whole at 80×24: a longer language still shows each, if cut.
func TestPseudoLocaleKeepsEveryLabel(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Pseudo)
	for ti := range len(tabDefs) {
		m := loaded(t, &fakeLister{data: fixture()}, 80, 24)
		for range ti {
			m, _ = loop.Press(m, "tab")
		}
		tuitest.CheckSize(t, m.View(), 80, 24)
		lines := strings.Split(tuitest.Screen(m), "\n")
		// The tab on screen shows whole; every other one at least begins.
		if !strings.Contains(lines[0], "["+tabName(ti)) {
			t.Errorf("tab %d: %q is not on screen:\n%s", ti, tabName(ti), lines[0])
		}
		for _, c := range m.cols.list {
			if head := colHead(c.id, c.kind.head); !strings.Contains(lines[1], prefix(head)) {
				t.Errorf("tab %d: heading %q cut away: %s", ti, head, lines[1])
			}
		}
		if len(m.tabs[m.cur].vis) == 0 {
			continue
		}
		rows := &m.srcs[m.def(m.cur).src].rows
		st := rows.status(rows.at(m.tabs[m.cur].vis[0]))
		if w := statusWord(st); !strings.Contains(lines[2], prefix(w)) {
			t.Errorf("tab %d: the status %q cut away: %s", ti, w, lines[2])
		}
	}
	m := allTab(t, 80, 24)
	line := strings.Split(tuitest.Screen(m), "\n")[0]
	for ti := range len(tabDefs) {
		if !strings.Contains(line, prefix(tabName(ti))) {
			t.Errorf("tab %q cut away: %s", tabName(ti), line)
		}
	}
}

// prefix is the first few letters of a word in the pseudo-language, what shows of
// it when it was cut: its bracket and three letters.
func prefix(s string) string {
	r := []rune(s)
	return string(r[:min(len(r), 4)])
}

// The words kept between frames are drawn again when the language changes: the
// filter's placeholder and the price cells of the rows held.
func TestLangChangedRedrawsKeptWords(t *testing.T) {
	defer i18n.Use(i18n.English)
	m := allTab(t, 80, 24)
	i18n.Use(i18n.Ukrainian)
	m, cmd := m.Update(msgs.LangChanged{Lang: "uk"})
	m, _ = loop.Drain(m, cmd)
	m, _ = loop.Press(m, "/")
	s := tuitest.Screen(m)
	hasAll(t, s, "назва, місто або id", "15\u00a0000,50 грн", "статус")
	if strings.Contains(s, "UAH") {
		t.Errorf("a price kept its English cell:\n%s", s)
	}
}

// The mirror's rows outlive a change of language (the service's are loaded again):
// reprice writes their price cells and widths in the new one, and keeps a cell
// whose price could not be read.
func TestRepriceWritesTheCellsAgain(t *testing.T) {
	defer i18n.Use(i18n.English)
	tab := newStrtab()
	rs := newStore(tab)
	l := fixture()[1] // 15000.50 UAH
	rs.push(tab.newRow(l, "", false))
	bad := tab.newRow(l, "", false)
	bad.priceS = tab.id(unreadable)
	rs.push(bad)
	if got := rs.str(rs.at(0).priceS); got != "UAH 15,000.50" {
		t.Fatalf("English cell %q", got)
	}
	i18n.Use(i18n.Ukrainian)
	tab.reprice(&rs)
	if got, w := rs.str(rs.at(0).priceS), int(rs.at(0).priceW); got != "15\u00a0000,50 грн" || w != 13 {
		t.Errorf("Ukrainian cell %q, width %d", got, w)
	}
	if got := rs.str(rs.at(1).priceS); got != unreadable {
		t.Errorf("unreadable cell became %q", got)
	}
}

// The ids the browser looks up in its tables are in every language's catalog (the
// catalog test sees only the ids written in T calls).
func TestWordTablesAreInTheCatalogs(t *testing.T) {
	var ids []string
	for _, id := range statusIDs {
		ids = append(ids, id)
	}
	for _, id := range colIDs {
		ids = append(ids, id)
	}
	ids = append(append(ids, sortIDs[:]...), tabIDs[:]...)
	for _, k := range emptyKinds {
		for _, w := range emptyWhats {
			ids = append(ids, "browser.empty."+k+"."+w)
		}
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		p := i18n.For(l)
		for _, id := range ids {
			if id == "" || p.T(id) == id {
				t.Errorf("%s lacks %q", l, id)
			}
		}
	}
	for _, k := range builtinIDs {
		if _, ok := colIDs[k]; !ok {
			t.Errorf("column %q has no heading", k)
		}
	}
}

// The column menu names a column by its heading in the interface's language and by
// the id the config writes; in English the id alone, as before.
func TestColumnMenuNamesHeadingAndID(t *testing.T) {
	defer i18n.Use(i18n.English)
	m := loaded(t, &fakeLister{data: fixture()}, 80, 24)
	m, _ = loop.Press(m, "C")
	tuitest.Lacks(t, tuitest.Screen(m), "title · title")
	i18n.Use(i18n.Ukrainian)
	s := tuitest.Screen(m)
	hasAll(t, s, "стовпці: активні", "назва · title", "перегл. · views")
}
