// Package format renders the API's values for people, one way for the CLI and every
// view of the app: prices with their currency (or the word free or exchange), numbers
// with their thousands grouped, dates and times in Europe/Kyiv, statuses as a symbol
// and a word. It styles nothing (the theme colours) and cleans nothing (text from the
// network is cleaned where it enters a screen); it only decides how a value reads.
//
// Its words are the interface's language's (internal/i18n, the format.* entries of
// the catalogs): format imports i18n, not the other way round, as a value reads in a
// language and not a language in a value (i18n keeps its own decimal parsing for
// that). Numbers and prices are written as the language writes them, English too
// ("UAH 15,000.50", "15 000,50 грн"), so that every screen of the app and every table
// of the CLI writes a price one way in a language. No JSON output goes through here:
// --json stays the same in every language, and scripts read that.
package format

import (
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
)

// Price reads a listing's price: the service's decimal kept exactly with its thousands
// grouped and the currency where the language puts it ("UAH 15,000.50"); "free" or "exchange" when the
// price type says so and the price is 0 or absent. A listing without a price gives "",
// for the caller's own empty marker. An odd decimal (an exponent from a lenient server)
// is shown as it came.
func Price(p api.Price, currency, priceType string) string {
	zero := p.IsZero() || strings.Trim(p.String(), "0.") == ""
	if zero && (priceType == api.PriceFree || priceType == api.PriceExchange) {
		return i18n.T("format.price." + priceType)
	}
	if p.IsZero() {
		return ""
	}
	if zero && priceType == "" {
		// The list view has no price_type (spec): a price of 0 there is a listing
		// given away or offered in exchange, and which of the two only the detail says.
		return i18n.T("format.price.free_or_exchange")
	}
	if currency = strings.TrimSpace(currency); currency != "" {
		return i18n.UI().Price(p.String(), currency)
	}
	return Decimal(p.String())
}

// Decimal groups the thousands of a plain decimal text as the language does
// ("-15000.5" → "-15,000.5", "-15 000,5"); anything else is returned as it is.
func Decimal(s string) string { return i18n.UI().Decimal(s) }

// Requests is a count of requests: "1 request", "1 200 requests", "5 запитів".
func Requests(n int) string { return i18n.N("count.requests", n) }

// Count is n of a thing in English, its thousands grouped: "1 listing",
// "10 003 listings" (a word whose plural is not word+"s" is not counted here).
func Count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Number(n) + " " + word + "s"
}

// Number groups an integer's thousands as the language does: 5,000 or 5 000.
func Number(n int) string { return i18n.UI().Number(n) }

// The layouts of times shown to people. Every time is shown in Europe/Kyiv, the
// service's zone, whatever the zone of the machine, so a time on screen matches the
// one on the website and in the service's answers.
const (
	DateLayout    = "2006-01-02"
	MinuteLayout  = "2006-01-02 15:04"
	SecondLayout  = "2006-01-02 15:04:05" // the service's own rendering of listing datetimes
	ClockLayout   = "15:04:05"
	kyivZoneLabel = "Kyiv"
)

// Date is the day of t in Kyiv as the interface's language writes a date (its
// catalog's date.day, a Go layout: 2026-11-24 in English, 24.11.2026 in Ukrainian);
// "" for a zero time. What a machine reads (--json) is DayISO's.
func Date(t time.Time) string { return layout(t, i18n.T("date.day")) }

// Minute is t to the minute in Kyiv as the language writes it (date.minute); "" for a
// zero time.
func Minute(t time.Time) string { return layout(t, i18n.T("date.minute")) }

// DayISO is the day of t in Kyiv as ISO 8601 writes it, whatever the language: for
// --json; "" for a zero time.
func DayISO(t time.Time) string { return layout(t, DateLayout) }

// Stamp is t as the service renders listing datetimes, in Kyiv; "" for a zero time.
func Stamp(t time.Time) string { return layout(t, SecondLayout) }

// Clock is the time of day of t in Kyiv to the second, for waits.
func Clock(t time.Time) string { return layout(t, ClockLayout) }

// HourMinute is the time of day of t in Kyiv, for resets and notices of today.
func HourMinute(t time.Time) string { return layout(t, "15:04") }

// Zone names the zone every time is shown in, for a label beside times that a user
// might read as local.
func Zone() string { return kyivZoneLabel }

func layout(t time.Time, l string) string {
	if t.IsZero() {
		return ""
	}
	return t.In(api.Kyiv).Format(l)
}

// Wait reads a duration the way a person counts a wait: whole seconds, "1m30s",
// "1 хв 30 с"; English as Go writes a duration ("1h0m5s").
func Wait(d time.Duration) string { return waitIn(i18n.UI(), d) }

func waitIn(p *i18n.Printer, d time.Duration) string {
	d = max(d.Round(time.Second), time.Second)
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	switch {
	case h > 0:
		return p.T("format.wait.hms", "H", h, "M", m, "S", s)
	case m > 0:
		return p.T("format.wait.ms", "M", m, "S", s)
	}
	return p.T("format.wait.s", "S", s)
}

// The words api/ keeps in English whatever the interface's language: a job plan's
// summary, which --json prints and a script reads, says its counts and waits so; a
// front end says them again in its language (rules.Why).

// EnglishWait is Wait in English.
func EnglishWait(d time.Duration) string { return waitIn(i18n.For(i18n.English), d) }

// EnglishRequests is Requests in English.
func EnglishRequests(n int) string { return i18n.For(i18n.English).N("count.requests", n) }

// EnglishCount is Count with English's grouping of thousands.
func EnglishCount(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return i18n.For(i18n.English).Number(n) + " " + word + "s"
}

// statusSymbols tell statuses apart without colour.
var statusSymbols = map[api.Status]string{
	api.StatusActive:   "●",
	api.StatusInactive: "○",
	api.StatusPending:  "◔",
	api.StatusBlocked:  "✖",
	api.StatusSold:     "✔",
	api.StatusArchived: "▪",
}

// StatusSymbol is the symbol of a status; a status newer than this client gets "?"
// and is shown with its own word.
func StatusSymbol(s api.Status) string {
	if sym, ok := statusSymbols[s]; ok {
		return sym
	}
	return "?"
}

// StatusWord is the status as it is named, in the interface's language ("active",
// "активне"); "unknown" when the service sent none; a status newer than this client
// by the service's own word.
func StatusWord(s api.Status) string {
	if s == "" {
		return i18n.T("format.status.unknown")
	}
	if _, ok := statusSymbols[s]; ok {
		return i18n.T("format.status." + string(s))
	}
	return string(s)
}

// Status is a status as a symbol and a word: "● active".
func Status(s api.Status) string { return StatusSymbol(s) + " " + StatusWord(s) }
