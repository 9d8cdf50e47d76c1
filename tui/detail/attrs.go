package detail

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// attrRow is one attribute ready to show: a name and a formatted, cleaned value.
type attrRow struct {
	name, value string
}

// attrRows shows a listing's attributes as every screen reads them (api/client/format.Attrs:
// the category's names, in its order, values by their type), cleaned for the
// terminal: an empty value as "—", a value the category does not explain with the
// reason, muted.
func attrRows(values map[string]json.RawMessage, defs []api.Attribute) []attrRow {
	var rows []attrRow
	for _, a := range format.Attrs(values, defs) {
		v := termtext.Clean(a.Value) // format words yes/no and ranges in the interface's language
		if strings.TrimSpace(v) == "" {
			v = theme.Muted.Render("—")
		}
		if a.Note != "" {
			v += theme.Muted.Render(" (" + a.Note + ")")
		}
		rows = append(rows, attrRow{termtext.Clean(a.Name), v})
	}
	return rows
}

// formatAttr shows one value by its attribute's type, as attrRows does.
func formatAttr(d api.Attribute, raw json.RawMessage) string {
	rows := attrRows(map[string]json.RawMessage{d.Code: raw}, []api.Attribute{d})
	return rows[0].value
}

// compactJSON is raw on one line, cleaned; invalid JSON is shown as its text.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) == nil {
		return termtext.Clean(b.String())
	}
	return termtext.Clean(string(raw))
}
