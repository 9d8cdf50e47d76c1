package catalog

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/rules"
	"github.com/listings-tui/listings/api/sheet"
)

// attrCells reads a row's attr.<code> cells against the category's attributes: a
// select takes its option's value or its label in any language, a boolean yes/no
// in the usual words, a range "from-to". It returns the attributes object of a body
// and the problems by column; required says whether a missing required attribute
// is a problem (a create, or an edit that changes the category).
func (t *taxonomy) attrCells(ctx context.Context, cat int, catPath string, cells map[string]string, required bool) (map[string]any, []Problem, error) {
	attrs, err := t.attributes(ctx, cat, t.lang)
	if err != nil {
		return nil, nil, err
	}
	byCode := map[string]api.Attribute{}
	for _, a := range attrs {
		byCode[strings.ToLower(a.Code)] = a
	}
	out := map[string]any{}
	var problems []Problem
	var cols []string
	for col := range cells {
		cols = append(cols, col)
	}
	sort.Strings(cols)
	given := map[string]bool{}
	for _, col := range cols {
		code, ok := sheet.AttrCode(col)
		if !ok {
			continue
		}
		a, ok := byCode[code]
		if !ok {
			problems = append(problems, Problem{col, fmt.Sprintf("%s has no attribute %q; it has: %s", catPath, code, codes(attrs))})
			continue
		}
		given[a.Code] = true
		text, from, to, msg, err := t.attrText(ctx, cat, a, cells[col])
		if err != nil {
			return nil, nil, err
		}
		if msg == "" {
			msg = rules.CheckAttribute(a, text, from, to)
		}
		if msg != "" {
			problems = append(problems, Problem{col, msg})
			continue
		}
		if v, ok := rules.AttributeValue(a, text, from, to); ok {
			out[a.Code] = v
		}
	}
	if required {
		for _, a := range attrs {
			if a.Required && !given[a.Code] {
				problems = append(problems, Problem{"attr." + strings.ToLower(a.Code),
					fmt.Sprintf("%s is required in %s", a.Name, catPath)})
			}
		}
	}
	return out, problems, nil
}

func codes(attrs []api.Attribute) string {
	var c []string
	for _, a := range attrs {
		c = append(c, a.Code)
	}
	if len(c) == 0 {
		return "none"
	}
	return strings.Join(c, ", ")
}

// attrText turns a cell into what rules.CheckAttribute reads: a select's value, a
// boolean's true/false, a range's bounds.
func (t *taxonomy) attrText(ctx context.Context, cat int, a api.Attribute, cell string) (text, from, to, problem string, err error) {
	cell = strings.TrimSpace(cell)
	switch a.Type {
	case api.AttrSelect:
		v, err := t.option(ctx, cat, a, cell)
		if err != nil {
			return "", "", "", "", err
		}
		if v == "" {
			var ls []string
			for _, o := range a.Options {
				ls = append(ls, o.Label)
			}
			return "", "", "", fmt.Sprintf("%q is not a choice of %s: one of %s (a label in any language, or its value)",
				rules.Clip(cell, 30), a.Name, strings.Join(ls, ", ")), nil
		}
		return v, "", "", "", nil
	case api.AttrBoolean:
		switch norm(cell) {
		case "true", "yes", "1", "так", "да", "+", "y":
			return "true", "", "", "", nil
		case "false", "no", "0", "ні", "нет", "-", "n":
			return "false", "", "", "", nil
		}
		return "", "", "", fmt.Sprintf("%q is not yes or no (true/false, так/ні, да/нет)", rules.Clip(cell, 20)), nil
	case api.AttrRange:
		from, to, ok := rules.SplitRange(cell)
		if !ok {
			return "", "", "", fmt.Sprintf("%q is not a range: write from-to (\"2000-2010\"), or one bound as \"2000-\" or \"-2010\"",
				rules.Clip(cell, 30)), nil
		}
		return "", from, to, "", nil
	}
	return cell, "", "", "", nil
}

// option is the value of the select option a cell names by value or by label, in
// the plan's language first and then the others; "" when none.
func (t *taxonomy) option(ctx context.Context, cat int, a api.Attribute, cell string) (string, error) {
	want := norm(cell)
	for _, o := range a.Options {
		if norm(o.Value) == want || norm(o.Label) == want {
			return o.Value, nil
		}
	}
	for _, l := range Langs {
		if l == t.lang {
			continue
		}
		other, err := t.attributes(ctx, cat, l)
		if err != nil {
			return "", err
		}
		for _, oa := range other {
			if oa.Code != a.Code {
				continue
			}
			for _, o := range oa.Options {
				if norm(o.Label) == want {
					return o.Value, nil
				}
			}
		}
	}
	return "", nil
}
