package sheet

import (
	"slices"
	"strings"
)

// columnAttr begins the name of an attribute's column: attr.<code>.
const columnAttr = "attr."

// AttrCode is the attribute code of an attr.<code> column.
func AttrCode(column string) (code string, ok bool) {
	code, ok = strings.CutPrefix(column, columnAttr)
	return code, ok && code != ""
}

// importColumns are the columns an import reads (see the package doc); exportOnly
// are those an export writes that an import takes as known and ignores.
var (
	importColumns = []string{"id", "title", "description", "price", "price_type", "currency", "condition",
		"contact_name", "contact_phone", "hide_phone", "category", "category_id", "city", "city_ref",
		"photos", "photos_wm", "photos_3d", "video", "video_thumbnail"}
	exportOnly = []string{"category_path", "status", "url", "views", "created_at", "vip", "top"}
)

// ExportOnly reports whether a column is one an export writes and an import ignores.
func ExportOnly(column string) bool { return slices.Contains(exportOnly, column) }

// UnknownColumns are the table's columns that no import reads and no export writes,
// in file order: a misspelt name ("titel") is said, not silently dropped.
func UnknownColumns(t *Table) []string {
	var out []string
	for _, c := range t.Columns {
		if _, ok := AttrCode(c); ok || slices.Contains(importColumns, c) || ExportOnly(c) {
			continue
		}
		out = append(out, c)
	}
	return out
}
