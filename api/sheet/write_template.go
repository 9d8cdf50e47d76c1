package sheet

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Column is a column of a template as a person filling it in needs it explained.
type Column struct {
	Name     string
	Required bool
	What     string   // what the cell holds
	Allowed  string   // the values or limits allowed
	Example  string   // a value that would be taken
	Options  []string // the values a drop-down offers (XLSX); none: no drop-down
}

// ColumnsSheet is the sheet of a template that explains each column.
const ColumnsSheet = "Columns"

// optionsSheet holds the drop-down lists, hidden: a list typed into a validation is
// limited to 255 characters, a range of cells is not.
const optionsSheet = "Options"

// templateRows is how far down the drop-downs reach.
const templateRows = 5000

// WriteTemplate writes an empty sheet whose header is cols. CSV is the header alone,
// so that the file imports cleanly as it is. XLSX adds, for a person: required
// columns' headers filled in orange with a note saying "required" (the names stay as
// they are, with no "*", so that the header imports cleanly), a note on every header
// saying what the column holds, drop-down lists of the allowed values, and a second
// sheet, "Columns", explaining each column.
func WriteTemplate(w io.Writer, f Format, cols []Column) error {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	switch f {
	case CSV:
		cw, err := NewWriter(w, CSV, names)
		if err != nil {
			return err
		}
		return cw.Close()
	case XLSX:
		return writeXLSXTemplate(w, cols)
	}
	return fmt.Errorf("a template is written as csv or xlsx, not %s", f)
}

func writeXLSXTemplate(w io.Writer, cols []Column) error {
	x := excelize.NewFile()
	defer x.Close()
	t := &template{x: x}
	t.do(func() error { return x.SetSheetName(x.GetSheetName(0), SheetName) })
	bold := t.style(&excelize.Style{Font: &excelize.Font{Bold: true}})
	required := t.style(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFC000"}}})
	wrap := t.style(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	t.do(func() error { _, err := x.NewSheet(optionsSheet); return err })
	lists := 0
	for i, c := range cols {
		cell := cellName(i+1, 1)
		col := strings.TrimRight(cell, "1")
		style, note := bold, c.What
		if c.Required {
			style, note = required, "Required. "+c.What
		}
		t.do(func() error { return x.SetCellValue(SheetName, cell, c.Name) })
		t.do(func() error { return x.SetCellStyle(SheetName, cell, cell, style) })
		t.do(func() error { return x.SetColWidth(SheetName, col, col, Width(c.Name)) })
		if c.Allowed != "" {
			note += "\n" + c.Allowed
		}
		t.do(func() error {
			return x.AddComment(SheetName, excelize.Comment{Cell: cell, Author: "listings", Paragraph: []excelize.RichTextRun{{Text: note}}})
		})
		if len(c.Options) == 0 {
			continue
		}
		lists++
		list := cellName(lists, 1)
		listCol := strings.TrimRight(list, "1")
		for j, o := range c.Options {
			t.do(func() error { return x.SetCellValue(optionsSheet, cellName(lists, j+1), o) })
		}
		dv := excelize.NewDataValidation(true)
		dv.Sqref = fmt.Sprintf("%s2:%s%d", col, col, templateRows)
		dv.SetSqrefDropList(fmt.Sprintf("%s!$%s$1:$%s$%d", optionsSheet, listCol, listCol, len(c.Options)))
		dv.SetError(excelize.DataValidationErrorStyleWarning, c.Name, "Not one of the values offered: "+c.Allowed)
		t.do(func() error { return x.AddDataValidation(SheetName, dv) })
	}
	t.do(func() error {
		return x.SetPanes(SheetName, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	})
	t.do(func() error { return x.SetSheetVisible(optionsSheet, false) })

	// The second sheet: a row per column.
	t.do(func() error { _, err := x.NewSheet(ColumnsSheet); return err })
	head := []any{"column", "required", "what it holds", "allowed values and limits", "example"}
	t.do(func() error { return x.SetSheetRow(ColumnsSheet, "A1", &head) })
	t.do(func() error { return x.SetCellStyle(ColumnsSheet, "A1", "E1", bold) })
	for i, c := range cols {
		req := "no"
		if c.Required {
			req = "yes"
		}
		row := []any{c.Name, req, c.What, c.Allowed, c.Example}
		t.do(func() error { return x.SetSheetRow(ColumnsSheet, cellName(1, i+2), &row) })
	}
	for col, width := range map[string]float64{"A": 22, "B": 9, "C": 60, "D": 50, "E": 30} {
		t.do(func() error { return x.SetColWidth(ColumnsSheet, col, col, width) })
	}
	t.do(func() error { return x.SetCellStyle(ColumnsSheet, "A2", cellName(5, len(cols)+1), wrap) })
	t.do(func() error {
		return x.SetPanes(ColumnsSheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	})
	x.SetActiveSheet(0)
	if t.err != nil {
		return fmt.Errorf("write the template: %w", t.err)
	}
	if err := x.Write(w); err != nil {
		return fmt.Errorf("write the template: %w", err)
	}
	return nil
}

// template keeps the first error of the many small steps of a workbook.
type template struct {
	x   *excelize.File
	err error
}

func (t *template) do(step func() error) {
	if t.err == nil {
		t.err = step()
	}
}

func (t *template) style(s *excelize.Style) int {
	var id int
	t.do(func() (err error) { id, err = t.x.NewStyle(s); return err })
	return id
}

func cellName(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}
