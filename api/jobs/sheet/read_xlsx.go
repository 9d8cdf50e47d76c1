package sheet

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api/client/rules"
)

// SheetName is the name of the worksheet of listings; a workbook without one is read
// from its first sheet.
const SheetName = "Listings"

// readXLSXAt reads the sheet named Listings, else the first, streaming its rows out
// of the zip: only the shared strings, the formats and the rows kept are held.
// Cells are read as stored, not as displayed, where the display only dresses a
// value: a price 1234.5 formatted "1,234.50" comes back 1234.5, a number Excel
// keeps as a float (3000, 3.80501234567E+11) as the number a person typed (3000,
// 380501234567), and a boolean as true or false. Where the format is the meaning
// (a percentage, a date, a time) the cell is what is shown, and Row.Kinds says so.
func (o Options) readXLSXAt(ra io.ReaderAt, size int64) (*Table, error) {
	o = o.withDefaults()
	if size == 0 {
		return nil, errEmpty
	}
	x, err := openXLSX(ra, size)
	if err != nil {
		return nil, err
	}
	bk, err := x.book()
	if err != nil {
		return nil, err
	}
	sh, ok := bk.pick()
	if !ok {
		return nil, refuse("no_sheet")
	}
	st, err := x.readStyles(bk.styles)
	if err != nil {
		return nil, err
	}
	shared, err := x.readShared(bk.shared, o.lim)
	if err != nil {
		return nil, err
	}
	rc, err := x.open(sh.part, unzipLimit)
	if err != nil {
		return nil, err
	}
	if rc == nil {
		return nil, fmt.Errorf("the workbook's sheet %q has no cells in the file (%s is missing): the file is damaged; open it and save it again", sh.name, sh.part)
	}
	defer rc.Close()
	sr := &sheetReader{d: xml.NewDecoder(rc), name: sh.part, shared: shared, styles: st, date1904: bk.date1904, lim: o.lim}
	t, err := o.readRows(sr)
	if err != nil {
		return nil, wrapped(err, "sheet", "Name", strconv.Quote(sh.name))
	}
	if sheets := bk.worksheets(); sheets > 1 && !strings.EqualFold(strings.TrimSpace(sh.name), SheetName) {
		t.note(rules.Because(whyPrefix+"note.first", "Name", strconv.Quote(sh.name), "N", sheets, "Sheet", SheetName))
	}
	return t, nil
}

func (o Options) readRows(sr *sheetReader) (*Table, error) {
	b := o.builder(XLSX)
	colName := func(i int) string { return "column " + columnLetters(i) }
	headed := false
	for {
		n, cells, kinds, err := sr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if !headed {
			if err := b.header(cells, colName); err != nil {
				return nil, err
			}
			headed = true
			continue
		}
		if err := b.add(n, cells, kinds); err != nil {
			return nil, err
		}
	}
	if !headed {
		return nil, refuse("xlsx_empty")
	}
	if n := sr.boolFormulas; n > 0 {
		b.note(rules.Because(whyPrefix+"note.bools", "Cells", cellsWord(n), "Count", n))
	}
	return b.table()
}

func cellsWord(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}
