package sheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// DateFormat is the number format of a date cell: ISO order, read the same in every
// locale (Excel's built-in date formats follow the reader's).
const DateFormat = "yyyy-mm-dd hh:mm:ss"

// maxExactDigits is how many significant digits a number cell holds exactly: Excel
// keeps 15. A longer number is written as text, so that the file says what the
// service said.
const maxExactDigits = 15

// xlsxWriter writes the sheet Listings, streamed into the zip as rows come
// (xlsx_book.go).
type xlsxWriter struct {
	book  *bookWriter
	sh    *sheetOut
	cells []xcell
}

func newXLSXWriter(w io.Writer, columns []string) (*xlsxWriter, error) {
	if len(columns) > maxSheetColumns {
		return nil, fmt.Errorf("write the sheet: %d columns, more than the %d a sheet holds", len(columns), maxSheetColumns)
	}
	book, err := newBookWriter(w, []outSheet{{name: SheetName}})
	if err != nil {
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	widths := make([]float64, len(columns))
	head := make([]xcell, len(columns))
	for i, c := range columns {
		widths[i] = Width(c)
		head[i] = xcell{kind: xText, style: styleBold, v: c}
	}
	x := &xlsxWriter{book: book}
	if x.sh, err = book.startSheet(sheetView{widths: widths, frozen: true}); err != nil {
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	if err := x.sh.writeRow(head); err != nil {
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	return x, nil
}

func (x *xlsxWriter) WriteRow(cells []any) error {
	x.cells = x.cells[:0]
	for _, v := range cells {
		x.cells = append(x.cells, xlsxCell(v))
	}
	if err := x.sh.writeRow(x.cells); err != nil {
		return fmt.Errorf("write the sheet: row %d: %w", x.sh.row+1, err)
	}
	return nil
}

// xlsxCell is v as a typed cell: numbers as numbers, times as dates in Kyiv wall
// time with an ISO format, several values joined by Multi, anything else as text.
func xlsxCell(v any) xcell {
	switch v := v.(type) {
	case nil:
		return xcell{}
	case Number:
		if f, ok := exactFloat(string(v)); ok {
			if lit, ok := numberLiteral(f); ok {
				return xcell{kind: xNumber, v: lit}
			}
		}
	case int:
		return xcell{kind: xNumber, v: strconv.Itoa(v)}
	case int64:
		return xcell{kind: xNumber, v: strconv.FormatInt(v, 10)}
	case float64:
		if lit, ok := numberLiteral(v); ok {
			return xcell{kind: xNumber, v: lit}
		}
	case bool:
		if v {
			return xcell{kind: xBool, v: "1"}
		}
		return xcell{kind: xBool, v: "0"}
	case time.Time:
		if serial, ok := serialDate(v.In(api.Kyiv)); ok {
			return xcell{kind: xNumber, style: styleDate, v: serial}
		}
	}
	return xlsxText(Text(v))
}

// xlsxText is a text cell. An XLSX text cell is never run as a formula, so it is not
// guarded as CSV's are; but the reader takes the apostrophe off one that looks
// guarded (a guarded CSV saved as XLSX), so a text of its own beginning with an
// apostrophe before a formula's character gets a second one, to come back whole.
func xlsxText(s string) xcell {
	if s == "" {
		return xcell{}
	}
	if guarded(s) {
		s = "'" + s
	}
	return xcell{kind: xText, v: s}
}

// exactFloat reads a decimal number that a float64 cell shows as written: at most
// maxExactDigits significant digits.
func exactFloat(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	mant, _, _ := strings.Cut(strings.ToLower(s), "e")
	mant = strings.TrimLeft(strings.Replace(strings.TrimPrefix(mant, "-"), ".", "", 1), "0")
	return f, len(strings.TrimRight(mant, "0")) <= maxExactDigits
}

func (x *xlsxWriter) Close() error {
	if err := x.sh.end(""); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	if err := x.book.close(); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	return nil
}

// Width is a column's width in characters in XLSX, by what it holds: a sheet is
// streamed, so the widths are set before any row is seen.
func Width(column string) float64 {
	switch {
	case column == "title":
		return 40
	case column == "description":
		return 60
	case column == "photos", column == "photos_3d", column == "url", column == "video", column == "category_path":
		return 45
	case column == "created_at", column == "city_ref":
		return 20
	case column == "id", column == "views", column == "currency", column == "vip", column == "top":
		return 9
	case strings.HasPrefix(column, "attr."):
		return max(16, float64(len(column))+2)
	}
	return max(12, float64(len(column))+2)
}
