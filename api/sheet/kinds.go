package sheet

// CellKind says how a spreadsheet stored a cell when that is not plain text or a plain
// number; the importer judges such a cell by it.
type CellKind uint8

// The kinds of cells an XLSX reader tells apart.
const (
	KindPlain   CellKind = iota
	KindFormula          // a formula with no saved value: the cell holds "=" and its text
	KindPercent          // a number formatted as a percentage: the cell holds "85%" for 0.85
	KindDate             // a number formatted as a date or time: "2026-06-15", "23:24", "2026-06-15 23:24"
	KindError            // an error value: "#N/A", "#VALUE!"
)
