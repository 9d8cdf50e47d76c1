package rules

import (
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
)

// CheckAttribute returns what is wrong with one attribute's value, or "". text holds
// a text, a number as typed, a select's option value, or "true"/"false" for a
// boolean; from and to hold a range's bounds ("" is not given).
func CheckAttribute(a api.Attribute, text, from, to string) string {
	return AttributeWhy(a, text, from, to).String()
}

// AttributeWhy is CheckAttribute's answer as a Why.
func AttributeWhy(a api.Attribute, text, from, to string) Why {
	empty := text == "" && from == "" && to == ""
	if empty || (a.Type == api.AttrText && strings.TrimSpace(text) == "") {
		if a.Required {
			return why("attribute.required", "Name", a.Name)
		}
		return Why{}
	}
	switch a.Type {
	case api.AttrNumber:
		return NumberWhy(text)
	case api.AttrRange:
		return RangeWhy(from, to)
	case api.AttrSelect:
		for _, o := range a.Options {
			if o.Value == text {
				return Why{}
			}
		}
		return why("attribute.choice", "Value", strconv.Quote(Clip(text, 20)), "Name", a.Name)
	case api.AttrBoolean:
		if text != "true" && text != "false" {
			return why("attribute.boolean", "Name", a.Name)
		}
	}
	return Why{}
}

// AttributeValue is an entered value as the service expects it in a body's
// attributes: numbers as JSON numbers, booleans as true/false, a range as {"from": n,
// "to": n} without an empty bound, anything else as a trimmed string. ok is false when
// nothing is given or the value does not parse (CheckAttribute says why).
func AttributeValue(a api.Attribute, text, from, to string) (v any, ok bool) {
	switch a.Type {
	case api.AttrNumber:
		if n, err := Number(text); err == nil {
			return n, true
		}
	case api.AttrBoolean:
		if text == "true" || text == "false" {
			return text == "true", true
		}
	case api.AttrRange:
		r := map[string]any{}
		if n, err := Number(from); err == nil && strings.TrimSpace(from) != "" {
			r["from"] = n
		}
		if n, err := Number(to); err == nil && strings.TrimSpace(to) != "" {
			r["to"] = n
		}
		if len(r) > 0 {
			return r, true
		}
	default: // text, select and types the app does not know yet: a string
		if t := strings.TrimSpace(text); t != "" {
			return t, true
		}
	}
	return nil, false
}

// SplitRange reads a range typed in one cell, "from-to", as an export writes it:
// "2000-2010", and with one bound "2000-" or "-2010". A bound may be negative, so a
// dash is not always the separator: the separator is the one dash whose two sides
// are each a number or empty ("-5-10" is -5 to 10, "--3" is up to -3, "-3-" from
// -3). A cell with no dash is one number, the range's from ("2000"). An en or em
// dash counts as a dash, as spreadsheets put one in. ok is false when no dash, or
// more than one, splits the cell so: the cell is not a range.
func SplitRange(s string) (from, to string, ok bool) {
	s = strings.NewReplacer("–", "-", "—", "-").Replace(strings.TrimSpace(s))
	if !strings.Contains(s, "-") {
		return s, "", true
	}
	found := false
	for i := range len(s) {
		if s[i] != '-' {
			continue
		}
		f, t := strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
		if !numberOrEmpty(f) || !numberOrEmpty(t) {
			continue
		}
		if found {
			return "", "", false
		}
		from, to, found = f, t, true
	}
	return from, to, found
}

func numberOrEmpty(s string) bool {
	if s == "" {
		return true
	}
	_, err := Number(s)
	return err == nil
}
