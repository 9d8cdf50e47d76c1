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

// importColumns are the columns an import reads (see the package doc); notListing
// are those that say something of a row rather than of the listing to make: what an
// export writes and an import ignores, and the outcome columns of an import's
// report (ReportColumns), so that a report, fixed and imported again, is a sheet.
var (
	importColumns = []string{"id", "title", "description", "price", "price_type", "currency", "condition",
		"contact_name", "contact_phone", "hide_phone", "category", "category_id", "city", "city_ref",
		"photos", "photos_wm", "photos_3d", "video", "video_thumbnail"}
	notListing = []string{"category_path", "status", "url", "views", "created_at", "vip", "top",
		"result", "listing_id", "error_column", "error"}
)

// ReportColumns are the columns an import's report adds after the sheet's own: the
// row's outcome, its listing, the listing's status and page, and the column and the
// reason it was refused.
var ReportColumns = []string{"result", "listing_id", "status", "url", "error_column", "error"}

// NotListing reports whether a column says something of the row (an export's
// read-only columns, a report's outcome) rather than of the listing: an import
// reads none of them into a listing.
func NotListing(column string) bool { return slices.Contains(notListing, column) }

// UnknownColumns are the table's columns that no import reads and no export writes,
// in file order: a misspelt name ("titel") is said, not silently dropped.
func UnknownColumns(t *Table) []string {
	var out []string
	for _, c := range t.Columns {
		if _, ok := AttrCode(c); ok || slices.Contains(importColumns, c) || NotListing(c) {
			continue
		}
		out = append(out, c)
	}
	return out
}
