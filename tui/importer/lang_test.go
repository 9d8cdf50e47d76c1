package importer

import (
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// stockPlan is the plan of a sheet of three phones, one refused.
func stockPlan(t *testing.T, w, h int) Model {
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
	tuitest.GoldenByLanguage(t, func(t *testing.T, w, h int) string { return stockPlan(t, w, h).View() },
		"Імпортувати stock.csv?", "3 рядки: створити 2")
}

// In the pseudo-language the plan keeps its counts, what is refused, the requests and
// the key that runs it, whole.
func TestPseudoPlanKeepsItsEssentials(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	m := stockPlan(t, 80, 22)
	tuitest.Whole(t, tuitest.Pages(m, 10, func(m Model) Model { m, _ = loop.Press(m, "pgdown"); return m }),
		i18n.N("importer.plan.rows", 3, "Creates", "2", "Edits", "0", "Unchanged", "0", "Refused", "1"),
		i18n.N("importer.plan.refused", 1), i18n.N("count.requests", 2), "y/enter")
}

// L makes the plan's words and the path's prompt again in the new language.
func TestLangChangedRemakesThePlan(t *testing.T) {
	tuitest.InLang(t, i18n.English)
	m := stockPlan(t, 80, 22)
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Імпортувати stock.csv?", "Відхилено: 1 рядок")
	tuitest.Lacks(t, s, "Import stock.csv")
	if m.input.Prompt != "таблиця: " {
		t.Errorf("prompt %q", m.input.Prompt)
	}
}
