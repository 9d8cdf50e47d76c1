package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// awkwardColumns and awkwardRows are values a spreadsheet is apt to change: leading
// zeros, long digits, a phone, text a spreadsheet would run as a formula, line
// breaks, spaces at the ends, Cyrillic and emoji, characters XML 1.0 cannot hold,
// text that reads as OOXML's own escapes, and the longest cells.
var awkwardColumns = []string{"id", "title", "contact_phone", "price", "views", "hide_phone", "created_at", "photos"}

var awkwardAt = time.Date(2026, 11, 24, 22, 49, 5, 0, api.Kyiv)

func awkwardRows() [][]any {
	long := strings.Repeat("я", maxCellChars)
	emoji := strings.Repeat("🚲", maxCellChars/2) + "!"
	return [][]any{
		{1, "007", "0501234567", Number("1250.50"), 0, true, awkwardAt, []string{"a.webp", "b.webp"}},
		{2, "12345678901234567890", "+380501234567", Number("12345678901234567890"), 42, false, time.Time{}, []string{}},
		{3, "=HYPERLINK(\"http://x\",\"a\")", "-16", Number("-5"), nil, nil, nil, nil},
		{4, "@SUM(A1)", "'=already", Number("0.1"), nil, nil, nil, nil},
		{5, "''+two", "'Tis", Number("1e300"), nil, nil, nil, nil},
		{6, "Рядок один,\nрядок два\r\nтри", "  spaces at both ends\t", Number("NaN"), nil, nil, nil, nil},
		{7, "Велосипед «Львів» 🚲 Ёжик 👨‍👩‍👧", "tab\there", nil, nil, nil, nil, nil},
		{8, "bell\a nul\x00 esc\x1b vt\v ff\f \uFFFE", "bad \xff utf-8", nil, nil, nil, nil, nil},
		{9, "_x0041_ and _x005F_ and _xZZZZ_ & <b> \"q\" 'a'", "x", nil, nil, nil, nil, nil},
		{10, long, emoji, nil, nil, nil, nil, nil},
		{11, long + "ї", emoji + "!", nil, nil, nil, nil, nil},
	}
}

// awkwardWant is each row as read back: what our reader shows of it.
func awkwardWant() []map[string]string {
	long := strings.Repeat("я", maxCellChars)
	emoji := strings.Repeat("🚲", maxCellChars/2) + "!"
	return []map[string]string{
		{"id": "1", "title": "007", "contact_phone": "0501234567", "price": "1250.5", "views": "0", "hide_phone": "true",
			"created_at": "2026-11-24 22:49:05", "photos": "a.webp;b.webp"},
		{"id": "2", "title": "12345678901234567890", "contact_phone": "+380501234567", "price": "12345678901234567890", "views": "42", "hide_phone": "false"},
		{"id": "3", "title": "=HYPERLINK(\"http://x\",\"a\")", "contact_phone": "-16", "price": "-5"},
		{"id": "4", "title": "@SUM(A1)", "contact_phone": "'=already", "price": "0.1"},
		{"id": "5", "title": "''+two", "contact_phone": "'Tis", "price": "1" + strings.Repeat("0", 300)},
		{"id": "6", "title": "Рядок один,\nрядок два\r\nтри", "contact_phone": "  spaces at both ends\t", "price": "NaN"},
		{"id": "7", "title": "Велосипед «Львів» 🚲 Ёжик 👨‍👩‍👧", "contact_phone": "tab\there"},
		{"id": "8", "title": "bell\uFFFD nul\uFFFD esc\uFFFD vt\uFFFD ff\uFFFD \uFFFD", "contact_phone": "bad \uFFFD utf-8"},
		{"id": "9", "title": "_x0041_ and _x005F_ and _xZZZZ_ & <b> \"q\" 'a'", "contact_phone": "x"},
		{"id": "10", "title": long, "contact_phone": emoji},
		{"id": "11", "title": long, "contact_phone": emoji},
	}
}

