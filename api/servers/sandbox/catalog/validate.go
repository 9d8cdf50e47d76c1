package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ValidateAttributes checks attrs against the attributes of leaf category id:
// required ones present, values of the right type and within x_validation, select
// values among the options, ranges as {"from","to"}, no unknown codes.
//
// Errors come in the seed's attribute order, then unknown codes sorted. A JSON null,
// or a text that is empty or only spaces, counts as not given. An unknown or non-leaf
// category has no attributes, so every code sent to it is unknown (the caller reports
// category_not_found / category_not_leaf first).
func (c *Catalog) ValidateAttributes(id int, attrs map[string]json.RawMessage) []FieldError {
	set := c.attrs[id]
	var errs []FieldError
	known := make(map[string]bool, len(set))
	for _, a := range set {
		known[a.code] = true
		raw, present := attrs[a.code]
		var v any
		if present {
			var err error
			if v, err = decodeValue(raw); err != nil {
				errs = append(errs, a.invalid("(got malformed JSON)"))
				continue
			}
		}
		if !present || isBlank(v) {
			if a.required {
				errs = append(errs, FieldError{
					Field: "attributes." + a.code, Code: CodeAttributeRequired,
					Hint: fmt.Sprintf("attributes.%s: %s is required; it must be %s", a.code, a.names["en"], a.allowed),
				})
			}
			continue
		}
		if why := a.check(v); why != "" {
			errs = append(errs, a.invalid(why))
		}
	}
	var unknown []string
	for code := range attrs {
		if !known[code] {
			unknown = append(unknown, code)
		}
	}
	sort.Strings(unknown)
	for _, code := range unknown {
		errs = append(errs, FieldError{
			Field: "attributes." + code, Code: CodeUnknownAttribute,
			Hint: unknownHint(code, set),
		})
	}
	return errs
}

func unknownHint(code string, set []*attribute) string {
	shown := clip(code, 40)
	if len(set) == 0 {
		return fmt.Sprintf("attributes.%s: this category has no attributes", shown)
	}
	codes := make([]string, len(set))
	for i, a := range set {
		codes[i] = a.code
	}
	return fmt.Sprintf("attributes.%s: this category has no attribute %q; its attributes are: %s",
		shown, shown, strings.Join(codes, ", "))
}

func (a *attribute) invalid(why string) FieldError {
	hint := fmt.Sprintf("attributes.%s: %s must be %s", a.code, a.names["en"], a.allowed)
	if why != "" {
		hint += " " + why
	}
	return FieldError{Field: "attributes." + a.code, Code: CodeAttributeInvalid, Hint: hint}
}

// decodeValue parses one attribute value, keeping numbers exact as json.Number.
// Scalars, by far the common case, skip the allocation-heavy json.Decoder.
func decodeValue(raw json.RawMessage) (any, error) {
	v := bytes.TrimSpace(raw)
	if len(v) == 0 {
		return nil, fmt.Errorf("empty value")
	}
	switch c := v[0]; {
	case string(v) == "null":
		return nil, nil
	case string(v) == "true":
		return true, nil
	case string(v) == "false":
		return false, nil
	case c == '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, err
		}
		return s, nil
	case c == '-' || c >= '0' && c <= '9':
		if !json.Valid(v) {
			return nil, fmt.Errorf("malformed number")
		}
		return json.Number(v), nil
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data")
	}
	return out, nil
}

func isBlank(v any) bool {
	if v == nil {
		return true
	}
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) == ""
}

// check returns why v is not a valid value ("" when it is), as a short parenthesised
// remark appended to the hint.
func (a *attribute) check(v any) string {
	switch a.typ {
	case TypeText:
		s, ok := v.(string)
		if !ok {
			return "(got " + kindOf(v) + ")"
		}
		if n := utf8.RuneCountInString(s); a.maxLength > 0 && n > a.maxLength {
			return fmt.Sprintf("(got %d characters)", n)
		}
		if a.pattern != nil && !a.pattern.MatchString(s) {
			return fmt.Sprintf("(got %q)", clip(s, 40))
		}
	case TypeNumber:
		n, ok := v.(json.Number)
		if !ok {
			return "(got " + kindOf(v) + ")"
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || math.IsInf(f, 0) {
			return "(got " + clip(string(n), 40) + ")"
		}
		if !a.numberOK(f) {
			return "(got " + clip(string(n), 40) + ")"
		}
	case TypeSelect:
		s, ok := v.(string)
		if !ok {
			return "(got " + kindOf(v) + ")"
		}
		if !a.optionSet[s] {
			return fmt.Sprintf("(got %q)", clip(s, 40))
		}
	case TypeBoolean:
		if _, ok := v.(bool); !ok {
			return "(got " + kindOf(v) + ")"
		}
	case TypeRange:
		return a.checkRange(v)
	}
	return ""
}

func (a *attribute) checkRange(v any) string {
	obj, ok := v.(map[string]any)
	if !ok {
		return "(got " + kindOf(v) + ")"
	}
	for k := range obj {
		if k != "from" && k != "to" {
			return fmt.Sprintf("(unexpected member %q)", clip(k, 40))
		}
	}
	var bound [2]*float64
	for i, k := range []string{"from", "to"} {
		raw, present := obj[k]
		if !present || raw == nil {
			continue
		}
		n, ok := raw.(json.Number)
		if !ok {
			return fmt.Sprintf("(%s is %s)", k, kindOf(raw))
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || math.IsInf(f, 0) || !a.numberOK(f) {
			return fmt.Sprintf("(%s is %s)", k, clip(string(n), 40))
		}
		bound[i] = &f
	}
	switch {
	case bound[0] == nil && bound[1] == nil:
		return "(got no bound)"
	case bound[0] != nil && bound[1] != nil && *bound[0] > *bound[1]:
		return fmt.Sprintf("(from %s is greater than to %s)", num(*bound[0]), num(*bound[1]))
	}
	return ""
}

// stepTolerance absorbs binary rounding, so 0.3 is a multiple of 0.1.
const stepTolerance = 1e-6

func (a *attribute) numberOK(f float64) bool {
	if a.min != nil && f < *a.min || a.max != nil && f > *a.max {
		return false
	}
	if a.integer && f != math.Trunc(f) {
		return false
	}
	if a.step > 0 {
		q := f / a.step
		if math.Abs(q-math.Round(q)) > stepTolerance {
			return false
		}
	}
	return true
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "an unexpected value"
}

// clip shortens s to at most n runes, so a huge value cannot bloat a hint.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
