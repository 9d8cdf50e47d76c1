package catalog

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Attribute types of the spec.
const (
	TypeText    = "text"
	TypeNumber  = "number"
	TypeSelect  = "select"
	TypeBoolean = "boolean"
	TypeRange   = "range"
)

// attribute is one seed attribute with its parsed x_validation. The validation rules
// live only here: the API object (Attribute) has no room for them.
type attribute struct {
	code      string
	typ       string
	names     map[string]string
	required  bool
	options   []seedOption
	optionSet map[string]bool

	min, max  *float64
	step      float64 // 0 when any value is allowed
	integer   bool
	unit      string
	maxLength int // 0 when unbounded
	pattern   *regexp.Regexp

	// allowed is the English description of a valid value, used in every hint.
	allowed string
}

func (c *Catalog) buildAttributes(sets map[string][]seedAttribute) error {
	c.attrs = make(map[int][]*attribute, len(sets))
	keys := make([]string, 0, len(sets))
	for k := range sets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		id, err := strconv.Atoi(k)
		if err != nil {
			return fmt.Errorf("set key %q is not a category id", k)
		}
		i, ok := c.index[id]
		if !ok {
			return fmt.Errorf("set %d: no such category", id)
		}
		if !c.nodes[i].Leaf {
			return fmt.Errorf("set %d: category is not a leaf", id)
		}
		seen := map[string]bool{}
		list := make([]*attribute, 0, len(sets[k]))
		for _, sa := range sets[k] {
			a, err := newAttribute(sa)
			if err != nil {
				return fmt.Errorf("set %d: %w", id, err)
			}
			if seen[a.code] {
				return fmt.Errorf("set %d: attribute %q appears twice", id, a.code)
			}
			seen[a.code] = true
			list = append(list, a)
		}
		c.attrs[id] = list
	}
	return nil
}

func newAttribute(sa seedAttribute) (*attribute, error) {
	if strings.TrimSpace(sa.Code) == "" {
		return nil, fmt.Errorf("attribute without code")
	}
	what := fmt.Sprintf("attribute %q", sa.Code)
	if err := checkNames(what, sa.Name); err != nil {
		return nil, err
	}
	a := &attribute{code: sa.Code, typ: sa.Type, names: maps.Clone(sa.Name), required: sa.Required}
	switch sa.Type {
	case TypeText, TypeNumber, TypeBoolean, TypeRange:
		if len(sa.Options) > 0 {
			return nil, fmt.Errorf("%s: options on a %s attribute", what, sa.Type)
		}
	case TypeSelect:
		if len(sa.Options) == 0 {
			return nil, fmt.Errorf("%s: select without options", what)
		}
		a.options = sa.Options
		a.optionSet = make(map[string]bool, len(sa.Options))
		for _, o := range sa.Options {
			if o.Value == "" || a.optionSet[o.Value] {
				return nil, fmt.Errorf("%s: empty or repeated option value %q", what, o.Value)
			}
			if err := checkNames(fmt.Sprintf("%s option %q", what, o.Value), o.Label); err != nil {
				return nil, err
			}
			a.optionSet[o.Value] = true
		}
	default:
		return nil, fmt.Errorf("%s: unknown type %q", what, sa.Type)
	}
	if v := sa.XValidation; v != nil {
		if err := a.applyValidation(v); err != nil {
			return nil, fmt.Errorf("%s: x_validation: %w", what, err)
		}
	}
	a.allowed = a.describe()
	return a, nil
}

func (a *attribute) applyValidation(v *seedValidation) error {
	numeric := a.typ == TypeNumber || a.typ == TypeRange
	if (v.Min != nil || v.Max != nil || v.Step != nil || v.Integer) && !numeric {
		return fmt.Errorf("numeric rules on a %s attribute", a.typ)
	}
	if (v.MaxLength != nil || v.Pattern != "") && a.typ != TypeText {
		return fmt.Errorf("text rules on a %s attribute", a.typ)
	}
	for _, f := range []*float64{v.Min, v.Max, v.Step} {
		if f != nil && (math.IsNaN(*f) || math.IsInf(*f, 0)) {
			return fmt.Errorf("bound is not finite")
		}
	}
	if v.Min != nil && v.Max != nil && *v.Min > *v.Max {
		return fmt.Errorf("min %v is above max %v", *v.Min, *v.Max)
	}
	if v.Step != nil {
		if *v.Step <= 0 {
			return fmt.Errorf("step %v is not positive", *v.Step)
		}
		a.step = *v.Step
	}
	if v.MaxLength != nil {
		if *v.MaxLength <= 0 {
			return fmt.Errorf("max_length %d is not positive", *v.MaxLength)
		}
		a.maxLength = *v.MaxLength
	}
	if v.Pattern != "" {
		re, err := regexp.Compile(v.Pattern)
		if err != nil {
			return fmt.Errorf("pattern: %w", err)
		}
		a.pattern = re
	}
	a.min, a.max, a.integer, a.unit = v.Min, v.Max, v.Integer, v.Unit
	return nil
}

// maxListedOptions bounds the option values a hint spells out.
const maxListedOptions = 8

// describe says in English what a valid value looks like.
func (a *attribute) describe() string {
	switch a.typ {
	case TypeText:
		s := "text"
		if a.maxLength > 0 {
			s += fmt.Sprintf(" of at most %d characters", a.maxLength)
		}
		if a.pattern != nil {
			s += " matching " + a.pattern.String()
		}
		return s
	case TypeNumber:
		kind := "a number"
		if a.integer {
			kind = "an integer"
		}
		s := kind + a.bounds()
		if a.step > 0 {
			s += " in steps of " + num(a.step)
		}
		return s + a.unitSuffix()
	case TypeSelect:
		vals := make([]string, 0, maxListedOptions+1)
		for i, o := range a.options {
			if i == maxListedOptions {
				vals = append(vals, "…")
				break
			}
			vals = append(vals, o.Value)
		}
		return "one of: " + strings.Join(vals, ", ")
	case TypeBoolean:
		return "true or false"
	default: // range
		s := `an object {"from": n, "to": n} with at least one bound and from <= to`
		if b := a.bounds(); b != "" {
			s += ", both" + b
		}
		return s + a.unitSuffix()
	}
}

func (a *attribute) bounds() string {
	switch {
	case a.min != nil && a.max != nil:
		return fmt.Sprintf(" from %s to %s", num(*a.min), num(*a.max))
	case a.min != nil:
		return " of at least " + num(*a.min)
	case a.max != nil:
		return " of at most " + num(*a.max)
	}
	return ""
}

func (a *attribute) unitSuffix() string {
	if a.unit == "" {
		return ""
	}
	return " (" + a.unit + ")"
}

// num prints a seed number the way it is written in the seed (no exponent, no
// trailing zeros).
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Attributes returns the attributes of category id in lang; ok is false for an
// unknown category. A known category without attributes — every non-leaf category,
// since listings live in leaves only — gives an empty, non-nil slice.
func (c *Catalog) Attributes(id int, lang string) (attrs []Attribute, ok bool) {
	if _, ok := c.index[id]; !ok {
		return nil, false
	}
	set := c.attrs[id]
	out := make([]Attribute, 0, len(set))
	for _, a := range set {
		api := Attribute{Code: a.code, Name: text(a.names, lang), Type: a.typ, Required: a.required}
		if a.typ == TypeSelect {
			api.Options = make([]Option, len(a.options))
			for i, o := range a.options {
				api.Options[i] = Option{Value: o.Value, Label: text(o.Label, lang)}
			}
		}
		out = append(out, api)
	}
	return out, true
}
