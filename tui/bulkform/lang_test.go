package bulkform

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// pricePlan is the plan of a price change of the mixed set, in l.
func pricePlan(t *testing.T, l i18n.Lang, w, h int) Model {
	i18n.Use(l)
	t.Cleanup(func() { i18n.Use(i18n.English) })
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
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian} {
		for _, sz := range tuitest.ViewSizes {
			t.Run(string(l)+"_"+sz.Name, func(t *testing.T) {
				m := pricePlan(t, l, sz.W, sz.H)
				if l == i18n.Ukrainian {
					tuitest.Contains(t, tuitest.Screen(m), "Змінити ціну 12 оголошень?", "зміниться 11 з 12 оголошень; пропущено 1")
				}
				golden.RequireEqual(t, []byte(tuitest.Screen(m)))
			})
		}
	}
}

// In the pseudo-language the plan keeps its counts, what goes back to moderation,
// the cost and the key that confirms, whole.
func TestPseudoPlanKeepsItsEssentials(t *testing.T) {
	m := pricePlan(t, i18n.Pseudo, 80, 22)
	all := tuitest.Pages(m, 10, func(m Model) Model { m, _ = loop.Press(m, "pgdown"); return m })
	s := tuitest.Flat(all)
	for _, want := range []string{
		i18n.N("bulkform.plan.changes", 12, "Changes", "11", "Skipped", "1"),
		i18n.N("planbox.moderation", 5),
		i18n.N("count.requests", 11),
		"y/enter",
	} {
		if !strings.Contains(s, tuitest.Flat(want)) {
			t.Errorf("%q is cut away:\n%s", want, all)
		}
	}
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
			w := rules.Because(id, "Status", "sold", "Price", "900 UAH", "Value", `"x"`)
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
	m := pricePlan(t, i18n.English, 80, 22)
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Змінити ціну 12 оголошень?")
	tuitest.Lacks(t, s, "Change the price")
}
