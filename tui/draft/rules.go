package draft

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
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
		return api.Price{}, fmt.Errorf("%q is not a price: write a number such as 1500 or 99.90", clip(s, 20))
	}
	if strings.HasPrefix(t, "-") {
		return api.Price{}, fmt.Errorf("the price cannot be negative")
	}
	return p, nil
}

// CheckPrice returns what is wrong with the price for the price type, or "".
func CheckPrice(priceType, price string) string {
	if !sells(priceType) {
		return ""
	}
	if _, err := ParsePrice(price); err != nil {
		return err.Error()
	}
	return ""
}

// sells reports whether the price type needs a price ("" is the service's default, sell).
func sells(priceType string) bool { return priceType == "" || priceType == api.PriceSell }

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
			return fmt.Sprintf("%q is not a phone number: use digits, such as +380501234567", clip(s, 24))
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
	if _, err := numberValue(s); err != nil {
		return err.Error()
	}
	return ""
}

// numberValue reads a typed number (decimal comma allowed) as a JSON number.
func numberValue(s string) (any, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	t = strings.ReplaceAll(t, " ", "")
	if _, err := strconv.ParseFloat(t, 64); err != nil || strings.ContainsAny(t, "eEnN") {
		return nil, fmt.Errorf("%q is not a number", clip(s, 20))
	}
	p, err := api.ParsePrice(strings.TrimPrefix(t, "+"))
	if err != nil {
		return nil, fmt.Errorf("%q is not a number", clip(s, 20))
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

// CheckAttribute returns what is wrong with one attribute's value, or "".
func CheckAttribute(a api.Attribute, v AttrValue) string {
	if v.Empty() || (a.Type == api.AttrText && strings.TrimSpace(v.Text) == "") {
		if a.Required {
			return a.Name + " is required"
		}
		return ""
	}
	switch a.Type {
	case api.AttrNumber:
		return CheckNumber(v.Text)
	case api.AttrRange:
		return CheckRange(v.From, v.To)
	case api.AttrSelect:
		for _, o := range a.Options {
			if o.Value == v.Text {
				return ""
			}
		}
		return fmt.Sprintf("%q is not one of the choices of %s", clip(v.Text, 20), a.Name)
	case api.AttrBoolean:
		if v.Text != "true" && v.Text != "false" {
			return a.Name + " is yes or no"
		}
	}
	return ""
}

// Problems returns every rule the draft breaks that the app can know before a
// request, keyed by field name (an attribute is "attributes.CODE"). attrs are the
// chosen category's attributes; nil skips the attribute checks (not loaded yet).
// Media not uploaded yet are not a problem here: the submit uploads them first.
func (d *Draft) Problems(attrs []api.Attribute) map[string]string {
	p := map[string]string{}
	put := func(field, msg string) {
		if msg != "" {
			p[field] = msg
		}
	}
	put(FieldTitle, CheckTitle(d.Title))
	put(FieldDescription, CheckDescription(d.Description))
	put(FieldPrice, CheckPrice(d.PriceType, d.Price))
	if d.CategoryID == 0 {
		put(FieldCategory, "choose a category")
	}
	if strings.TrimSpace(d.CityRef) == "" {
		put(FieldCity, "choose a city: type at least 2 letters of its name")
	}
	if n := Chars(d.ContactName); n > 100 {
		put(FieldContactName, fmt.Sprintf("the contact name is %d characters; shorten it to 100", n))
	}
	put(FieldContactPhone, CheckPhone(d.ContactPhone))
	if len(d.Photos) > MaxPhotos {
		put(FieldPhotos, fmt.Sprintf("%d photos: a listing holds at most %d; remove %d", len(d.Photos), MaxPhotos, len(d.Photos)-MaxPhotos))
	}
	for _, a := range attrs {
		put(AttributeField(a.Code), CheckAttribute(a, d.Attributes[a.Code]))
	}
	return p
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
