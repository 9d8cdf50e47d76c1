package sheet

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api"
)

var testColumns = []string{"id", "title", "price", "hide_phone", "created_at", "photos", "attr.year", "description"}

func testRows() [][]any {
	at := time.Date(2026, 11, 24, 22, 49, 5, 0, api.Kyiv)
	return [][]any{
		{10040, "Велосипед «Львів», 26\"", Number("1250.50"), true, at, []string{"https://m/a.webp", "https://m/b.webp"}, Number("2019"), "Рядок один,\nрядок два"},
		{10041, "Ёжик; comma, quote\"", Number("99.99"), false, time.Time{}, nil, nil, ""},
		{10042, "long", Number("12345678901234567890"), nil, nil, []string{}, "text", nil},
	}
}

func write(t *testing.T, f Format) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := NewWriter(&b, f, testColumns)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range testRows() {
		if err := w.WriteRow(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWriteCSV(t *testing.T) {
	data := write(t, CSV)
	if !bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		t.Fatalf("no BOM: %q", data[:10])
	}
	if !bytes.Contains(data, []byte("description\r\n")) {
		t.Errorf("the header does not end in CRLF: %q", data[:100])
	}
	recs, err := csv.NewReader(bytes.NewReader(data[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		testColumns,
		{"10040", "Велосипед «Львів», 26\"", "1250.50", "true", "2026-11-24 22:49:05", "https://m/a.webp;https://m/b.webp", "2019", "Рядок один,\nрядок два"},
		{"10041", "Ёжик; comma, quote\"", "99.99", "false", "", "", "", ""},
		{"10042", "long", "12345678901234567890", "", "", "", "text", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i := range want {
		for j := range want[i] {
			if recs[i][j] != want[i][j] {
				t.Errorf("row %d %s: %q, want %q", i+1, testColumns[j], recs[i][j], want[i][j])
			}
		}
	}
}

func TestWriteXLSX(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(write(t, XLSX)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.GetSheetName(0) != SheetName {
		t.Errorf("sheet %q", f.GetSheetName(0))
	}
	rows, err := f.GetRows(SheetName, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		testColumns,
		{"10040", "Велосипед «Львів», 26\"", "1250.5", "1", "46350.95075231481", "https://m/a.webp;https://m/b.webp", "2019", "Рядок один,\nрядок два"},
		{"10041", "Ёжик; comma, quote\"", "99.99", "0"},
		{"10042", "long", "12345678901234567890", "", "", "", "text"},
	}
	for i := range want {
		for j := range want[i] {
			if j >= len(rows[i]) || rows[i][j] != want[i][j] {
				t.Errorf("row %d %s: %q, want %q", i+1, testColumns[j], at(rows[i], j), want[i][j])
			}
		}
	}
	// A number cell carries no type attribute: excelize reads it as unset.
	types := map[string]excelize.CellType{"A2": excelize.CellTypeUnset, "B2": excelize.CellTypeInlineString,
		"C2": excelize.CellTypeUnset, "D2": excelize.CellTypeBool, "C4": excelize.CellTypeInlineString, "G2": excelize.CellTypeUnset}
	for cell, want := range types {
		if got, _ := f.GetCellType(SheetName, cell); got != want {
			t.Errorf("%s type %v, want %v", cell, got, want)
		}
	}
	if v, _ := f.GetCellValue(SheetName, "E2"); v != "2026-11-24 22:49:05" {
		t.Errorf("the date shows as %q", v)
	}
	if v, _ := f.GetCellValue(SheetName, "C3"); v != "99.99" {
		t.Errorf("a decimal price shows as %q", v)
	}
	st, _ := f.GetCellStyle(SheetName, "A1")
	if s, _ := f.GetStyle(st); s == nil || s.Font == nil || !s.Font.Bold {
		t.Error("the header is not bold")
	}
	panes, _ := f.GetPanes(SheetName)
	if !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("panes %+v: the header is not frozen", panes)
	}
	if w, _ := f.GetColWidth(SheetName, "B"); w != Width("title") {
		t.Errorf("title width %v", w)
	}
}

func at(r []string, i int) string {
	if i < len(r) {
		return r[i]
	}
	return ""
}

func TestWriteJSONL(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(string(write(t, JSONL))), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines", len(lines))
	}
	var first map[string]any
	d := json.NewDecoder(strings.NewReader(lines[0]))
	d.UseNumber()
	if err := d.Decode(&first); err != nil {
		t.Fatal(err)
	}
	if first["id"] != json.Number("10040") || first["price"] != json.Number("1250.50") || first["hide_phone"] != true ||
		first["created_at"] != "2026-11-24T22:49:05+02:00" || first["title"] != "Велосипед «Львів», 26\"" ||
		first["attr.year"] != json.Number("2019") {
		t.Errorf("typed values: %v", first)
	}
	if p, ok := first["photos"].([]any); !ok || len(p) != 2 || p[1] != "https://m/b.webp" {
		t.Errorf("photos: %#v", first["photos"])
	}
	if !strings.HasPrefix(lines[0], `{"id":10040,"title":`) {
		t.Errorf("keys out of the columns' order: %s", lines[0])
	}
	if strings.Contains(lines[1], "created_at") || strings.Contains(lines[1], "photos") {
		t.Errorf("empty cells written: %s", lines[1])
	}
	if !strings.Contains(lines[2], `"price":12345678901234567890`) {
		t.Errorf("a long number lost digits: %s", lines[2])
	}
}

// A text cell a spreadsheet would run as a formula is written with a leading
// apostrophe (OWASP's advice for CSV injection), numbers are not, and the reader
// gives back every text as it was, apostrophes of the text's own included.
func TestCSVFormulaGuard(t *testing.T) {
	texts := []string{"=HYPERLINK(\"http://x\",\"a\")", "+380501234567", "-16", "@SUM(A1)", "\t=1",
		"'=already", "''+two", "'Tis", "plain", "", "'", "10-20"}
	var b bytes.Buffer
	w, err := NewWriter(&b, CSV, []string{"title", "price"})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range texts {
		if err := w.WriteRow([]any{s, Number("-5")}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b.Bytes()[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		raw := recs[i+1][0]
		if raw != "" && strings.ContainsRune("=+-@\t\r", rune(raw[0])) {
			t.Errorf("%q is written %q: a spreadsheet runs it", s, raw)
		}
		if recs[i+1][1] != "-5" {
			t.Errorf("the number -5 is written %q", recs[i+1][1])
		}
	}
	if recs[2][0] != "'+380501234567" || recs[9][0] != "plain" {
		t.Errorf("written %q, %q", recs[2][0], recs[10][0])
	}
	// "" and "'" make rows the reader keeps apart only with the number beside them.
	tab, err := ReadFrom(bytes.NewReader(b.Bytes()), CSV)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		if got := tab.Rows[i].Cells["title"]; got != s {
			t.Errorf("%q read back as %q", s, got)
		}
	}
}
