package drafts

import (
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The list keeps the words it drew (render): a change of language draws them again,
// with the plural forms of the new one. Not parallel: it switches the language.
func TestLangChangedRedrawsTheList(t *testing.T) {
	defer i18n.Use(i18n.English)
	m := sandboxList(t, 80, 22)
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	tuitest.CheckExactSize(t, m.View(), 80, 22)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Чернетки (3)", "зміни 10053", "✖ відхилено: attribute_invalid · 1 фото, 1 не заванта",
		"Велосипед Trek  2 год тому", "без назви")
	tuitest.Lacks(t, s, "Drafts", "untitled", "h ago")
}
