package format_test

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
)

func price(t *testing.T, s string) api.Price {
	t.Helper()
	if s == "" {
		return api.Price{}
	}
	p, err := api.ParsePrice(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPrice(t *testing.T) {
	for _, c := range []struct{ price, cur, typ, want string }{
		{"15000.50", "UAH", "", "UAH 15,000.50"},
		{"1250", "USD", "sell", "USD 1,250"},
		{"999", "EUR", "", "EUR 999"},
		{"0", "UAH", "free", "free"},
		{"", "", "exchange", "exchange"},
		{"0.00", "UAH", "exchange", "exchange"},
		{"0", "UAH", "", "free/exchange"},
		{"0", "UAH", "sell", "UAH 0"},
		{"", "UAH", "", ""},
		{"1e5", "UAH", "", "UAH 1e5"},
		{"-1500", "", "", "-1,500"},
		{"1000000", "UAH", "free", "UAH 1,000,000"},
	} {
		if got := format.Price(price(t, c.price), c.cur, c.typ); got != c.want {
			t.Errorf("Price(%q, %q, %q) = %q, want %q", c.price, c.cur, c.typ, got, c.want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100000: "100,000", 1234567: "1,234,567", -5000: "-5,000"} {
		if got := format.Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
	for s, want := range map[string]string{"12345.678": "12,345.678", "abc": "abc", "1.2.3": "1.2.3", "-": "-", "": ""} {
		if got := format.Decimal(s); got != want {
			t.Errorf("Decimal(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestTimesAreKyiv(t *testing.T) {
	utc := time.Date(2026, 11, 24, 22, 30, 5, 0, time.UTC) // 00:30:05 the next day in Kyiv
	if got := format.Stamp(utc); got != "2026-11-25 00:30:05" {
		t.Errorf("Stamp = %q", got)
	}
	if got := format.Date(utc); got != "2026-11-25" {
		t.Errorf("Date = %q", got)
	}
	if got := format.Minute(utc); got != "2026-11-25 00:30" || format.Clock(utc) != "00:30:05" {
		t.Errorf("Minute = %q, Clock = %q", got, format.Clock(utc))
	}
	if format.Date(time.Time{}) != "" || format.Stamp(time.Time{}) != "" {
		t.Error("a zero time is shown")
	}
	if format.Wait(1500*time.Millisecond) != "2s" || format.Wait(90*time.Second) != "1m30s" || format.Wait(0) != "1s" {
		t.Errorf("Wait: %q %q", format.Wait(1500*time.Millisecond), format.Wait(90*time.Second))
	}
}

func TestStatus(t *testing.T) {
	if format.Status(api.StatusActive) != "● active" || format.Status("on_hold") != "? on_hold" || format.Status("") != "? unknown" {
		t.Errorf("%q %q %q", format.Status(api.StatusActive), format.Status("on_hold"), format.Status(""))
	}
}

// In another language than English the words are the catalog's and numbers and
// prices are written as the language writes them; English reads as it always did
// (the tests above).
func TestInUkrainian(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Ukrainian)
	const nbsp = "\u00a0"
	for got, want := range map[string]string{
		format.Price(price(t, "12500.50"), "UAH", ""): "12" + nbsp + "500,50 грн",
		format.Price(price(t, "0"), "UAH", "free"):    "безкоштовно",
		format.Price(price(t, "0"), "UAH", ""):        "безкоштовно/обмін",
		format.Status(api.StatusPending):              "◔ на модерації",
		format.Status(""):                             "? невідомо",
		format.Status("on_hold"):                      "? on_hold",
		format.Requests(5):                            "5 запитів",
		format.Requests(22):                           "22 запити",
		format.Number(12500):                          "12" + nbsp + "500",
		format.Wait(90 * time.Second):                 "1 хв 30 с",
		format.Wait(3605 * time.Second):               "1 год 0 хв 5 с",
		format.AttrValue(api.Attribute{Type: api.AttrBoolean}, []byte("true")): "так",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// Every status this client knows has its word in the catalog (the ids are made at
// run time, which the catalog's test of the code's ids does not see).
func TestEveryStatusHasItsWord(t *testing.T) {
	for _, s := range []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending, api.StatusBlocked,
		api.StatusSold, api.StatusArchived} {
		if id := "format.status." + string(s); i18n.T(id) == id {
			t.Errorf("%s has no entry %s", s, id)
		}
	}
	for _, typ := range []string{api.PriceFree, api.PriceExchange} {
		if id := "format.price." + typ; i18n.T(id) == id {
			t.Errorf("%s has no entry %s", typ, id)
		}
	}
	if format.Wait(3605*time.Second) != "1h0m5s" || format.Wait(59*time.Second) != "59s" {
		t.Errorf("English waits: %q %q", format.Wait(3605*time.Second), format.Wait(59*time.Second))
	}
}

// Dates follow the interface's language (24.11.2026 in Ukrainian and Russian,
// 2026-11-24 in English), always in Kyiv; DayISO, for --json, is ISO whatever it is.
func TestDatesFollowTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	at := time.Date(2026, 11, 24, 21, 59, 0, 0, time.UTC) // 23:59 in Kyiv
	for _, c := range []struct {
		lang        i18n.Lang
		day, minute string
	}{
		{i18n.English, "2026-11-24", "2026-11-24 23:59"},
		{i18n.Ukrainian, "24.11.2026", "24.11.2026 23:59"},
		{i18n.Russian, "24.11.2026", "24.11.2026 23:59"},
	} {
		i18n.Use(c.lang)
		if d, m := format.Date(at), format.Minute(at); d != c.day || m != c.minute {
			t.Errorf("%s: %q, %q; want %q, %q", c.lang, d, m, c.day, c.minute)
		}
		if d := format.DayISO(at); d != "2026-11-24" {
			t.Errorf("%s: DayISO %q", c.lang, d)
		}
		if format.Date(time.Time{}) != "" || format.Minute(time.Time{}) != "" {
			t.Errorf("%s: a zero time is shown", c.lang)
		}
	}
}
