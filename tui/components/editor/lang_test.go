package editor

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// firstStep is the editor's first step with a title and a description typed.
func firstStep(t *testing.T, w, h int) *fixture {
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(w, h)
	f.openNew()
	f.typeText("Велосипед")
	f.press("tab")
	f.typeText("Майже новий, з дзвоником.")
	tuitest.CheckSize(t, f.m.View(), w, h)
	return f
}

// The first step in English and in Ukrainian at both sizes: in Ukrainian the labels,
// the counters and the steps line are the catalog's, and nothing is cut.
func TestGoldenFirstStepByLanguage(t *testing.T) {
	tuitest.GoldenByLanguage(t, func(t *testing.T, w, h int) string { return firstStep(t, w, h).m.View() },
		"Нове оголошення", "Заголовок *", "Опис *", "символів")
}

// In the pseudo-language (every word 40 % longer) the first step still shows each
// field's whole label, the step it is on, and the status line's count.
func TestPseudoFirstStepKeepsItsEssentials(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	f := firstStep(t, 80, 22)
	f.contains(i18n.T("editor.field.title_req"), i18n.T("editor.field.description_req"), i18n.T("editor.steps.basics"))
	n := len(f.m.problems)
	f.contains(i18n.N("editor.status.left", n))
	if strings.Contains(f.screen(), "Title") {
		t.Errorf("an English word of the form is not from the catalog:\n%s", f.screen())
	}
}

// L rebuilds the huh steps in the new language; what was typed stays, and the
// cursor stays on the field it was on.
func TestLangChangedRelabelsTheFormAndKeepsWhatWasTyped(t *testing.T) {
	tuitest.InLang(t, i18n.English)
	f := firstStep(t, 80, 22)
	f.contains("Title *", "Description *")
	i18n.Use(i18n.Ukrainian)
	f.send(msgs.LangChanged{Lang: "uk"})
	f.contains("Заголовок *", "Опис *", "Велосипед", "Майже новий, з дзвоником.")
	if fld := f.m.forms[stepBasics].form.GetFocusedField(); fld == nil || fld.GetKey() != "description" {
		t.Fatalf("the cursor left the description: %v", fld)
	}
	f.typeText(" Дзвоник гучний.")
	if want := "Майже новий, з дзвоником. Дзвоник гучний."; f.m.d.Description != want {
		t.Errorf("description %q, want %q", f.m.d.Description, want)
	}
	if strings.Contains(f.screen(), "Title") {
		t.Errorf("English left after L:\n%s", f.screen())
	}
	if p := f.m.city.View(); !strings.Contains(p, "місто:") {
		t.Errorf("the city step kept its English prompt:\n%s", p)
	}
}

// Every message a rule gives (rules.English, the ids being built at run time) has
// its words in each language, its placeholders filled.
func TestEveryRuleHasItsWords(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		i18n.Use(l)
		for id := range rules.English {
			if strings.HasPrefix(id, "bulk.") {
				continue // bulkform's
			}
			w := rules.Because(id, "N", 7, "Min", 5, "Max", 120, "Extra", 1, "Value", `"x"`, "Name", "Колір",
				"From", "9", "To", "2", "Why", rules.Because("number.invalid", "Value", `"a"`), "Allowed", "new, used", "URLs", 3)
			got := i18n.Reason("editor.rule.", w)
			if got == "editor.rule."+id || strings.Contains(got, "{{") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s has no words: %q", l, id, got)
			}
			if l == i18n.English && got != w.String() {
				t.Errorf("%s: the catalog says %q, rules %q", id, got, w.String())
			}
		}
		for field, id := range fieldLabels {
			if i18n.T(id) == id {
				t.Errorf("%s: the field %s has no name", l, field)
			}
		}
	}
}

// Every step in Ukrainian is exactly the size given at both sizes, never wider.
func TestEveryStepFitsInUkrainian(t *testing.T) {
	i18n.Use(i18n.Ukrainian)
	defer i18n.Use(i18n.English)
	for _, sz := range tuitest.ViewSizes {
		f := newFixture(t, sandbox.KeyPersonal)
		f.m.SetSize(sz.W, sz.H)
		f.openDetails(1001)
		for _, k := range []string{"alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7"} {
			f.press(k)
			tuitest.CheckSize(t, f.m.View(), sz.W, sz.H)
		}
		f.contains("Огляд") // the last step, named on the steps line
	}
}

// L on the review lays its text out again in the new language.
func TestLangChangedRelaysTheReview(t *testing.T) {
	tuitest.InLang(t, i18n.English)
	f := newFixture(t, sandbox.KeyPersonal)
	f.m.SetSize(80, 22)
	f.openDetails(1001)
	f.press("alt+7")
	f.contains("Request body")
	i18n.Use(i18n.Ukrainian)
	f.send(msgs.LangChanged{Lang: "en"})
	f.contains("Тіло запиту")
}
