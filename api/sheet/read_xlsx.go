package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// SheetName is the name of the worksheet of listings; a workbook without one is read
// from its first sheet.
const SheetName = "Listings"

// unzipLimit bounds what an XLSX may unpack to: a zip of a few MB that unpacks to
// gigabytes is a zip bomb, not a catalogue.
const unzipLimit = 512 << 20

// readXLSX reads the sheet named Listings, else the first. Cells are read as stored,
// not as displayed: a price 1234.5 formatted "1,234.50" comes back 1234.5, a number
// Excel keeps as a float (3000, 3.80501234567E+11) as the number a person typed
// (3000, 380501234567), and a boolean as true or false.
func readXLSX(data []byte) (*Table, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit: unzipLimit, UnzipXMLSizeLimit: unzipLimit / 4})
	if err != nil {
		if bytes.HasPrefix(data, []byte("PK")) {
			return nil, fmt.Errorf("not a readable XLSX workbook: %v", err)
		}
		return nil, errors.New("not an XLSX workbook (an .xlsx file is a zip); a CSV or JSON Lines file is read with --format csv or jsonl")
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, errors.New("the workbook has no sheet")
	}
	name := sheets[0]
	for _, s := range sheets {
		if strings.EqualFold(s, SheetName) {
			name = s
		}
	}
	rows, err := f.GetRows(name, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, fmt.Errorf("sheet %q: %v", name, err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("sheet %q is empty: a sheet has a header row of column names, then one row per listing", name)
	}
	colName := func(i int) string {
		c, _ := excelize.ColumnNumberToName(i + 1)
		return "column " + c
	}
	b, err := newBuilder(rows[0], colName)
	if err != nil {
		return nil, fmt.Errorf("sheet %q: %w", name, err)
	}
	for i, row := range rows[1:] {
		n := i + 2
		for j, v := range row {
			if looksNumeric(v) {
				row[j] = storedValue(f, name, j, n, v)
			} else {
				// A guarded CSV export opened in a spreadsheet and saved as XLSX
				// keeps its apostrophes as text.
				row[j] = CSVUnguard(v)
			}
		}
		if err := b.add(n, row, fmt.Sprintf("row %d", n)); err != nil {
			return nil, fmt.Errorf("sheet %q: %w", name, err)
		}
	}
	t, err := b.table()
	if err != nil {
		return nil, fmt.Errorf("sheet %q: %w", name, err)
	}
	return t, nil
}

// looksNumeric says whether a raw value may be a number or a boolean stored as one,
// the only values whose cell type matters.
func looksNumeric(v string) bool {
	if v == "" {
		return false
	}
	for _, r := range v {
		if !strings.ContainsRune("0123456789.-+eE", r) {
			return false
		}
	}
	return true
}

// storedValue is a numeric-looking raw value as a person would have typed it: a
// boolean cell's 1/0 as true/false, and a number cell's float written out in
// Excel's 15 significant digits without an exponent. A text cell is kept as it is
// ("0501234567" keeps its zero).
func storedValue(f *excelize.File, sheet string, col, row int, v string) string {
	cell, err := excelize.CoordinatesToCellName(col+1, row)
	if err != nil {
		return v
	}
	typ, err := f.GetCellType(sheet, cell)
	if err != nil {
		return v
	}
	switch typ {
	case excelize.CellTypeBool:
		switch v {
		case "1":
			return "true"
		case "0":
			return "false"
		}
	case excelize.CellTypeUnset, excelize.CellTypeNumber:
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return v
		}
		x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return v
}
