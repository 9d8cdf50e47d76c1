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
	"fmt"
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
func CheckTitle(s string) string { return checkLength("title", s, TitleMin, TitleMax) }

// CheckDescription returns what is wrong with a description, or "".
func CheckDescription(s string) string {
	return checkLength("description", s, DescriptionMin, DescriptionMax)
}

func checkLength(name, s string, lo, hi int) string {
	n := Chars(s)
	switch {
	case n == 0:
		return fmt.Sprintf("the %s is required (%d to %d characters)", name, lo, hi)
	case n < lo:
		return fmt.Sprintf("the %s is %d characters; write at least %d", name, n, lo)
	case n > hi:
		return fmt.Sprintf("the %s is %d characters; shorten it to %d", name, n, hi)
	}
	return ""
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
		return api.Price{}, fmt.Errorf("the price is required for a sale; or choose exchange or free")
	}
	p, err := api.ParsePrice(t)
	if err != nil || strings.ContainsAny(t, "eE") {
		return api.Price{}, fmt.Errorf("%q is not a price: write a number such as 1500 or 99.90", Clip(s, 20))
	}
	if strings.HasPrefix(t, "-") {
		return api.Price{}, fmt.Errorf("the price cannot be negative")
	}
	return p, nil
}

// CheckPrice returns what is wrong with the price for the price type, or "".
func CheckPrice(priceType, price string) string {
	if !Sells(priceType) {
		return ""
	}
	if _, err := ParsePrice(price); err != nil {
		return err.Error()
	}
	return ""
}

// Sells reports whether the price type needs a price ("" is the service's default, sell).
func Sells(priceType string) bool { return priceType == "" || priceType == api.PriceSell }

// CheckPhone returns what is wrong with a contact phone, or "" (empty means the
// profile's phone).
func CheckPhone(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return fmt.Sprintf("%q is not a phone number: use digits, such as +380501234567", Clip(s, 24))
		}
	}
	if digits < 7 || digits > 15 {
		return "a phone number has 7 to 15 digits, such as +380501234567"
	}
	return ""
}

// CheckNumber returns what is wrong with a number typed for an attribute, or "".
func CheckNumber(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if _, err := Number(s); err != nil {
		return err.Error()
	}
	return ""
}

// Number reads a typed number (decimal comma allowed) as a JSON number, exactly.
func Number(s string) (any, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	t = strings.ReplaceAll(t, " ", "")
	if _, err := strconv.ParseFloat(t, 64); err != nil || strings.ContainsAny(t, "eEnN") {
		return nil, fmt.Errorf("%q is not a number", Clip(s, 20))
	}
	p, err := api.ParsePrice(strings.TrimPrefix(t, "+"))
	if err != nil {
		return nil, fmt.Errorf("%q is not a number", Clip(s, 20))
	}
	return p.Number(), nil
}

// CheckRange returns what is wrong with a range's bounds, or "".
func CheckRange(from, to string) string {
	if m := CheckNumber(from); m != "" {
		return "from: " + m
	}
	if m := CheckNumber(to); m != "" {
		return "to: " + m
	}
	if strings.TrimSpace(from) == "" || strings.TrimSpace(to) == "" {
		return ""
	}
	f, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(from), ",", "."), 64)
	t, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(to), ",", "."), 64)
	if f > t {
		return fmt.Sprintf("from (%s) is greater than to (%s)", strings.TrimSpace(from), strings.TrimSpace(to))
	}
	return ""
}

// Clip shortens s to n characters for a message, marking the cut.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
