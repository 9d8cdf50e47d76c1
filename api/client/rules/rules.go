// Package rules owns the spec's rules on a listing's fields that the app can check
// before a request is spent: the lengths of title and description, the lists a
// currency, condition and price type come from, a price and a number as people type
// them, a phone, a range, an attribute's value for its type, and the required fields
// of a create body. The form (tui/draft), `listings create/edit --file` and the
// importer (api/jobs/catalog) all check here, so a body is judged alike wherever it is
// written. What the spec leaves to the service (a category that is not a leaf, a city
// that does not exist) is not judged here.
package rules

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
)

// The spec's limits that are checked before sending.
const (
	TitleMin       = 5
	TitleMax       = 120
	DescriptionMin = 20
	DescriptionMax = 5000
	MaxPhotos      = 12
	// ContactNameMax is the app's bound on a contact name (the spec states none).
	ContactNameMax = 100
)

// Currencies, conditions and price types the spec allows, in the order the form
// offers them.
var (
	Currencies = []string{"UAH", "USD", "EUR"}
	Conditions = []string{"new", "used"}
	PriceTypes = []string{api.PriceSell, api.PriceExchange, api.PriceFree}
)

// Chars counts characters the way the service does: runes of the trimmed text.
func Chars(s string) int { return utf8.RuneCountInString(strings.TrimSpace(s)) }

// CheckTitle returns what is wrong with a title, or "".
func CheckTitle(s string) string { return TitleWhy(s).String() }

// TitleWhy is CheckTitle's answer as a Why.
func TitleWhy(s string) Why { return checkLength("title", s, TitleMin, TitleMax) }

// CheckDescription returns what is wrong with a description, or "".
func CheckDescription(s string) string { return DescriptionWhy(s).String() }

// DescriptionWhy is CheckDescription's answer as a Why.
func DescriptionWhy(s string) Why {
	return checkLength("description", s, DescriptionMin, DescriptionMax)
}

func checkLength(name, s string, lo, hi int) Why {
	n := Chars(s)
	switch {
	case n == 0:
		return why(name+".required", "Min", lo, "Max", hi)
	case n < lo:
		return why(name+".short", "N", n, "Min", lo)
	case n > hi:
		return why(name+".long", "N", n, "Max", hi)
	}
	return Why{}
}

// ParsePrice reads a price as people type it: spaces and non-breaking spaces between
// thousands are dropped and a decimal comma is read as a point ("12 000,50").
func ParsePrice(s string) (api.Price, error) {
	t := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\u00a0' || r == '\u202f' || r == '_' {
			return -1
		}
		if r == ',' {
			return '.'
		}
		return r
	}, s)
	if t == "" {
		return api.Price{}, why("price.required")
	}
	p, err := api.ParsePrice(t)
	if err != nil || strings.ContainsAny(t, "eE") {
		return api.Price{}, why("price.invalid", "Value", strconv.Quote(Clip(s, 20)))
	}
	if strings.HasPrefix(t, "-") {
		return api.Price{}, why("price.negative")
	}
	return p, nil
}

// CheckPrice returns what is wrong with the price for the price type, or "".
func CheckPrice(priceType, price string) string { return PriceWhy(priceType, price).String() }

// PriceWhy is CheckPrice's answer as a Why.
func PriceWhy(priceType, price string) Why {
	if !Sells(priceType) {
		return Why{}
	}
	if _, err := ParsePrice(price); err != nil {
		return err.(Why)
	}
	return Why{}
}

// Sells reports whether the price type needs a price ("" is the service's default, sell).
func Sells(priceType string) bool { return priceType == "" || priceType == api.PriceSell }

// CheckPhone returns what is wrong with a contact phone, or "" (empty means the
// profile's phone).
func CheckPhone(s string) string { return PhoneWhy(s).String() }

// PhoneWhy is CheckPhone's answer as a Why.
func PhoneWhy(s string) Why {
	s = strings.TrimSpace(s)
	if s == "" {
		return Why{}
	}
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return why("phone.invalid", "Value", strconv.Quote(Clip(s, 24)))
		}
	}
	if digits < 7 || digits > 15 {
		return why("phone.digits")
	}
	return Why{}
}

// CheckNumber returns what is wrong with a number typed for an attribute, or "".
func CheckNumber(s string) string { return NumberWhy(s).String() }

// NumberWhy is CheckNumber's answer as a Why.
func NumberWhy(s string) Why {
	s = strings.TrimSpace(s)
	if s == "" {
		return Why{}
	}
	if _, err := Number(s); err != nil {
		return err.(Why)
	}
	return Why{}
}

// Number reads a typed number (decimal comma allowed) as a JSON number, exactly.
func Number(s string) (any, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	t = strings.ReplaceAll(t, " ", "")
	if _, err := strconv.ParseFloat(t, 64); err != nil || strings.ContainsAny(t, "eEnN") {
		return nil, why("number.invalid", "Value", strconv.Quote(Clip(s, 20)))
	}
	p, err := api.ParsePrice(strings.TrimPrefix(t, "+"))
	if err != nil {
		return nil, why("number.invalid", "Value", strconv.Quote(Clip(s, 20)))
	}
	return p.Number(), nil
}

// CheckRange returns what is wrong with a range's bounds, or "".
func CheckRange(from, to string) string { return RangeWhy(from, to).String() }

// RangeWhy is CheckRange's answer as a Why; a bound's own Why is its Args' "Why".
func RangeWhy(from, to string) Why {
	if w := NumberWhy(from); !w.OK() {
		return why("range.from", "Why", w)
	}
	if w := NumberWhy(to); !w.OK() {
		return why("range.to", "Why", w)
	}
	if strings.TrimSpace(from) == "" || strings.TrimSpace(to) == "" {
		return Why{}
	}
	f, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(from), ",", "."), 64)
	t, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(to), ",", "."), 64)
	if f > t {
		return why("range.order", "From", strings.TrimSpace(from), "To", strings.TrimSpace(to))
	}
	return Why{}
}

// Clip shortens s to n characters for a message, marking the cut.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
