package sheet

import (
	"errors"

	"github.com/listings-tui/listings/api/client/rules"
)

// A sheet that cannot be read, and a note on how one was read, are rules.Whys: the
// error's text and Table.Notes stay English (the CLI's --json, the journal), and a
// front end says the id in the interface's language (WhyOf, Table.Said). The words
// are made the first time one is said: a command that reads no sheet builds none.
func init() { rules.RegisterLazy(whyPrefix, sheetWords) }

const whyPrefix = "sheet."

// Error is a sheet that cannot be read: its Why, and the error beneath it (a file
// system's) for errors.Is.
type Error struct {
	Why rules.Why
	err error
}

func (e *Error) Error() string { return e.Why.String() }
func (e *Error) Unwrap() error { return e.err }

// refuse is the Error of one of the sheet's ids (without its prefix).
func refuse(id string, args ...any) error {
	return &Error{Why: rules.Because(whyPrefix+id, args...)}
}

// wrapped is the Error of id naming err: its Why when it has one (said in the
// language), else its English text.
func wrapped(err error, id string, args ...any) error {
	var why any = err.Error()
	if w, ok := WhyOf(err); ok {
		why = w
	}
	return &Error{Why: rules.Because(whyPrefix+id, append(args, "Why", why)...), err: err}
}

// WhyOf is the Why of a sheet's error, false for an error that has none.
func WhyOf(err error) (rules.Why, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Why, true
	}
	return rules.Why{}, false
}

func sheetWords() map[string]string {
	return map[string]string{
		"sheet.in":          "{{.File}}: {{.Why}}",
		"sheet.read":        "read {{.File}}: {{.Why}}",
		"sheet.read_bytes":  "read the sheet: {{.Why}}",
		"sheet.not_regular": "{{.File}} is not a regular file: a sheet is a .csv, .xlsx or .jsonl file",
		"sheet.folder":      "{{.File}} is a folder, not a sheet",
		"sheet.too_big":     "{{.File}} is {{.MB}} MB; a sheet read here is at most {{.Max}} MB (a catalogue of 50 000 listings is smaller): split it, or leave pictures out of the workbook",
		"sheet.over":        "the sheet is over {{.Max}} MB, the most read here (a catalogue of 50 000 listings is smaller): split it",
		"sheet.format":      "{{.Value}} is not a sheet format: use csv, xlsx or jsonl",
		"sheet.unsupported": "{{.File}}: this spreadsheet format is not read; save it as .xlsx or .csv",
		"sheet.unknown":     "{{.File}}: unknown sheet format; name it .csv, .xlsx or .jsonl, or say --format",
		"sheet.empty":       "the file is empty: a sheet has a header row of column names, then one row per listing",
		"sheet.no_rows":     "the sheet has a header and no rows: add one row per listing",
		"sheet.no_names":    "the first row holds no column names: a sheet starts with a header such as title,description,price,category,city",
		"sheet.export":      "this looks like an export of listings (it has the columns {{.Columns}}, which an export writes) without its id column: imported so, every row would create its listing again, a duplicate. Keep the id column to edit those listings; to copy them as new listings (into another account) use listings import --new",
		// A JSON Lines sheet's rows are its lines.
		"sheet.rows.row":   "the sheet has more than {{.Max}} rows (row {{.Row}} is one more): import it in parts of at most {{.Max}} rows",
		"sheet.rows.line":  "the sheet has more than {{.Max}} rows (line {{.Row}} is one more): import it in parts of at most {{.Max}} rows",
		"sheet.cells.row":  "the sheet has more than {{.Max}} cells with a value (row {{.Row}} brings it over): import it in parts, or leave out the columns you do not change",
		"sheet.cells.line": "the sheet has more than {{.Max}} cells with a value (line {{.Row}} brings it over): import it in parts, or leave out the columns you do not change",
		"sheet.charset":    `this text is not UTF-8, and does not read as Cyrillic in Windows-1251 either: save it as CSV UTF-8 (Excel: File → Save As → "CSV UTF-8 (Comma delimited)"; LibreOffice: Save As → Text CSV, Character set "Unicode (UTF-8)")`,
		"sheet.zip":        "this is a zip file, not {{.Format}} text: an XLSX workbook is read with --format xlsx (or name it .xlsx)",
		"sheet.xls":        "this is an old Excel (.xls) file: save it as .xlsx or as CSV UTF-8",
		"sheet.utf16":      "this text is UTF-16: save it as CSV UTF-8",
		"sheet.binary":     "this is a binary file, not a {{.Format}} sheet",
		"sheet.no_sheet":   "the workbook has no sheet of cells",
		"sheet.xlsx_empty": "it is empty: a sheet has a header row of column names, then one row per listing",
		"sheet.sheet":      "sheet {{.Name}}: {{.Why}}",
		// How a sheet was read otherwise than as written (Table.Notes).
		"sheet.note.cp1251": `read as Windows-1251: the file is not UTF-8, and its letters read as Cyrillic in Windows-1251, the code page Excel on a Ukrainian Windows saves "CSV" in; check the titles in the plan (saved as "CSV UTF-8" the file needs no guess)`,
		"sheet.note.index":  "the first column has no name and numbers the rows from 0: pandas' index (DataFrame.to_csv writes it unless index=False); it is left out",
		"sheet.note.first":  "read the sheet {{.Name}}, the first of the workbook's {{.N}} (none is named {{.Sheet}})",
		"sheet.note.bools":  "{{.Cells}} held TRUE()/FALSE() formulas without a saved value (a sheet re-saved by openpyxl): read from the formula",
	}
}
