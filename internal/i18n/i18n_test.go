package i18n

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const nbsp = "\u00a0"

// TestUkrainianPlurals: the CLDR forms, one/few/many/other, for the numbers the
// issue names, and a fraction (other).
func TestUkrainianPlurals(t *testing.T) {
	uk := For(Ukrainian)
	for n, want := range map[any]string{
		0: "0 оголошень", 1: "1 оголошення", 2: "2 оголошення", 5: "5 оголошень",
		11: "11 оголошень", 21: "21 оголошення", 22: "22 оголошення", 25: "25 оголошень",
		"1.5": "1,5 оголошення", 10003: "10" + nbsp + "003 оголошення",
	} {
		if got := uk.N("count.listings", n); got != want {
			t.Errorf("%v: %q, want %q", n, got, want)
		}
	}
	for n, want := range map[any]string{1: "1 запит", 3: "3 запити", 12: "12 запитів", 101: "101 запит"} {
		if got := uk.N("count.requests", n); got != want {
			t.Errorf("%v: %q, want %q", n, got, want)
		}
	}
	en := For(English)
	for n, want := range map[any]string{0: "0 listings", 1: "1 listing", 21: "21 listings", "1.5": "1.5 listings", 10003: "10,003 listings"} {
		if got := en.N("count.listings", n); got != want {
			t.Errorf("en %v: %q, want %q", n, got, want)
		}
	}
}

func TestPrices(t *testing.T) {
	for _, c := range []struct {
		lang        Lang
		amount, cur string
		want        string
	}{
		{Ukrainian, "12500.50", "UAH", "12" + nbsp + "500,50 грн"},
		{English, "12500.50", "UAH", "UAH 12,500.50"},
		{Russian, "1000000", "USD", "1" + nbsp + "000" + nbsp + "000 $"},
		{English, "999", "EUR", "EUR 999"},
		{Ukrainian, "-15000.5", "GBP", "-15" + nbsp + "000,5 GBP"},
		{English, "1e5", "UAH", "UAH 1e5"}, // an odd decimal is shown as it came
	} {
		if got := For(c.lang).Price(c.amount, c.cur); got != c.want {
			t.Errorf("%s %s %s: %q, want %q", c.lang, c.amount, c.cur, got, c.want)
		}
	}
}

func TestChoose(t *testing.T) {
	for _, c := range []struct {
		setting string
		env     map[string]string
		want    Lang
	}{
		{"", nil, English},
		{"uk", map[string]string{"LANG": "en_US.UTF-8"}, Ukrainian},
		{"", map[string]string{"LANG": "uk_UA.UTF-8"}, Ukrainian},
		{"", map[string]string{"LC_ALL": "ru_UA.UTF-8", "LANG": "uk_UA.UTF-8"}, Russian},
		{"", map[string]string{"LC_MESSAGES": "uk_UA", "LANG": "en_GB.UTF-8"}, Ukrainian},
		{"", map[string]string{"LANGUAGE": "de:uk:en", "LANG": "de_DE.UTF-8"}, Ukrainian},
		// gettext ignores LANGUAGE under the C locale.
		{"", map[string]string{"LANGUAGE": "uk", "LC_ALL": "C"}, English},
		{"", map[string]string{"LANG": "de_DE.UTF-8"}, English},
		{"klingon", map[string]string{"LANG": "ru_RU.UTF-8"}, Russian},
	} {
		if got := Choose(c.setting, func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%q %v: %s, want %s", c.setting, c.env, got, c.want)
		}
	}
}

// The forms each language's rules ask for (CLDR): an entry with plural forms must
// have all of them.
var forms = map[Lang][]string{English: {"one", "other"}, Ukrainian: {"one", "few", "many", "other"}, Russian: {"one", "few", "many", "other"}}

var placeholder = regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)

func catalog(t *testing.T, l Lang) map[string]json.RawMessage {
	t.Helper()
	c, err := raw(l)
	if err != nil {
		t.Fatalf("%s: %v", l, err)
	}
	return c
}

func texts(raw json.RawMessage) map[string]string {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return map[string]string{"": one}
	}
	var m map[string]string
	_ = json.Unmarshal(raw, &m)
	return m
}

