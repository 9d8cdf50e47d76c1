package detail

import (
	"strconv"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// The tests here switch the interface's language: none runs in parallel, and each
// puts English back.

// TestGoldenUkrainian: the active, blocked, pending and missing listings in Ukrainian
// at the two sizes every screen must fit.
func TestGoldenUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	screens := map[string]func(*testing.T, int, int) string{}
	for _, id := range []int{10042, 10043, 10044, 999} {
		screens[strconv.Itoa(id)] = func(_ *testing.T, w, h int) string {
			m, _, _ := newModel(w, h)
			m, _ = open(m, id)
			return m.View()
		}
	}
	tuitest.Goldens(t, tuitest.Small, screens, tuitest.CheckExactSize)
}

// TestPseudoKeepsTheEssentials: in the pseudo-language (every word 40 % longer) the
// status, the price and the moderation's verdict still show whole at 80×24.
func TestPseudoKeepsTheEssentials(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	for _, c := range []struct {
		id     int
		status api.Status
		head   string
	}{{10042, api.StatusActive, ""}, {10043, api.StatusBlocked, "detail.moderation.blocked"}, {10044, api.StatusPending, "detail.moderation.pending"}} {
		m, _, _ := newModel(80, 24)
		m, _ = open(m, c.id)
		screen := tuitest.Screen(m)
		tuitest.CheckExactSize(t, m.View(), 80, 24)
		want := []string{ansi.Strip(theme.Status(c.status)), price(m.listing.Price, m.listing.Currency, m.listing.PriceType),
			i18n.T("detail.field.condition"), i18n.T("detail.field.category")}
		if c.head != "" {
			want = append(want, i18n.T(c.head))
		}
		if !tuitest.Contains(t, screen, want...) {
			t.Logf("listing %d:\n%s", c.id, screen)
		}
	}
}

// TestLangChangedRedraws: the labels and a yes/no value follow a switch of the
// interface's language, and come back in English.
func TestLangChangedRedraws(t *testing.T) {
	defer i18n.Use(i18n.English)
	m, _, _ := newModel(80, 60)
	m, _ = open(m, 10042)
	tuitest.Contains(t, tuitest.Screen(m), "Condition", "used", "Warranty           yes")
	i18n.Use(i18n.Ukrainian)
	m, cmd := m.Update(msgs.LangChanged{Lang: "uk"})
	m, _ = loop.Drain(m, cmd)
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "Стан", "вживане", "продаж", "Характеристики", "так", "ні", "від 5", "до 9")
	tuitest.Lacks(t, screen, "Condition", "Warranty           yes")
	i18n.Use(i18n.English)
	m, cmd = m.Update(msgs.LangChanged{Lang: "en"})
	m, _ = loop.Drain(m, cmd)
	tuitest.Contains(t, tuitest.Screen(m), "Condition", "used")
}

// TestEnumWords: the ids built from the API's words (price types, conditions) are all
// in the catalog; the catalog test sees only literal ids.
func TestEnumWords(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		p := i18n.For(l)
		for _, id := range []string{"detail.price_type." + api.PriceSell, "detail.price_type." + api.PriceFree,
			"detail.price_type." + api.PriceExchange, "detail.condition.new", "detail.condition.used",
			"detail.decision." + string(api.StatusPending), "detail.decision." + string(api.StatusBlocked), "detail.decision." + string(api.StatusActive)} {
			if p.T(id) == id {
				t.Errorf("%s: %s missing", l, id)
			}
		}
	}
}
