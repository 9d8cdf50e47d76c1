// Package sheet owns the files of a catalogue: a table of listings, one row a listing,
// read from and written to CSV, XLSX and JSON Lines, for `listings export`, `listings
// import` and its template. It knows the formats and the column names, not the
// API's rules: what a cell means for a listing is the importer's (api/jobs/catalog).
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
//     decimal separator is a comma); text that is not UTF-8 is read as Windows-1251
//     when its letters read as Cyrillic so (Excel's "CSV" on a Ukrainian Windows;
//     Table.Notes says so), else refused.
//   - XLSX: the first sheet, named "Listings", header in row 1; cells typed (numbers as
//     numbers, true/false as booleans, dates as date cells in Kyiv time; a number of
//     more than 15 significant digits, which a spreadsheet cannot hold, as text; text
//     cut to a cell's 32 767 characters, what XML cannot hold as U+FFFD). A template
//     adds a sheet "Columns" explaining each column (and a hidden "Options" holding
//     its drop-down lists). Written by this package's own writer (archive/zip, each
//     row streamed into the sheet as it comes: xlsx_book.go) and read from the sheet
//     named Listings in any case, else the first, streamed out of the zip with a
//     reader of this package's own (no workbook is held whole): a cell as stored, not
//     as formatted (a number as typed, 3000 not 3000.0000001, a boolean as
//     true/false), except where the format is the meaning, and what tools leave
//     behind, read as a person sees it and marked in Row.Kinds: a percentage "85%", a
//     date or time "2026-06-15", "23:24", "2026-06-15 23:24" (both date systems), an
//     error "#N/A", a formula without a saved value "=A2*2" (but TRUE() and FALSE(),
//     LibreOffice's booleans that openpyxl saves without their value: true and false,
//     said in Table.Notes).
//   - JSON Lines: one flat object per line keyed by column name, an empty cell left
//     out; numbers and booleans typed; dates as RFC 3339 with the Kyiv offset; photos
//     and photos_3d as arrays of strings. A reader also takes every value as a string,
//     and a nested "attributes" object as attr.<code> columns.
//
// A read refuses, saying what to do: text a tool decoded with the wrong character
// set before saving it ("ÐžÑ€ÐµÐ½Ð´Ð°", "РћСЂРµРЅРґР°": nothing is repaired, since a wrong
// repair would be sent), an export without its id column (its rows would be
// duplicates; Options.New takes it), and a file past a bound (MaxReadBytes,
// MaxRows, MaxColumns, MaxCellBytes, an XLSX's unpacked size), counted as it is read.
package sheet

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api/client/rules"
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
	return "", refuse("format", "Value", strconv.Quote(s))
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
		return "", refuse("unsupported", "File", filepath.Base(path))
	}
	return "", refuse("unknown", "File", filepath.Base(path))
}

// Multi separates the values of one cell that holds several (photos, photos_3d).
const Multi = ";"

// Row is one row of a sheet as read: its cells by column name (lower case), and the
// number a person sees for it: the spreadsheet's row number (2 for the first row
// after the header) or the line number of a JSON Lines file. Kinds says, for the
// cells of an XLSX that were not stored as plain text, numbers or booleans, what
// their text is (nil when every cell is plain, and always nil in CSV and JSON Lines,
// whose cells are text the importer judges: "85%" there is just text).
type Row struct {
	Line  int
	Cells map[string]string
	Kinds map[string]CellKind
}

// CellKind is how an XLSX cell was stored, when that changes what its text means.
type CellKind uint8

// The kinds of cell. A plain cell (text, a number as typed, true/false) has none.
const (
	KindPlain CellKind = iota
	// KindFormula: a formula the file holds no value for; the cell is "=" and the
	// formula's text ("=A2*2"), which nothing here computes.
	KindFormula
	// KindPercent: a number formatted as a percentage; the cell is what the person
	// typed and sees ("85%" for 0.85, "12.5%").
	KindPercent
	// KindDate: a number formatted as a date or time (or an ISO date cell); the cell
	// is what is shown, in one fixed form: "2026-06-15", "23:24" ("23:24:05" when
	// the format shows seconds and they are not 0), "2026-06-15 23:24".
	KindDate
	// KindError: a formula's error value; the cell is its code ("#N/A", "#VALUE!").
	KindError
)

func (k CellKind) String() string {
	switch k {
	case KindFormula:
		return "formula"
	case KindPercent:
		return "percentage"
	case KindDate:
		return "date"
	case KindError:
		return "error"
	}
	return "plain"
}

// Table is a sheet as read: its columns in file order (lower case) and its rows,
// empty rows left out. Notes say how the file was read when it was not as written
// (a character set guessed, values read from formulas), each once, for the plan.
type Table struct {
	Columns []string
	Rows    []Row
	Notes   []string // how the file was read otherwise than as written, said once each
	// Said are the Notes as Whys, one for each, for a front end to say in its
	// language.
	Said []rules.Why `json:"-"`
	// Charset is the character set the text was decoded from when it was not UTF-8
	// ("windows-1251"): a character it cannot hold was saved as "?".
	Charset string
}
