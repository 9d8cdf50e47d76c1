package sheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api"
)

// DateFormat is the number format of a date cell: ISO order, read the same in every
// locale (Excel's built-in date formats follow the reader's).
const DateFormat = "yyyy-mm-dd hh:mm:ss"

// maxExactDigits is how many significant digits a number cell holds exactly: Excel
// keeps 15. A longer number is written as text, so that the file says what the
// service said.
const maxExactDigits = 15

// xlsxWriter writes one sheet through excelize's StreamWriter: rows go to a temporary
// file as they come and the archive is put together on Close.
type xlsxWriter struct {
	w     io.Writer
	f     *excelize.File
	sw    *excelize.StreamWriter
	date  int // the style of a date cell
	row   int
	cells []any
}

func newXLSXWriter(w io.Writer, columns []string) (*xlsxWriter, error) {
	f := excelize.NewFile()
	x := &xlsxWriter{w: w, f: f, row: 1}
	fail := func(err error) (*xlsxWriter, error) {
		f.Close()
		return nil, fmt.Errorf("write the sheet: %w", err)
	}
	if err := f.SetSheetName(f.GetSheetName(0), SheetName); err != nil {
		return fail(err)
	}
	sw, err := f.NewStreamWriter(SheetName)
	if err != nil {
		return fail(err)
	}
	x.sw = sw
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return fail(err)
	}
	format := DateFormat
	if x.date, err = f.NewStyle(&excelize.Style{CustomNumFmt: &format}); err != nil {
		return fail(err)
	}
	// Widths and panes come before the first row: the stream writes them ahead of it.
	for i, c := range columns {
		if err := sw.SetColWidth(i+1, i+1, Width(c)); err != nil {
			return fail(err)
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return fail(err)
	}
	head := make([]any, len(columns))
	for i, c := range columns {
		head[i] = excelize.Cell{StyleID: bold, Value: c}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return fail(err)
	}
	return x, nil
}

func (x *xlsxWriter) WriteRow(cells []any) error {
	x.row++
	x.cells = x.cells[:0]
	for _, v := range cells {
		x.cells = append(x.cells, x.cell(v))
	}
	cell, _ := excelize.CoordinatesToCellName(1, x.row)
	if err := x.sw.SetRow(cell, x.cells); err != nil {
		return fmt.Errorf("write the sheet: row %d: %w", x.row, err)
	}
	return nil
}

// cell is v as excelize types it: numbers as numbers, times as dates in Kyiv wall
// time with an ISO format, several values joined by Multi.
func (x *xlsxWriter) cell(v any) any {
	switch v := v.(type) {
	case Number:
		if f, ok := exactFloat(string(v)); ok {
			return f
		}
		return string(v)
	case time.Time:
		if v.IsZero() {
			return nil
		}
		// excelize counts days from its epoch in UTC: hand it the Kyiv wall clock.
		k := v.In(api.Kyiv)
		wall := time.Date(k.Year(), k.Month(), k.Day(), k.Hour(), k.Minute(), k.Second(), 0, time.UTC)
		return excelize.Cell{StyleID: x.date, Value: wall}
	case []string:
		return strings.Join(v, Multi)
	case string:
		if v == "" {
			return nil
		}
		return v
	}
	return v
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
	defer x.f.Close()
	if err := x.sw.Flush(); err != nil {
		return fmt.Errorf("write the sheet: %w", err)
	}
	if err := x.f.Write(x.w); err != nil {
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
