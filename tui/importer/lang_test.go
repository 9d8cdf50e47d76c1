package importer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// stockPlan is the plan of a sheet of three phones, one refused, in l.
func stockPlan(t *testing.T, l i18n.Lang, w, h int) Model {
	i18n.Use(l)
	t.Cleanup(func() { i18n.Use(i18n.English) })
	dir := t.TempDir()
	writeSheet(t, dir, "stock.csv")
	m := newView(t, dir)
	m.SetSize(w, h)
	m, out := typePath(m, "stock.csv")
	if len(out) != 0 {
		t.Fatalf("the check failed: %v\n%s", out, tuitest.Screen(m))
	}
	tuitest.CheckExactSize(t, m.View(), w, h)
	return m
}

func TestGoldenPlanByLanguage(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian} {
		for _, sz := range tuitest.ViewSizes {
			t.Run(string(l)+"_"+sz.Name, func(t *testing.T) {
				m := stockPlan(t, l, sz.W, sz.H)
				if l == i18n.Ukrainian {
					tuitest.Contains(t, tuitest.Screen(m), "Імпортувати stock.csv?", "3 рядки: створити 2")
				}
				golden.RequireEqual(t, []byte(tuitest.Screen(m)))
			})
		}
	}
}

// In the pseudo-language the plan keeps its counts, what is refused, the requests and
// the key that runs it, whole.
func TestPseudoPlanKeepsItsEssentials(t *testing.T) {
	m := stockPlan(t, i18n.Pseudo, 80, 22)
	all := tuitest.Pages(m, 10, func(m Model) Model { m, _ = loop.Press(m, "pgdown"); return m })
	s := tuitest.Flat(all)
	for _, want := range []string{
		i18n.N("importer.plan.rows", 3, "Creates", "2", "Edits", "0", "Unchanged", "0", "Refused", "1"),
		i18n.N("importer.plan.refused", 1),
		i18n.N("count.requests", 2),
		"y/enter",
	} {
		if !strings.Contains(s, tuitest.Flat(want)) {
			t.Errorf("%q is cut away:\n%s", want, all)
		}
	}
}

// L makes the plan's words and the path's prompt again in the new language.
func TestLangChangedRemakesThePlan(t *testing.T) {
	m := stockPlan(t, i18n.English, 80, 22)
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Імпортувати stock.csv?", "Відхилено: 1 рядок")
	tuitest.Lacks(t, s, "Import stock.csv")
	if m.input.Prompt != "таблиця: " {
		t.Errorf("prompt %q", m.input.Prompt)
	}
}