func writeRows(t testing.TB, columns []string, rows [][]any) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := NewWriter(&b, XLSX, columns)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.WriteRow(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// checkAwkward compares a table read back with want, cell by cell.
func checkAwkward(t *testing.T, what string, tab *Table, want []map[string]string) {
	t.Helper()
	if len(tab.Rows) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(tab.Rows), len(want))
	}
	for i, w := range want {
		for _, col := range awkwardColumns {
			if got := tab.Rows[i].Cells[col]; got != w[col] {
				t.Errorf("%s: row %d %s: %.80q, want %.80q", what, i+2, col, got, w[col])
			}
		}
	}
}

// Our writer, then our reader: the same rows, the price 1e300 a number and not a
// 301-digit text, the control characters U+FFFD as encoding/xml (and excelize) made
// them, a cell past 32 767 UTF-16 units cut there.
func TestXLSXRoundTrip(t *testing.T) {
	data := writeRows(t, awkwardColumns, awkwardRows())
	tab, err := ReadFrom(bytes.NewReader(data), XLSX)
	if err != nil {
		t.Fatal(err)
	}
	checkAwkward(t, "our reader", tab, awkwardWant())
	if k := tab.Rows[0].Kinds["created_at"]; k != KindDate {
		t.Errorf("created_at is %v, not a date", k)
	}
	sheet := part(t, data, "xl/worksheets/sheet1.xml")
	for _, want := range []string{
		`<c r="B2" t="inlineStr"><is><t>007</t></is></c><c r="C2" t="inlineStr"><is><t>0501234567</t></is></c><c r="D2"><v>1250.5</v></c>`,
		`<c r="F2" t="b"><v>1</v></c><c r="G2" s="2"><v>46350.95075231481</v></c>`,
		`<c r="D6"><v>1E+300</v></c>`,
		`<t>'''+two</t>`, `<t>''=already</t>`, `<t>'Tis</t>`, `<t>=HYPERLINK("http://x","a")</t>`,
		`<t xml:space="preserve">  spaces at both ends` + "\t</t>",
		"рядок два&#xD;\nтри",
		`<t>_x005F_x0041_ and _x005F_x005F_ and _xZZZZ_ &amp; &lt;b&gt; "q" 'a'</t>`,
	} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet lacks %s", want)
		}
	}
	if strings.Contains(sheet, `<c r="H3"`) {
		t.Error("empty photos written as a cell")
	}
}

// part is a part of the zip data, checked to be well-formed XML.
func part(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		body, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(bytes.NewReader(body))
		for {
			_, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		return string(body)
	}
	t.Fatalf("no part %s", name)
	return ""
}

// Every part of an export and of a template is well-formed XML, and the package
// names each in its content types.
func TestXLSXParts(t *testing.T) {
	var tmpl bytes.Buffer
	cols := []Column{{Name: "title", Required: true, What: "The <title> & more\n", Allowed: "5 to 120"},
		{Name: "condition", What: "New or used.", Allowed: "new, used", Options: []string{"new", "used"}}}
	if err := WriteTemplate(&tmpl, XLSX, cols); err != nil {
		t.Fatal(err)
	}
	for what, data := range map[string][]byte{"export": writeRows(t, awkwardColumns, awkwardRows()), "template": tmpl.Bytes()} {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		types := part(t, data, "[Content_Types].xml")
		for _, f := range zr.File {
			body := part(t, data, f.Name)
			if !strings.HasSuffix(f.Name, ".rels") && f.Name != "[Content_Types].xml" && !strings.HasSuffix(f.Name, ".vml") &&
				!strings.Contains(types, `PartName="/`+f.Name+`"`) {
				t.Errorf("%s: %s has no content type", what, f.Name)
			}
			if strings.Contains(body, "\uFFFD") && f.Name != "xl/worksheets/sheet1.xml" {
				t.Errorf("%s: %s holds U+FFFD", what, f.Name)
			}
		}
	}
}

