package detail

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// attrRow is one attribute ready to show: a name and a formatted, cleaned value.
type attrRow struct {
	name, value string
}

// attrRows formats a listing's attribute values with the names and labels of defs:
// in the category's order first, then codes the category does not know, by code.
// defs may be nil (not loaded): every code is then shown raw.
func attrRows(values map[string]json.RawMessage, defs []api.Attribute) []attrRow {
	var rows []attrRow
	known := map[string]bool{}
	for _, d := range defs {
		raw, ok := values[d.Code]
		if !ok || known[d.Code] {
			continue
		}
		known[d.Code] = true
		name := d.Name
		if name == "" {
			name = d.Code
		}
		rows = append(rows, attrRow{name, formatAttr(d, raw)})
	}
	var rest []string
	for code := range values {
		if !known[code] {
			rest = append(rest, code)
		}
	}
	sort.Strings(rest)
	for _, code := range rest {
		v := rawText(values[code])
		if defs != nil {
			v += theme.Muted.Render(" (code not in this category)")
		}
		rows = append(rows, attrRow{termtext.Clean(code), v})
	}
	return rows
}

// formatAttr shows one value by its attribute's type. A value of an unexpected shape is
// shown raw rather than refused: the view never fails on what the server sent.
func formatAttr(d api.Attribute, raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return theme.Muted.Render("—")
	}
	switch d.Type {
	case api.AttrSelect:
		v, ok := scalar(raw)
		if !ok {
			return rawText(raw)
		}
		i := slices.IndexFunc(d.Options, func(o api.AttributeOption) bool { return o.Value == v })
		if i < 0 {
			return termtext.Clean(v) + theme.Muted.Render(" (unknown option)")
		}
		if d.Options[i].Label == "" {
			return termtext.Clean(v)
		}
		return d.Options[i].Label
	case api.AttrBoolean:
		switch strings.Trim(string(raw), `"`) {
		case "true":
			return "yes"
		case "false":
			return "no"
		}
	case api.AttrNumber:
		var n json.Number
		if json.Unmarshal(raw, &n) == nil {
			return termtext.Clean(n.String())
		}
	case api.AttrRange:
		if s, ok := formatRange(raw); ok {
			return s
		}
	}
	return rawText(raw)
}

// formatRange reads {"from": n, "to": n}, either bound absent or null.
func formatRange(raw json.RawMessage) (string, bool) {
	var r struct {
		From, To *json.Number
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&r) != nil {
		return "", false
	}
	from, to := "", ""
	if r.From != nil {
		from = termtext.Clean(r.From.String())
	}
	if r.To != nil {
		to = termtext.Clean(r.To.String())
	}
	switch {
	case from != "" && to != "":
		return from + " – " + to, true
	case from != "":
		return "≥ " + from, true
	case to != "":
		return "≤ " + to, true
	}
	return theme.Muted.Render("—"), true
}

// scalar returns a JSON string's text or a number's literal.
func scalar(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String(), true
	}
	return "", false
}

// rawText shows a value as it came: a string's text, anything else as compact JSON.
func rawText(raw json.RawMessage) string {
	if s, ok := scalar(raw); ok {
		return termtext.Clean(s)
	}
	return compactJSON(raw)
}

// compactJSON is raw on one line, cleaned; invalid JSON is shown as its text.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) == nil {
		return termtext.Clean(b.String())
	}
	return termtext.Clean(string(raw))
}
