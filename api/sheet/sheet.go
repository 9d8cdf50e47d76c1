// Package sheet owns the files of a catalogue: a table of listings, one row a listing,
// read from and written to CSV, XLSX and JSON Lines, for `listings export`, `listings
// import` and its template. It knows the formats and the column names, not the
// API's rules: what a cell means for a listing is the importer's (api/catalog).
//
// # Columns
//
// A sheet has one header row of column names; the same names are the keys of a JSON
// Lines object. Names are lower case and compared without case and surrounding spaces.
//
//   - id: the listing's id (export; in an import, a row with an id edits that listing)
//   - title, description, price, price_type, currency, condition, contact_name,
//     contact_phone, hide_phone: the fields of the create body
//   - category: an id or a path "Електроніка > Телефони > Смартфони" (import);
//     category_id and category_path (export, and accepted by import)
//   - city: a city_ref or a place name (import); city (its name) and city_ref (export,
//     and city_ref is accepted by import)
//   - photos, photos_wm, photos_3d: several values separated by ";" (paths, globs or
//     URLs; photos_wm only URLs, one per photo); video, video_thumbnail: one
//   - attr.<code>: one column per attribute of the category; a select as its option's
//     value (an import also takes a label), a boolean as true/false, a number as
//     written, a range as "from-to" ("from-" or "-to" when one bound is missing; the
//     separator is the dash whose two sides are numbers, so "-5-10" is -5 to 10 and
//     "--3" up to -3: rules.SplitRange)
//   - status, url, views, created_at, vip, top: what the list shows (export only; an
//     import ignores them)
//
// # Formats
//
//   - CSV: UTF-8, written with a byte order mark so that Excel reads Cyrillic, comma
//     separated, CRLF at the end of each record; numbers with a dot, booleans as
//     true/false, dates as "2006-01-02 15:04:05" in Kyiv time. Read with or without
//     the mark, comma or semicolon separated (Excel writes ";" in locales whose
//     decimal separator is a comma).
//   - XLSX: the first sheet, named "Listings", header in row 1; cells typed (numbers as
//     numbers, true/false as booleans, dates as date cells in Kyiv time; a number of
//     more than 15 significant digits, which a spreadsheet cannot hold, as text). A
//     template adds a sheet "Columns" explaining each column (and a hidden "Options"
//     holding its drop-down lists).
//   - JSON Lines: one flat object per line keyed by column name, an empty cell left
//     out; numbers and booleans typed; dates as RFC 3339 with the Kyiv offset; photos
//     and photos_3d as arrays of strings. A reader also takes every value as a string,
//     and a nested "attributes" object as attr.<code> columns.
package sheet

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is a file format of a sheet.
type Format string

// The formats.
const (
	CSV   Format = "csv"
	XLSX  Format = "xlsx"
	JSONL Format = "jsonl"
)

// Formats are the formats, in the order help texts list them.
var Formats = []Format{CSV, XLSX, JSONL}

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "csv":
		return CSV, nil
	case "xlsx", "excel":
		return XLSX, nil
	case "jsonl", "ndjson", "jsonlines":
		return JSONL, nil
	}
	return "", fmt.Errorf("%q is not a sheet format: use csv, xlsx or jsonl", s)
}

// FormatOf is the format of a file by its name's extension.
func FormatOf(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".txt":
		return CSV, nil
	case ".xlsx":
		return XLSX, nil
	case ".jsonl", ".ndjson":
		return JSONL, nil
	case ".xls", ".ods", ".numbers":
		return "", fmt.Errorf("%s: this spreadsheet format is not read; save it as .xlsx or .csv", filepath.Base(path))
	}
	return "", fmt.Errorf("%s: unknown sheet format; name it .csv, .xlsx or .jsonl, or say --format", filepath.Base(path))
}

// Multi separates the values of one cell that holds several (photos, photos_3d).
const Multi = ";"

// Row is one row of a sheet as read: its cells by column name (lower case), and the
// number a person sees for it: the spreadsheet's row number (2 for the first row
// after the header) or the line number of a JSON Lines file.
type Row struct {
	Line  int
	Cells map[string]string
	Kinds map[string]CellKind // how a cell was stored, where it was not plain; nil for most rows
}

// Table is a sheet as read: its columns in file order (lower case) and its rows,
// empty rows left out.
type Table struct {
	Columns []string
	Rows    []Row
	Notes   []string // how the file was read otherwise than as written, said once each
	// Charset is the character set the text was decoded from when it was not UTF-8
	// ("windows-1251"): a character it cannot hold was saved as "?".
	Charset string
}
