package rules

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
)

// CheckAttribute returns what is wrong with one attribute's value, or "". text holds
// a text, a number as typed, a select's option value, or "true"/"false" for a
// boolean; from and to hold a range's bounds ("" is not given).
func CheckAttribute(a api.Attribute, text, from, to string) string {
	empty := text == "" && from == "" && to == ""
	if empty || (a.Type == api.AttrText && strings.TrimSpace(text) == "") {
		if a.Required {
			return a.Name + " is required"
		}
		return ""
	}
	switch a.Type {
	case api.AttrNumber:
		return CheckNumber(text)
	case api.AttrRange:
		return CheckRange(from, to)
	case api.AttrSelect:
		for _, o := range a.Options {
			if o.Value == text {
				return ""
			}
		}
		return fmt.Sprintf("%q is not one of the choices of %s", Clip(text, 20), a.Name)
	case api.AttrBoolean:
		if text != "true" && text != "false" {
			return a.Name + " is yes or no"
		}
	}
	return ""
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
