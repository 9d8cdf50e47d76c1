package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// attrColumns are the row's attr.<code> columns, sorted, with their codes.
func attrColumns(cells map[string]string) (cols, codes []string) {
	for col := range cells {
		if _, ok := sheet.AttrCode(col); ok {
			cols = append(cols, col)
		}
	}
	sort.Strings(cols)
	for _, col := range cols {
		code, _ := sheet.AttrCode(col)
		codes = append(codes, code)
	}
	return cols, codes
}

func hasAttrs(cells map[string]string) bool {
	cols, _ := attrColumns(cells)
	return len(cols) > 0
}

// attrsByCode are a category's attributes by their code in lower case (column
// names are folded to lower case).
func attrsByCode(attrs []api.Attribute) map[string]api.Attribute {
	out := make(map[string]api.Attribute, len(attrs))
	for _, a := range attrs {
		out[strings.ToLower(a.Code)] = a
	}
	return out
}

// attrCells reads a created row's attr.<code> cells against its category's
// attributes: the attributes object of the body, the row refused where a cell is
// wrong or a required attribute is missing.
func (c *checker) attrCells(ctx context.Context, b *rowBuild, cat int, catPath string, cells map[string]string) (map[string]any, error) {
	attrs, err := c.tax.attributes(ctx, cat, c.o.lang())
	if err != nil {
		return nil, err
	}
	byCode := attrsByCode(attrs)
	out := map[string]any{}
	cols, codes := attrColumns(cells)
	for i, col := range cols {
		a, ok := byCode[codes[i]]
		if !ok {
			b.refuse(col, because("attr.unknown", "Category", catPath, "Code", strconv.Quote(codes[i]), "Codes", codeList(attrs)))
			continue
		}
		if isClear(cells[col]) {
			continue // nothing to clear in a new listing
		}
		v, ok, err := c.attrValue(ctx, b, cat, a, col, cells[col])
		if err != nil {
			return nil, err
		}
		if ok {
			out[a.Code] = v
		}
	}
	requireAttrs(b, attrs, out, catPath)
	return out, nil
}

// requireAttrs refuses the row for each required attribute that values lacks.
func requireAttrs(b *rowBuild, attrs []api.Attribute, values map[string]any, catPath string) {
	for _, a := range attrs {
		if _, ok := values[a.Code]; a.Required && !ok && !b.has("attr."+strings.ToLower(a.Code)) {
			b.refuse("attr."+strings.ToLower(a.Code), because("attr.required", "Name", a.Name, "Category", catPath))
		}
	}
}

func codeList(attrs []api.Attribute) any {
	var c []string
	for _, a := range attrs {
		c = append(c, a.Code)
	}
	if len(c) == 0 {
		return because("attr.none")
	}
	return strings.Join(c, ", ")
}

// attrValue reads one attribute's cell as the value a body sends: a select's option
// value (its value or label in any language, or a whole number a tool wrote as
// 256.0), a boolean, a number (85% is 85), a range {"from", "to"} from "from-to",
// a text. ok is false with the row refused; err is a failure to read a category's
// attributes in another language.
func (c *checker) attrValue(ctx context.Context, b *rowBuild, cat int, a api.Attribute, col, cell string) (any, bool, error) {
	cell = strings.TrimSpace(cell)
	kind := b.kinds[col]
	numeric := a.Type == api.AttrNumber || a.Type == api.AttrRange
	if why := damaged(cell, kind, numeric); !why.OK() {
		b.refuse(col, why)
		return nil, false, nil
	}
	switch a.Type {
	case api.AttrSelect:
		v, err := c.tax.option(ctx, cat, a, cell)
		if err != nil {
			return nil, false, err
		}
		if d, why, ok := decimal(cell); v == "" && ok && why == whyFloat {
			if v, err = c.tax.option(ctx, cat, a, d); err != nil {
				return nil, false, err
			}
			if v != "" {
				b.fix(col, cell, d, whyFloat)
			}
		}
		if v == "" {
			var ls []string
			for _, o := range a.Options {
				ls = append(ls, o.Label)
			}
			b.refuse(col, because("attr.choice", "Value", quoted(cell, 30), "Name", a.Name, "Labels", strings.Join(ls, ", ")))
			return nil, false, nil
		}
		return v, true, nil
	case api.AttrBoolean:
		v, ok := b.readBool(col, cell)
		return v, ok, nil
	case api.AttrNumber:
		d, ok := b.readNumber(col, cell)
		return json.Number(d), ok, nil
	case api.AttrRange:
		from, to, ok := rules.SplitRange(cell)
		if !ok {
			b.refuse(col, because("attr.range", "Value", quoted(cell, 30)))
			return nil, false, nil
		}
		if m := rules.RangeWhy(from, to); !m.OK() {
			b.refuse(col, m)
			return nil, false, nil
		}
		r := map[string]any{}
		for bound, v := range map[string]string{"from": from, "to": to} {
			if d, _, ok := decimal(v); ok && v != "" {
				r[bound] = json.Number(d)
			}
		}
		if len(r) == 0 {
			b.refuse(col, because("attr.range_empty", "Value", quoted(cell, 30)))
			return nil, false, nil
		}
		return r, true, nil
	}
	return text(cell), true, nil // text, and types the app does not know yet
}

