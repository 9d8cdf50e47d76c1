package format_test

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
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
		{"15000.50", "UAH", "", "15 000.50 UAH"},
		{"1250", "USD", "sell", "1 250 USD"},
		{"999", "EUR", "", "999 EUR"},
		{"0", "UAH", "free", "free"},
		{"", "", "exchange", "exchange"},
		{"0.00", "UAH", "exchange", "exchange"},
		{"0", "UAH", "", "free/exchange"},
		{"0", "UAH", "sell", "0 UAH"},
		{"", "UAH", "", ""},
		{"1e5", "UAH", "", "1e5 UAH"},
		{"-1500", "", "", "-1 500"},
		{"1000000", "UAH", "free", "1 000 000 UAH"},
	} {
		if got := format.Price(price(t, c.price), c.cur, c.typ); got != c.want {
			t.Errorf("Price(%q, %q, %q) = %q, want %q", c.price, c.cur, c.typ, got, c.want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1 000", 100000: "100 000", 1234567: "1 234 567", -5000: "-5 000"} {
		if got := format.Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
	for s, want := range map[string]string{"12345.678": "12 345.678", "abc": "abc", "1.2.3": "1.2.3", "-": "-", "": ""} {
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