// A sheet's rows reach the file as they are written, not at Close: the export holds
// no sheet in memory.
func TestXLSXStreams(t *testing.T) {
	var b bytes.Buffer
	w, err := NewWriter(&b, XLSX, awkwardColumns)
	if err != nil {
		t.Fatal(err)
	}
	row := []any{1, strings.Repeat("Опис оголошення ", 64), "+380501234567", Number("12499.99"), 42, false, awkwardAt, nil}
	before := 0
	for i := range 2000 {
		if i == 1000 {
			before = b.Len()
		}
		if err := w.WriteRow(row); err != nil {
			t.Fatal(err)
		}
	}
	if grew := b.Len() - before; grew < 1000 {
		t.Errorf("1 000 rows wrote %d bytes before Close: the rows are held", grew)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestXLSXBounds(t *testing.T) {
	var b bytes.Buffer
	if _, err := NewWriter(&b, XLSX, make([]string, maxSheetColumns+1)); err == nil || !strings.Contains(err.Error(), "16384 a sheet holds") {
		t.Errorf("too many columns: %v", err)
	}
	w, err := NewWriter(&b, XLSX, []string{"id"})
	if err != nil {
		t.Fatal(err)
	}
	x := w.(*xlsxWriter)
	x.sh.row = maxSheetRows - 1
	if err := w.WriteRow([]any{1}); err != nil {
		t.Fatalf("the last row: %v", err)
	}
	if err := w.WriteRow([]any{2}); err == nil || !strings.Contains(err.Error(), "row 1048577: more than 1,048,576 rows, the most a sheet holds") {
		t.Errorf("a row past the last: %v", err)
	}
	x.sh.row = 1
	if err := w.WriteRow(make([]any, maxSheetColumns+1)); err == nil || !strings.Contains(err.Error(), "16,385 columns, more than the 16,384") {
		t.Errorf("a row too wide: %v", err)
	}
}

func TestAppendXML(t *testing.T) {
	for _, c := range []struct {
		in         string
		text, attr string
	}{
		{"plain ї 🚲", "plain ї 🚲", "plain ї 🚲"},
		{"a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d\"e'f", "a&amp;b&lt;c&gt;d&quot;e'f"},
		{"1\r\n2\t3", "1&#xD;\n2\t3", "1&#xD;&#xA;2&#x9;3"},
		{"\x00\x01\x1f\x7f", "\uFFFD\uFFFD\uFFFD\x7f", "\uFFFD\uFFFD\uFFFD\x7f"},
		{"\uFFFE\uFFFF\uFFFD\U0010FFFF", "\uFFFD\uFFFD\uFFFD\U0010FFFF", "\uFFFD\uFFFD\uFFFD\U0010FFFF"},
		{"\xed\xa0\x80 \xc3", "\uFFFD\uFFFD\uFFFD \uFFFD", "\uFFFD\uFFFD\uFFFD \uFFFD"},
		{"_x000D_ _x00e9_ _x12_ _X0041_ _x0041", "_x005F_x000D_ _x005F_x00e9_ _x12_ _X0041_ _x0041", "_x005F_x000D_ _x005F_x00e9_ _x12_ _X0041_ _x0041"},
	} {
		if got := string(appendXML(nil, c.in, false)); got != c.text {
			t.Errorf("text %q: %q, want %q", c.in, got, c.text)
		}
		if got := string(appendXML(nil, c.in, true)); got != c.attr {
			t.Errorf("attribute %q: %q, want %q", c.in, got, c.attr)
		}
	}
}

func TestCutUTF16(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"}, {"abcd", 3, "abc"}, {"ї🚲", 3, "ї🚲"}, {"ї🚲", 2, "ї"}, {"🚲🚲", 3, "🚲"}, {"яяя", 2, "яя"},
	} {
		if got := cutUTF16(c.in, c.n); got != c.want {
			t.Errorf("cutUTF16(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestSerialDate(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC), "61"},
		{time.Date(2026, 6, 15, 23, 24, 0, 0, time.UTC), "46188.975"},
		{time.Date(2026, 6, 15, 23, 24, 0, 0, api.Kyiv), "46188.975"}, // the wall clock
		{time.Date(9999, 12, 31, 12, 0, 0, 0, time.UTC), "2958465.5"},
		{time.Date(1900, 2, 28, 0, 0, 0, 0, time.UTC), ""},
		{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), ""},
	} {
		got, ok := serialDate(c.t)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("serialDate(%v) = %q, %v; want %q", c.t, got, ok, c.want)
		}
	}
}