// sameAttr says whether v, read from a cell, is the listing's value raw: numbers by
// value (2021 and 2021.0), texts as compared (text), a text a tool wrote as a number
// (13.0 for 13) as that number.
func sameAttr(b *rowBuild, col string, a api.Attribute, v any, raw json.RawMessage) bool {
	if raw == nil || string(bytes.TrimSpace(raw)) == "null" {
		return false
	}
	numeric := a.Type == api.AttrNumber || a.Type == api.AttrRange
	x, okX := rules.CanonicalValue(v, numeric)
	y, okY := rules.CanonicalValue(raw, numeric)
	if okX && okY && reflect.DeepEqual(x, y) {
		return true
	}
	if s, ok := v.(string); ok && a.Type == api.AttrText {
		if d, why, ok := decimal(s); ok && why == whyFloat && reflect.DeepEqual(any(d), y) {
			b.fix(col, s, d, whyFloat)
			return true
		}
	}
	if n, ok := x.(string); ok && a.Type == api.AttrNumber && strings.HasPrefix(n, "#0.") && reflect.DeepEqual(any("#"+percentOf(n[1:])), y) {
		// A percentage typed as 85 % in a spreadsheet whose format was then lost
		// (pandas reads the cell's 0.85): the listing's 85.
		b.fix(col, n[1:], percentOf(n[1:]), whyPercent)
		return true
	}
	return false
}

// percentOf is a canonical decimal fraction 0.xyz as a percentage, exactly: 0.85 is
// 85, 0.125 is 12.5.
func percentOf(d string) string {
	frac := strings.TrimPrefix(d, "0.") + "00"
	out, _, _ := decimal(frac[:2] + "." + frac[2:])
	return out
}

// attributes compares the attribute cells with the listing's attributes and, when
// one differs or the category changes, sends them merged: the listing's other values
// unchanged (an edit's attributes replace the whole object, so an edit that sent
// only its cells would delete the rest).
func (d *differ) attributes(cells map[string]string) error {
	newCat, moved := d.e.CategoryID.Get()
	if !hasAttrs(cells) && !moved {
		return nil
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	cat, path := l.CategoryID, l.CategoryPath
	if moved {
		cat, path = newCat, ""
		_, path, _, _ = d.c.tax.category(d.ctx, fmt.Sprint(newCat))
	}
	var where any = path // the category as a refusal names it
	if path == "" {
		where = because("category.numbered", "ID", cat)
	}
	attrs, err := d.c.tax.attributes(d.ctx, cat, d.c.o.lang())
	if err != nil {
		return err
	}
	byCode := attrsByCode(attrs)
	merged := map[string]any{}
	for code, raw := range l.Attributes {
		if _, known := byCode[strings.ToLower(code)]; known || !moved {
			merged[code] = raw // a value of the old category the new one lacks goes with the move
		}
	}
	changed := moved
	cols, codes := attrColumns(cells)
	for i, col := range cols {
		a, ok := byCode[codes[i]]
		if !ok {
			d.b.refuse(col, because("attr.unknown", "Category", where, "Code", strconv.Quote(codes[i]), "Codes", codeList(attrs)))
			continue
		}
		old := l.Attributes[a.Code]
		if isClear(cells[col]) {
			if a.Required {
				d.b.refuse(col, because("attr.required_clear", "Name", a.Name, "Category", where))
			} else if _, had := merged[a.Code]; had {
				delete(merged, a.Code)
				changed = true
				d.change(col, format.AttrValue(a, old), "")
			}
			continue
		}
		v, ok, err := d.c.attrValue(d.ctx, d.b, cat, a, col, cells[col])
		if err != nil {
			return err
		}
		if !ok || sameAttr(d.b, col, a, v, old) {
			continue
		}
		merged[a.Code] = v
		changed = true
		shown, _ := json.Marshal(v)
		d.change(col, format.AttrValue(a, old), format.AttrValue(a, shown))
	}
	if moved {
		requireAttrs(d.b, attrs, merged, path)
	}
	if changed {
		d.e.Attributes = api.Set(merged)
	}
	return nil
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
