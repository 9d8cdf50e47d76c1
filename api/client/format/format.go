// Package format renders the API's values for people, one way for the CLI and every
// view of the app: prices with their currency (or the word free or exchange), numbers
// with their thousands grouped, dates and times in Europe/Kyiv, statuses as a symbol
// and a word. It styles nothing (the theme colours) and cleans nothing (text from the
// network is cleaned where it enters a screen); it only decides how a value reads.
package format

import (
	"strconv"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// FreeOrExchange is a price of 0 whose type is not known (the list view has none).
const FreeOrExchange = "free/exchange"

// Price reads a listing's price: the service's decimal kept exactly with its thousands
// grouped and the currency after it ("15 000.50 UAH"); "free" or "exchange" when the
// price type says so and the price is 0 or absent. A listing without a price gives "",
// for the caller's own empty marker. An odd decimal (an exponent from a lenient server)
// is shown as it came.
func Price(p api.Price, currency, priceType string) string {
	zero := p.IsZero() || strings.Trim(p.String(), "0.") == ""
	if zero && (priceType == api.PriceFree || priceType == api.PriceExchange) {
		return priceType
	}
	if p.IsZero() {
		return ""
	}
	if zero && priceType == "" {
		// The list view has no price_type (spec): a price of 0 there is a listing
		// given away or offered in exchange, and which of the two only the detail says.
		return FreeOrExchange
	}
	s := Decimal(p.String())
	if currency = strings.TrimSpace(currency); currency != "" {
		s += " " + currency
	}
	return s
}

// Decimal groups the thousands of a plain decimal text ("-15000.5" → "-15 000.5");
// anything else is returned as it is.
func Decimal(s string) string {
	sign, whole, frac, hasFrac, ok := SplitDecimal(s)
	if !ok {
		return s
	}
	out := sign + group(whole)
	if hasFrac {
		out += "." + frac
	}
	return out
}

// SplitDecimal takes a plain decimal text apart ("-15000.5": "-", "15000", "5", true);
// ok is false for anything else (an exponent, a sign alone, letters), which callers
// show as it came.
func SplitDecimal(s string) (sign, whole, frac string, hasFrac, ok bool) {
	rest := s
	if strings.HasPrefix(rest, "-") {
		sign, rest = "-", rest[1:]
	}
	whole, frac, hasFrac = strings.Cut(rest, ".")
	ok = whole != "" && strings.Trim(whole, "0123456789") == "" && strings.Trim(frac, "0123456789") == ""
	return sign, whole, frac, hasFrac, ok
}

// Requests is a count of requests: "1 request", "1 200 requests".
func Requests(n int) string { return Count(n, "request") }

// Count is n of a thing in English, its thousands grouped: "1 listing",
// "10 003 listings" (a word whose plural is not word+"s" is not counted here).
func Count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Number(n) + " " + word + "s"
}

// Number groups an integer's thousands with a space, as numbers are written in
// Ukrainian: 5 000, 100 000.
func Number(n int) string {
	if n < 0 {
		return "-" + group(strconv.Itoa(-n))
	}
	return group(strconv.Itoa(n))
}

// group inserts a space before every third digit from the right.
func group(d string) string {
	if len(d) <= 3 {
		return d
	}
	var b strings.Builder
	b.Grow(len(d) + len(d)/3)
	head := len(d) % 3
	b.WriteString(d[:head])
	for i := head; i < len(d); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[i : i+3])
	}
	return b.String()
}

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

// Date is the day of t in Kyiv; "" for a zero time.
func Date(t time.Time) string { return layout(t, DateLayout) }

// Minute is t to the minute in Kyiv; "" for a zero time.
func Minute(t time.Time) string { return layout(t, MinuteLayout) }

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

// Wait reads a duration the way a person counts a wait: whole seconds, "1m30s".
func Wait(d time.Duration) string {
	if d < time.Second {
		return "1s"
	}
	return d.Round(time.Second).String()
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

// StatusWord is the status as it is named; "unknown" when the service sent none.
func StatusWord(s api.Status) string {
	if s == "" {
		return "unknown"
	}
	return string(s)
}

// Status is a status as a symbol and a word: "● active".
func Status(s api.Status) string { return StatusSymbol(s) + " " + StatusWord(s) }
