package format

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
)

// Attr is one of a listing's attributes as a person reads it: the category's name for
// it and its value by the attribute's type. Known is false for a code the category
// does not define (or when the category's attributes are not known): Name is then the
// code and Value the value as it came.
type Attr struct {
	Code, Name, Value string
	Known             bool
	// Note says why a value is shown as it came, for the reader to trust it less:
	// "unknown option", "not an attribute of this category". "" when all is well.
	Note string
}

// Attrs reads a listing's attributes with its category's: first those the category
// defines, in its order, then the codes it does not, by code. defs nil (not known)
// gives every code, by code, as it came.
func Attrs(values map[string]json.RawMessage, defs []api.Attribute) []Attr {
	out := make([]Attr, 0, len(values))
	done := make(map[string]bool, len(values))
	for _, d := range defs {
		raw, ok := values[d.Code]
		if !ok || done[d.Code] {
			continue
		}
		done[d.Code] = true
		name := d.Name
		if strings.TrimSpace(name) == "" {
			name = d.Code
		}
		value, note := attrValue(d, raw)
		out = append(out, Attr{Code: d.Code, Name: name, Value: value, Known: true, Note: note})
	}
	others := slices.DeleteFunc(slices.Sorted(maps.Keys(values)), func(code string) bool { return done[code] })
	for _, code := range others {
		a := Attr{Code: code, Name: code, Value: asSent(values[code])}
		if defs != nil {
			a.Note = i18n.T("format.note.not_in_category")
		}
		out = append(out, a)
	}
	return out
}

// AttrValue reads one value by its attribute's type: a select's option by its label,
// a boolean as yes or no, a range as from–to, a number and a text as written. A value
// of another shape than its type's is shown as it came, never refused; null is "".
func AttrValue(d api.Attribute, raw json.RawMessage) string {
	v, _ := attrValue(d, raw)
	return v
}

// attrValue is AttrValue with the note of a select's value that is none of its
// options.
func attrValue(d api.Attribute, raw json.RawMessage) (string, string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", ""
	}
	switch d.Type {
	case api.AttrSelect:
		if v, ok := scalar(raw); ok {
			for _, o := range d.Options {
				if o.Value == v {
					if strings.TrimSpace(o.Label) != "" {
						return o.Label, ""
					}
					return v, ""
				}
			}
			return v, i18n.T("format.note.unknown_option")
		}
	case api.AttrBoolean:
		if b, err := strconvBool(raw); err == nil && b {
			return i18n.T("yes"), ""
		} else if err == nil {
			return i18n.T("no"), ""
		}
	case api.AttrRange:
		if r, ok := rangeText(raw); ok {
			return r, ""
		}
	}
	return asSent(raw), ""
}

// strconvBool reads true or false, also as a string ("true") from a lenient server.
func strconvBool(raw json.RawMessage) (bool, error) {
	var b bool
	err := json.Unmarshal(bytes.Trim(raw, `"`), &b)
	return b, err
}

// rangeText reads a range value, {"from": n, "to": n} (the sandbox's shape; the spec
// does not show one), either bound absent or null: "165–180", "from 165", "up to 180".
func rangeText(raw json.RawMessage) (string, bool) {
	var r map[string]json.RawMessage
	if json.Unmarshal(raw, &r) != nil {
		return "", false
	}
	from, hasFrom := number(r["from"])
	to, hasTo := number(r["to"])
	switch {
	case hasFrom && hasTo:
		return from + "–" + to, true
	case hasFrom:
		return i18n.T("format.range.from", "From", from), true
	case hasTo:
		return i18n.T("format.range.to", "To", to), true
	}
	return "", true // a range with neither bound: nothing stated
}

func number(raw json.RawMessage) (string, bool) {
	var n json.Number
	if len(raw) == 0 || json.Unmarshal(raw, &n) != nil || n == "" {
		return "", false
	}
	return n.String(), true
}

// scalar is a JSON string's text or a number's literal, as a select's value may come.
func scalar(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	return number(raw)
}

// asSent is a value as it came: a string's or a number's text, anything else as
// compact JSON.
func asSent(raw json.RawMessage) string {
	if s, ok := scalar(raw); ok {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