// TestCatalogsComplete: every English entry is in every other catalog, with the
// plural forms its language needs and the same placeholders; no catalog has an entry
// English lacks (a typo in an id would never be shown).
func TestCatalogsComplete(t *testing.T) {
	en := catalog(t, English)
	for _, l := range []Lang{Ukrainian, Russian} {
		c := catalog(t, l)
		for _, id := range slices.Sorted(maps.Keys(en)) {
			raw, ok := c[id]
			if !ok {
				t.Errorf("%s lacks %q", l, id)
				continue
			}
			want := placeholders(texts(en[id]))
			got := texts(raw)
			if _, plural := texts(en[id])["other"]; plural {
				for _, f := range forms[l] {
					if got[f] == "" {
						t.Errorf("%s %q lacks the form %s", l, id, f)
					}
				}
			}
			if p := placeholders(got); p != want {
				t.Errorf("%s %q has placeholders %s, English %s", l, id, p, want)
			}
		}
		for id := range c {
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %q, which English lacks", l, id)
			}
		}
	}
}

func placeholders(m map[string]string) string {
	set := map[string]bool{}
	for _, s := range m {
		for _, p := range placeholder.FindAllString(s, -1) {
			set[p] = true
		}
	}
	return strings.Join(slices.Sorted(maps.Keys(set)), " ")
}

// TestPseudo: longer, accented, its placeholders filled, its numbers readable.
func TestPseudo(t *testing.T) {
	xx := For(Pseudo)
	got := xx.N("count.listings", 5)
	if !strings.Contains(got, "5 ") || !strings.Contains(got, "lístíñgs") || len([]rune(got)) < len("5 listings")*7/5 {
		t.Fatalf("%q", got)
	}
	if got := xx.Price("1500", "UAH"); got != "[ÜÁH] 1,500" {
		t.Fatalf("%q", got)
	}
}

// TestMissingFallsBack: an id no catalog has is shown as its id (the catalog test
// keeps that out of the app), and a nil printer writes English.
func TestMissingFallsBack(t *testing.T) {
	if got := For(Ukrainian).T("no.such.entry"); got != "no.such.entry" {
		t.Fatal(got)
	}
	var p *Printer
	if got := p.T("status.pending"); got != "awaiting review" {
		t.Fatal(got)
	}
}

func TestUILanguage(t *testing.T) {
	defer Use(English)
	UseLater(func() Lang { return Ukrainian })
	if got := N("count.listings", 5); got != "5 оголошень" {
		t.Errorf("after UseLater(uk): %q", got)
	}
	Use(English)
	if got := T("status.pending"); got != For(English).T("status.pending") {
		t.Errorf("after Use(en): %q", got)
	}
	for _, c := range []struct {
		config, profile, lang string
		want                  Lang
		apart                 bool
	}{
		{"", "", "", English, false},
		{"", "", "uk_UA.UTF-8", Ukrainian, false},
		{"", "ru", "uk_UA.UTF-8", Russian, false},
		{"en", "ru", "uk_UA.UTF-8", English, true},
		{"xx", "", "uk_UA.UTF-8", Ukrainian, false}, // the tests' language is no setting
	} {
		l, apart := Resolve(c.config, c.profile, func(k string) string {
			if k == "LANG" {
				return c.lang
			}
			return ""
		})
		if l != c.want || apart != c.apart {
			t.Errorf("%+v: %s %v", c, l, apart)
		}
	}
}

// Words are asked for from many goroutines at once (a job's workers write their
// progress, the app's commands run beside the event loop) while entries are added as
// they are first asked for: go test -race finds a lookup unguarded.
func TestWordsFromManyGoroutines(t *testing.T) {
	mu.Lock()
	bundle, books, printers = nil, map[Lang]*book{}, map[Lang]*Printer{}
	mu.Unlock()
	done := make(chan bool)
	for i := range 8 {
		go func() {
			p := For([]Lang{English, Ukrainian}[i%2])
			ok := p.N("count.listings", i) != "count.listings" && p.T("status.active") != "status.active" &&
				p.T("format.status.pending") != "format.status.pending"
			done <- ok
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("a word came back as its id")
		}
	}
}

// A word without data is kept once looked up, per language: a switch of language
// finds the other's word, and an entry with data is still made from its data.
func TestKeptWordsArePerLanguageAndDataIsNot(t *testing.T) {
	en, uk := For(English), For(Ukrainian)
	for range 2 {
		if got := en.T("browser.status.active"); got != "active" {
			t.Errorf("en: %q", got)
		}
		if got := uk.T("browser.status.active"); got == "active" || got == "browser.status.active" {
			t.Errorf("uk: %q", got)
		}
	}
	if a, b := en.T("price", "Currency", "UAH", "Amount", "1"), en.T("price", "Currency", "USD", "Amount", "2"); a != "UAH 1" || b != "USD 2" {
		t.Errorf("with data: %q, %q", a, b)
	}
	if got := (*Printer)(nil).T("browser.status.active"); got != "active" {
		t.Errorf("nil printer: %q", got)
	}
}
