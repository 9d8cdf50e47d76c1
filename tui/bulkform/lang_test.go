package bulkform

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// pricePlan is the plan of a price change of the mixed set.
func pricePlan(t *testing.T, w, h int) Model {
	m := newView(personal)
	m.SetSize(w, h)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: mixed()})
	m, _ = loop.Type(m, "-10%")
	m, _ = loop.Press(m, "tab")
	m, _ = loop.Type(m, "10")
	m, _ = loop.Press(m, "enter")
	tuitest.CheckExactSize(t, m.View(), w, h)
	return m
}

func TestGoldenPlanByLanguage(t *testing.T) {
	tuitest.GoldenByLanguage(t, func(t *testing.T, w, h int) string { return pricePlan(t, w, h).View() },
		"Змінити ціну 12 оголошень?", "зміниться 11 з 12 оголошень; пропущено 1")
}

// In the pseudo-language the plan keeps its counts, what goes back to moderation,
// the cost and the key that confirms, whole.
func TestPseudoPlanKeepsItsEssentials(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	m := pricePlan(t, 80, 22)
	tuitest.Whole(t, tuitest.Pages(m, 10, func(m Model) Model { m, _ = loop.Press(m, "pgdown"); return m }),
		i18n.N("bulkform.plan.changes", 12, "Changes", "11", "Skipped", "1"),
		i18n.N("planbox.moderation", 5), i18n.N("count.requests", 11), "y/enter")
}

// Every reason to skip and every refusal of a price change (ids built at run time)
// has its words in each language, English's as bulk says them.
func TestEveryBulkReasonHasItsWords(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		i18n.Use(l)
		for id := range rules.English {
			if !strings.HasPrefix(id, "bulk.") {
				continue
			}
			w := rules.Because(id, "Status", "sold", "Price", "900 UAH", "Value", `"x"`, "Changes", rules.Num(1), "Total", rules.Num(2),
				"Skipped", rules.Num(1), "N", rules.Num(1), "Why", rules.Because("bulk.skip.pending"), "Count", 2)
			got := i18n.Reason("bulkform.why.", w)
			if got == "bulkform.why."+id || strings.Contains(got, "{{") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s has no words: %q", l, id, got)
			}
			if l == i18n.English && got != w.String() {
				t.Errorf("%s: the catalog says %q, bulk %q", id, got, w.String())
			}
		}
	}
}

// L makes the plan's words again in the new language.
func TestLangChangedRemakesThePlan(t *testing.T) {
	tuitest.InLang(t, i18n.English)
	m := pricePlan(t, 80, 22)
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Змінити ціну 12 оголошень?")
	tuitest.Lacks(t, s, "Change the price")
}
