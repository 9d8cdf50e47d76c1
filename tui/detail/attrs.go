package detail

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
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
	types := map[string]string{}
	for _, d := range defs {
		types[d.Code] = d.Type
	}
	var rows []attrRow
	for _, a := range format.Attrs(values, defs) {
		v := termtext.Clean(a.Value)
		switch types[a.Code] {
		case api.AttrBoolean:
			v = yesNo(v)
		case api.AttrRange:
			v = rangeWords(v)
		}
		if strings.TrimSpace(v) == "" {
			v = theme.Muted.Render("—")
		}
		if a.Note != "" {
			v += theme.Muted.Render(" (" + noteWord(a.Note) + ")")
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

// yesNo is a boolean's value in the interface's words: format gives the API's
// English yes and no, which a Ukrainian seller reads as так and ні.
func yesNo(v string) string {
	switch v {
	case "yes", "no":
		return i18n.T(v)
	}
	return v
}

// rangeWords is a range with one bound in the interface's words: format writes
// "from 165" and "up to 180".
func rangeWords(v string) string {
	if n, ok := strings.CutPrefix(v, "from "); ok {
		return i18n.T("detail.attrs.from", "N", n)
	}
	if n, ok := strings.CutPrefix(v, "up to "); ok {
		return i18n.T("detail.attrs.up_to", "N", n)
	}
	return v
}

// noteWord is format's note on an attribute's value in the interface's words.
func noteWord(note string) string {
	switch note {
	case format.NoteUnknownOption:
		return i18n.T("detail.attrs.unknown_option")
	case format.NoteNotInCategory:
		return i18n.T("detail.attrs.not_in_category")
	}
	return note
}
