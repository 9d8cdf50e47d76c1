package sheet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The template as excelize, an independent reader, sees it: its three sheets, the
// notes with their drawing, the drop-downs from the hidden Options sheet with their
// warnings cut to Excel's limits, the styles and the frozen headers.
func TestWriteTemplateXLSX(t *testing.T) {
	long := strings.Repeat("значення, ", 40)
	cols := []Column{
		{Name: "title", Required: true, What: "The title.", Allowed: "5 to 120 characters", Example: "Велосипед"},
		{Name: "attr.a_code_longer_than_thirty_two_chars", What: "A select.", Allowed: long, Options: []string{"так & ні", "=1+1", "'=x"}},
		{Name: "photos", What: "Photos.", Example: "a.jpg"},
	}
	var b bytes.Buffer
	if err := WriteTemplate(&b, XLSX, cols); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if got := strings.Join(x.GetSheetList(), ","); got != "Listings,Options,Columns" {
		t.Errorf("sheets %s", got)
	}
	if vis, _ := x.GetSheetVisible(optionsSheet); vis {
		t.Error("Options is shown")
	}
	comments, err := x.GetComments(SheetName)
	if err != nil || len(comments) != 3 {
		t.Fatalf("comments %+v, %v", comments, err)
	}
	text := func(c excelize.Comment) string {
		s := c.Text
		for _, r := range c.Paragraph {
			s += r.Text
		}
		return s
	}
	if c := comments[0]; c.Cell != "A1" || c.Author != "listings" || text(c) != "Required. The title.\n5 to 120 characters" {
		t.Errorf("the title's note: %+v", c)
	}
	if text(comments[2]) != "Photos." {
		t.Errorf("the photos' note: %q", text(comments[2]))
	}
	dvs, err := x.GetDataValidations(SheetName)
	if err != nil || len(dvs) != 1 {
		t.Fatalf("validations %+v, %v", dvs, err)
	}
	dv := dvs[0]
	if dv.Sqref != "B2:B5000" || dv.Formula1 != "Options!$A$1:$A$3" || dv.Type != "list" || !dv.AllowBlank || !dv.ShowErrorMessage ||
		dv.ErrorStyle == nil || *dv.ErrorStyle != "warning" {
		t.Errorf("the drop-down %+v", dv)
	}
	if dv.ErrorTitle == nil || *dv.ErrorTitle != "attr.a_code_longer_than_thirty_…" || dv.Error == nil ||
		len([]rune(*dv.Error)) != maxErrorText || !strings.HasSuffix(*dv.Error, "…") {
		t.Errorf("the drop-down's warning is not cut to Excel's limits: %v %v", dv.ErrorTitle, dv.Error)
	}
	for i, want := range []string{"так & ні", "=1+1", "'=x"} {
		if v, _ := x.GetCellValue(optionsSheet, "A"+string(rune('1'+i))); v != want && !(want == "'=x" && v == "''=x") {
			t.Errorf("Options A%d: %q, want %q", i+1, v, want)
		}
	}
	for _, c := range []struct {
		sheet, cell string
		bold, fill  bool
	}{{SheetName, "A1", true, true}, {SheetName, "B1", true, false}, {ColumnsSheet, "E1", true, false}} {
		id, _ := x.GetCellStyle(c.sheet, c.cell)
		st, _ := x.GetStyle(id)
		if st == nil || st.Font == nil || st.Font.Bold != c.bold || (len(st.Fill.Color) > 0) != c.fill {
			t.Errorf("%s %s: style %+v", c.sheet, c.cell, st)
		}
	}
	id, _ := x.GetCellStyle(ColumnsSheet, "D4") // empty, but wrapped as its row
	if st, _ := x.GetStyle(id); st == nil || st.Alignment == nil || !st.Alignment.WrapText || st.Alignment.Vertical != "top" {
		t.Errorf("the Columns sheet's cells are not wrapped: %+v", st)
	}
	rows, _ := x.GetRows(ColumnsSheet)
	if len(rows) != 4 || strings.Join(rows[1], "|") != "title|yes|The title.|5 to 120 characters|Велосипед" {
		t.Errorf("Columns: %q", rows)
	}
	for _, s := range []string{SheetName, ColumnsSheet} {
		if p, _ := x.GetPanes(s); !p.Freeze || p.YSplit != 1 || p.TopLeftCell != "A2" {
			t.Errorf("%s: panes %+v", s, p)
		}
	}
	if w, _ := x.GetColWidth(SheetName, "B"); w != Width(cols[1].Name) {
		t.Errorf("width %v", w)
	}
}

// A drawing of more than 1 023 notes lists the second block of shape ids too, and a
// note's box ends where its width does, whatever the columns' widths.
func TestVMLNotes(t *testing.T) {
	notes := make([]note, 1100)
	for i := range notes {
		notes[i] = note{col: i, text: "x"}
	}
	v := vmlNotes(notes, nil)
	if !strings.Contains(v, `<o:idmap v:ext="edit" data="1,2"/>`) || !strings.Contains(v, `id="_x0000_s2124"`) {
		t.Errorf("idmap or shape ids: %.300s", v)
	}
	for _, c := range []struct {
		widths         []float64
		col, px        int
		wantCol, wantP int
	}{
		{[]float64{9, 40}, 1, 255, 1, 255}, // a wide column holds it
		{[]float64{9, 9, 9, 9, 9}, 1, 255, 4, 51},
		{nil, 0, 255, 3, 63}, // the default width, 8.43: 64 pixels
	} {
		if col, px := boxEnd(c.widths, c.col, c.px); col != c.wantCol || px != c.wantP {
			t.Errorf("boxEnd(%v, %d, %d) = %d, %d; want %d, %d", c.widths, c.col, c.px, col, px, c.wantCol, c.wantP)
		}
	}
	if n := noteRows(strings.Repeat("a", 400)); n != 12 {
		t.Errorf("a note of 400 characters spans %d rows", n)
	}
}
