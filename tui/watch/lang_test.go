package watch

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The tests here switch the interface's language: none runs in parallel, and each
// puts English back.

// TestGoldenUkrainian: the panel of every state, a job's group, the "add id" input
// and the empty panel, in Ukrainian at 80×24 and 60×15.
func TestGoldenUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	tuitest.Goldens(t, tuitest.Small, map[string]func(*testing.T, int, int) string{
		"panel": func(t *testing.T, w, h int) string {
			m, clk, _ := sample(t)
			m.SetSize(w, h)
			m, _ = tick(m, clk, 4*time.Second)
			return m.View()
		},
		"group": func(_ *testing.T, w, h int) string { m, _ := grouped(); m.SetSize(w, h); return m.View() },
		"adding": func(t *testing.T, w, h int) string {
			m, _, _ := sample(t)
			m.SetSize(w, h)
			m, _ = m.Update(tuitest.Key("+"))
			m = typeText(m, "10x")
			m, _ = m.Update(tuitest.Key("enter"))
			return m.View()
		},
		"empty": func(_ *testing.T, w, h int) string {
			clk := newClock()
			m := New(newPoller(clk), nil, DefaultInterval, clk.Now)
			m.SetSize(w, h)
			return m.View()
		},
	}, tuitest.CheckSize)
}

// TestPseudoKeepsTheCounts: in the pseudo-language (every word 40 % longer) a group's
// counts and a listing's status still show whole at 80×24: the group's name gives way.
func TestPseudoKeepsTheCounts(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	m, _ := grouped()
	m.SetSize(80, 24)
	screen := tuitest.Screen(m)
	tuitest.CheckSize(t, m.View(), 80, 24)
	// The counts in the order they matter: what waits, then the decisions.
	if !tuitest.Contains(t, screen, i18n.T("watch.title"), i18n.N("watch.count.pending", 663), i18n.N("watch.count.approved", 1),
		i18n.N("watch.count.blocked", 1), "On its own", format.StatusWord(api.StatusPending)) {
		t.Log("\n" + screen)
	}
}

// TestBurstInUkrainian: a burst of decisions is said with the language's words and
// numbers ("1 200 схвалено").
func TestBurstInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	var b burst
	now := time.Now()
	for id := 1; id <= 1202; id++ {
		st := api.StatusActive
		if id > 1200 {
			st = api.StatusBlocked
		}
		b.add(&Entry{ID: id, Status: st, Group: job}, now)
	}
	if got, want := b.text(), "✖ "+job+": 1\u00a0200 схвалено, 2 заблоковано — W — переглянути"; got != want {
		t.Errorf("burst %q, want %q", got, want)
	}
}

// TestPluralNotices: the notices that count listings take the language's plural
// forms (1, 2, 5, 21 in Ukrainian and Russian).
func TestPluralNotices(t *testing.T) {
	for l, want := range map[i18n.Lang][]string{
		i18n.English:   {"Removed 1 decided listing", "Removed 2 decided listings", "Removed 5 decided listings", "Removed 21 decided listings"},
		i18n.Ukrainian: {"Прибрано 1 оголошення з рішенням", "Прибрано 2 оголошення з рішенням", "Прибрано 5 оголошень з рішенням", "Прибрано 21 оголошення з рішенням"},
		i18n.Russian:   {"Убрано 1 объявление с решением", "Убрано 2 объявления с решением", "Убрано 5 объявлений с решением", "Убрано 21 объявление с решением"},
	} {
		for i, n := range []int{1, 2, 5, 21} {
			if got := i18n.For(l).N("watch.notice.removed_decided", n); got != want[i] {
				t.Errorf("%s %d: %q, want %q", l, n, got, want[i])
			}
		}
	}
}

// TestLangChangedRedraws: a switch redraws the header and the cached rows, and the
// "add id" input keeps what was typed under its new prompt.
func TestLangChangedRedraws(t *testing.T) {
	defer i18n.Use(i18n.English)
	m, _, _ := sample(t)
	m.SetSize(80, 24)
	m, _ = m.Update(tuitest.Key("+"))
	m = typeText(m, "100")
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Стеження за модерацією", "НАЗВА", "Id оголошення: 100", "перевірка кожні 15 с–2 хв")
	tuitest.Lacks(t, s, "TITLE", "Listing id")
	if !strings.Contains(m.Summary(), "стежимо за") {
		t.Errorf("summary %q", m.Summary())
	}
}

// TestMonthWords: the month ids are built from the month's number; all twelve are
// in every catalog.
func TestMonthWords(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		for mo := 1; mo <= 12; mo++ {
			id := fmt.Sprintf("watch.month.%d", mo)
			if i18n.For(l).T(id) == id {
				t.Errorf("%s: %s missing", l, id)
			}
		}
	}
	if got := clock(time.Date(2026, 4, 2, 12, 0, 0, 0, api.Kyiv), time.Date(2026, 5, 1, 0, 0, 0, 0, api.Kyiv)); got != "02 Apr" {
		t.Errorf("clock %q", got)
	}
}

// TestFullInUkrainian: the store's errors, made before a language is chosen, are said
// in the interface's language when a listing is refused.
func TestFullInUkrainian(t *testing.T) {
	if got := fullText(errTotal); got != errTotal.Error() {
		t.Errorf("en: %q, want %q", got, errTotal.Error())
	}
	tuitest.InLang(t, i18n.Ukrainian)
	if got := fullText(errLines); !strings.HasPrefix(got, "панель стеження заповнена") {
		t.Errorf("uk: %q", got)
	}
}
