package sheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"
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

// The limits Excel puts on a drop-down's message when the list is refused: a title
// of 32 characters, a text of 255.
const (
	maxErrorTitle = 32
	maxErrorText  = 255
)

func writeXLSXTemplate(w io.Writer, cols []Column) error {
	if len(cols) > maxSheetColumns {
		return fmt.Errorf("write the template: %d columns, more than the %d a sheet holds", len(cols), maxSheetColumns)
	}
	b, err := newBookWriter(w, []outSheet{{name: SheetName, notes: true}, {name: optionsSheet, hidden: true}, {name: ColumnsSheet}})
	if err != nil {
		return fmt.Errorf("write the template: %w", err)
	}
	t := &template{b: b}
	head := make([]xcell, len(cols))
	widths := make([]float64, len(cols))
	notes := make([]note, len(cols))
	var lists [][]xcell // the Options sheet's columns
	var valid strings.Builder
	for i, c := range cols {
		head[i], widths[i], notes[i] = xcell{kind: xText, style: styleBold, v: c.Name}, Width(c.Name), note{col: i, text: c.What}
		if c.Required {
			head[i].style, notes[i].text = styleRequired, "Required. "+c.What
		}
		if c.Allowed != "" {
			notes[i].text += "\n" + c.Allowed
		}
		if len(c.Options) == 0 {
			continue
		}
		if len(c.Options) > maxSheetRows {
			return fmt.Errorf("write the template: column %s offers %d values, more than the %d rows of a sheet", c.Name, len(c.Options), maxSheetRows)
		}
		list := make([]xcell, len(c.Options))
		for j, o := range c.Options {
			list[j] = xlsxText(o)
		}
		lists = append(lists, list)
		valid.WriteString(dropDown(columnLetters(i), columnLetters(len(lists)-1), c))
	}
	tail := `<legacyDrawing r:id="` + notesRel + `"/>`
	if len(lists) > 0 {
		tail = `<dataValidations count="` + strconv.Itoa(len(lists)) + `">` + valid.String() + `</dataValidations>` + tail
	}
	t.sheet(sheetView{widths: widths, frozen: true}, [][]xcell{head}, tail)
	t.sheet(sheetView{}, byRows(lists), "")

	// The second sheet a person sees: a row per column.
	explained := [][]xcell{textRow(styleBold, "column", "required", "what it holds", "allowed values and limits", "example")}
	for _, c := range cols {
		req := "no"
		if c.Required {
			req = "yes"
		}
		explained = append(explained, textRow(styleWrap, c.Name, req, c.What, c.Allowed, c.Example))
	}
	t.sheet(sheetView{widths: []float64{22, 9, 60, 50, 30}, frozen: true}, explained, "")
	t.do(func() error { return b.writeNotes(1, notes, widths) })
	t.do(b.close)
	if t.err != nil {
		return fmt.Errorf("write the template: %w", t.err)
	}
	return nil
}

// dropDown is the validation of a column's cells below the header (col, a letter):
// a drop-down of the values in the Options sheet's column list, a warning for any
// other. The values are a range of cells, not a list typed into the validation,
// which Excel limits to 255 characters (a select attribute's labels run past that).
func dropDown(col, list string, c Column) string {
	v := []byte(`<dataValidation type="list" errorStyle="warning" allowBlank="1" showErrorMessage="1" errorTitle="`)
	v = appendXML(v, clipUTF16(c.Name, maxErrorTitle), true)
	v = append(v, `" error="`...)
	v = appendXML(v, clipUTF16("Not one of the values offered: "+c.Allowed, maxErrorText), true)
	v = append(v, fmt.Sprintf(`" sqref="%s2:%s%d"><formula1>%s!$%s$1:$%s$%d</formula1></dataValidation>`,
		col, col, templateRows, optionsSheet, list, list, len(c.Options))...)
	return string(v)
}

// clipUTF16 is s cut to n UTF-16 units, an ellipsis saying so.
func clipUTF16(s string, n int) string {
	if cut := cutUTF16(s, n); cut != s {
		return cutUTF16(s, n-1) + "…"
	}
	return s
}

// byRows turns columns of cells into rows.
func byRows(cols [][]xcell) [][]xcell {
	var rows [][]xcell
	for i, col := range cols {
		for j, c := range col {
			if j == len(rows) {
				rows = append(rows, make([]xcell, len(cols)))
			}
			rows[j][i] = c
		}
	}
	return rows
}

func textRow(style int, texts ...string) []xcell {
	row := make([]xcell, len(texts))
	for i, s := range texts {
		row[i] = xlsxText(s)
		row[i].style = style
	}
	return row
}

// template keeps the first error of the many small steps of a workbook.
type template struct {
	b   *bookWriter
	err error
}

func (t *template) do(step func() error) {
	if t.err == nil {
		t.err = step()
	}
}

// sheet writes the workbook's next sheet whole.
func (t *template) sheet(v sheetView, rows [][]xcell, tail string) {
	t.do(func() error {
		sh, err := t.b.startSheet(v)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := sh.writeRow(r); err != nil {
				return err
			}
		}
		return sh.end(tail)
	})
}
