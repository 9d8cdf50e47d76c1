package sheet

import (
	"archive/zip"
	"bytes"
	"cmp"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"
)

// testBook is a workbook written part by part, so that a test holds exactly the XML
// a tool writes (a formula without a value, a cell without a reference).
type testBook struct {
	sheets   []string          // names; the first one's rows are rows
	rows     string            // the <sheetData> of every sheet
	rowsOf   map[string]string // of a sheet by name, instead of rows
	shared   []string          // <si> bodies
	date1904 bool
	noStyles bool
}

// testStyles are the cell formats of testBook, by s: 1 "0%" (9), 2 a date (14),
// 3 "h:mm" (20), 4 "yyyy-mm-dd hh:mm:ss", 5 "0.0%", 6 `0.00\ "грн"`, 7 "#,##0.00"
// (4), 8 LibreOffice's boolean, 9 "DD.MM.YY", 10 "h:mm:ss" (21), 11 a date and time
// (22), 12 `0.0"%"`, 13 "[h]:mm", 14 "[$-422]mmm yy".
const testStyles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="8"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="0.0%"/>
<numFmt numFmtId="166" formatCode="0.00\ &quot;грн&quot;"/><numFmt numFmtId="167" formatCode="&quot;TRUE&quot;;&quot;TRUE&quot;;&quot;FALSE&quot;"/>
<numFmt numFmtId="168" formatCode="DD.MM.YY"/><numFmt numFmtId="169" formatCode="0.0&quot;%&quot;"/><numFmt numFmtId="170" formatCode="[h]:mm"/>
<numFmt numFmtId="171" formatCode="[$-422]mmm\ yy"/></numFmts>
<cellStyleXfs count="1"><xf numFmtId="9"/></cellStyleXfs>
<cellXfs count="15"><xf numFmtId="0"/><xf numFmtId="9" applyNumberFormat="1"/><xf numFmtId="14"/><xf numFmtId="20"/>
<xf numFmtId="164"><alignment horizontal="left"/></xf><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="4"/><xf numFmtId="167"/>
<xf numFmtId="168"/><xf numFmtId="21"/><xf numFmtId="22"/><xf numFmtId="169"/><xf numFmtId="170"/><xf numFmtId="171"/></cellXfs>
<dxfs count="1"><dxf><numFmt numFmtId="9" formatCode="0%"/></dxf></dxfs>
</styleSheet>`

func (b testBook) zip(t testing.TB) []byte { return zipOf(t, b.files()) }

// files are the workbook's parts by name.
func (b testBook) files() map[string]string {
	if len(b.sheets) == 0 {
		b.sheets = []string{"Listings"}
	}
	files := map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
	}
	var sheets, rels strings.Builder
	for i, name := range b.sheets {
		fmt.Fprintf(&sheets, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, name, i+1, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, i+1)
		files[fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1)] = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
			`<sheetPr/><dimension ref="A1"/><sheetData>` + cmp.Or(b.rowsOf[name], b.rows) + `</sheetData><pageMargins/></worksheet>`
	}
	if !b.noStyles {
		files["xl/styles.xml"] = testStyles
		rels.WriteString(`<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`)
	}
	if b.shared != nil {
		files["xl/sharedStrings.xml"] = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="99" uniqueCount="99"><si>` +
			strings.Join(b.shared, "</si><si>") + `</si></sst>`
		rels.WriteString(`<Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="/xl/sharedStrings.xml"/>`)
	}
	pr := `<workbookPr/>`
	if b.date1904 {
		pr = `<workbookPr date1904="1"/>`
	}
	files["xl/workbook.xml"] = `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` + pr + `<sheets>` + sheets.String() + `</sheets></workbook>`
	files["xl/_rels/workbook.xml.rels"] = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		rels.String() + `</Relationships>`
	return files
}

func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// inline is an inline string cell.
func inline(ref, s string) string {
	return fmt.Sprintf(`<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, s)
}

func TestReadXLSXCells(t *testing.T) {
	cases := []struct {
		name, cell, want string // cell: a <c> without its r, which the test gives
		kind             CellKind
	}{
		{"shared string", `<c t="s"><v>0</v></c>`, "Велосипед", KindPlain},
		{"rich text runs, phonetic left out", `<c t="s"><v>1</v></c>`, "Велосипед міський", KindPlain},
		{"inline string", `<c t="inlineStr"><is><t>0501234567</t></is></c>`, "0501234567", KindPlain},
		{"guarded text", `<c t="inlineStr"><is><t>'=SUM(1)</t></is></c>`, "=SUM(1)", KindPlain},
		{"escaped character", `<c t="inlineStr"><is><t>a_x000D_b_x005F_x0041_</t></is></c>`, "a\rb_x0041_", KindPlain},
		{"formula string", `<c t="str"><f>A1&amp;"x"</f><v>ax</v></c>`, "ax", KindPlain},
		{"boolean", `<c t="b"><v>1</v></c>`, "true", KindPlain},
		{"LibreOffice boolean", `<c t="b"><f>FALSE()</f><v>0</v></c>`, "false", KindPlain},
		{"openpyxl boolean, empty value", `<c t="b"><f>FALSE()</f><v></v></c>`, "false", KindPlain},
		{"openpyxl boolean, no value", `<c t="b"><f>TRUE()</f></c>`, "true", KindPlain},
		{"boolean formula, lower case", `<c><f>=true</f><v/></c>`, "true", KindPlain},
		{"boolean formula as a number", `<c><f>TRUE()</f><v>1</v></c>`, "true", KindPlain},
		{"formula without a value", `<c><f>A2*2</f></c>`, "=A2*2", KindFormula},
		{"formula of an empty text", `<c t="str"><f>IF(A2,"","x")</f><v></v></c>`, "", KindPlain},
		{"formula with a value", `<c><f>A2*2</f><v>6000</v></c>`, "6000", KindPlain},
		{"error", `<c t="e"><v>#N/A</v></c>`, "#N/A", KindError},
		{"formula's error", `<c t="e"><f>1/0</f><v>#DIV/0!</v></c>`, "#DIV/0!", KindError},
		{"whole number", `<c><v>3000</v></c>`, "3000", KindPlain},
		{"phone kept as a float", `<c><v>3.80501234567E+11</v></c>`, "380501234567", KindPlain},
		{"float in 15 digits", `<c><v>0.30000000000000004</v></c>`, "0.3", KindPlain},
		{"thousands format", `<c s="7"><v>1234.5</v></c>`, "1234.5", KindPlain},
		{"currency text in quotes", `<c s="6"><v>1234.5</v></c>`, "1234.5", KindPlain},
		{"percent", `<c s="1"><v>0.85</v></c>`, "85%", KindPercent},
		{"custom percent", `<c s="5"><v>0.125</v></c>`, "12.5%", KindPercent},
		{"percent sign in quotes", `<c s="12"><v>0.85</v></c>`, "0.85", KindPlain},
		{"date", `<c s="2"><v>46188</v></c>`, "2026-06-15", KindDate},
		{"date DD.MM.YY", `<c s="9"><v>46188.4</v></c>`, "2026-06-15", KindDate},
		{"month and year", `<c s="14"><v>46188</v></c>`, "2026-06-15", KindDate},
		{"time", `<c s="3"><v>0.975</v></c>`, "23:24", KindDate},
		{"time with seconds", `<c s="10"><v>0.97505787037037</v></c>`, "23:24:05", KindDate},
		{"date and time", `<c s="11"><v>46188.975</v></c>`, "2026-06-15 23:24", KindDate},
		{"the export's created_at", `<c s="4"><v>46188.975</v></c>`, "2026-06-15 23:24", KindDate},
		{"LibreOffice's time of a CSV's 23:24", `<c s="10"><v>0.975</v></c>`, "23:24", KindDate},
		{"elapsed hours", `<c s="13"><v>1.5</v></c>`, "36:00", KindDate},
		{"negative number in a date format", `<c s="2"><v>-3</v></c>`, "-3", KindPlain},
		{"ISO date cell", `<c t="d"><v>2026-06-15T23:24:00</v></c>`, "2026-06-15 23:24", KindDate},
		{"LibreOffice boolean format", `<c s="8"><v>1</v></c>`, "true", KindPlain},
		{"unknown style", `<c s="99"><v>0.5</v></c>`, "0.5", KindPlain},
	}
	var head, row strings.Builder
	for i, c := range cases {
		ref := columnLetters(i)
		head.WriteString(inline(ref+"1", fmt.Sprintf("c%d", i)))
		row.WriteString(strings.Replace(c.cell, "<c", fmt.Sprintf(`<c r="%s2"`, ref), 1))
	}
	b := testBook{rows: `<row r="1">` + head.String() + `</row><row r="2">` + row.String() + `</row>`,
		shared: []string{`<t>Велосипед</t>`, `<r><t>Велосипед </t></r><r><rPr><b/></rPr><t xml:space="preserve">міський</t></r><rPh sb="0" eb="1"><t>ヴ</t></rPh>`}}
	tab, err := ReadFrom(bytes.NewReader(b.zip(t)), XLSX)
	if err != nil {
		t.Fatal(err)
	}
	r := tab.Rows[0]
	for i, c := range cases {
		col := fmt.Sprintf("c%d", i)
		if got := r.Cells[col]; got != c.want || r.Kinds[col] != c.kind {
			t.Errorf("%s: %q (%v), want %q (%v)", c.name, got, r.Kinds[col], c.want, c.kind)
		}
	}
	want := "3 cells held TRUE()/FALSE() formulas without a saved value (a sheet re-saved by openpyxl): read from the formula"
	if len(tab.Notes) != 1 || tab.Notes[0] != want {
		t.Errorf("notes %q, want %q", tab.Notes, want)
	}
}

func TestReadXLSXLayout(t *testing.T) {
	head := `<row r="1">` + inline("A1", "title") + inline("B1", "price") + inline("C1", "city") + `</row>`
	read := func(b testBook) (*Table, error) { return ReadFrom(bytes.NewReader(b.zip(t)), XLSX) }

	// Cells without a reference follow the one before; rows without one, too.
	tab, err := read(testBook{rows: head + `<row>` + `<c t="inlineStr"><is><t>a</t></is></c><c><v>5</v></c></row>` +
		`<row r="5" spans="1:3"><c r="B5"><v>7</v></c><c t="inlineStr"><is><t>Львів</t></is></c></row>`})
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 2 || tab.Rows[0].Line != 2 || tab.Rows[0].Cells["price"] != "5" || tab.Rows[1].Line != 5 ||
		tab.Rows[1].Cells["city"] != "Львів" || tab.Rows[1].Cells["title"] != "" || tab.Rows[0].Kinds != nil {
		t.Errorf("rows %+v", tab.Rows)
	}

	// Dates in both systems; the 1900 one has Lotus's 29 February.
	dates := `<row r="2"><c s="2"><v>44726</v></c><c s="2"><v>0</v></c></row>` +
		`<row r="3"><c s="2"><v>59</v></c><c s="2"><v>60</v></c><c s="2"><v>61</v></c></row>`
	tab, err = read(testBook{rows: head + dates, date1904: true})
	if err != nil || tab.Rows[0].Cells["title"] != "2026-06-15" || tab.Rows[0].Cells["price"] != "1904-01-01" {
		t.Errorf("1904: %v %+v", err, tab)
	}
	tab, err = read(testBook{rows: head + dates})
	if err != nil || tab.Rows[1].Cells["title"] != "1900-02-28" || tab.Rows[1].Cells["price"] != "1900-02-29" || tab.Rows[1].Cells["city"] != "1900-03-01" {
		t.Errorf("1900: %v %+v", err, tab)
	}

	// The sheet named Listings in any case, else the first, which a note names.
	other := head + `<row r="2">` + inline("A2", "other") + `</row>`
	mine := head + `<row r="2">` + inline("A2", "mine") + `</row>`
	tab, err = read(testBook{sheets: []string{"Notes", "LISTINGS"}, rowsOf: map[string]string{"Notes": other, "LISTINGS": mine}})
	if err != nil || tab.Rows[0].Cells["title"] != "mine" || len(tab.Notes) != 0 {
		t.Errorf("Listings: %v %+v", err, tab)
	}
	tab, err = read(testBook{sheets: []string{"Stock", "Notes"}, rowsOf: map[string]string{"Stock": mine, "Notes": other}, noStyles: true})
	if err != nil || tab.Rows[0].Cells["title"] != "mine" || len(tab.Notes) != 1 ||
		tab.Notes[0] != `read the sheet "Stock", the first of the workbook's 2 (none is named Listings)` {
		t.Errorf("first: %v %+v", err, tab)
	}
}

func TestReadXLSXRefuses(t *testing.T) {
	head := `<row r="1">` + inline("A1", "title") + inline("B1", "price") + `</row>`
	// bomb is a workbook whose sheet's zip entry says it unpacks to declared bytes.
	bomb := func(declared uint64, body []byte) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, part := range (testBook{}).files() {
			if name != "xl/worksheets/sheet1.xml" {
				w, _ := zw.Create(name)
				w.Write([]byte(part))
			}
		}
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Store,
			CompressedSize64: uint64(len(body)), UncompressedSize64: declared, CRC32: crc32.ChecksumIEEE(body)})
		w.Write(body)
		zw.Close()
		return buf.Bytes()
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty sheet", testBook{rows: ""}.zip(t), "empty"},
		{"shared string out of range", testBook{rows: head + `<row r="2"><c r="A2" t="s"><v>3</v></c></row>`, shared: []string{"<t>a</t>"}}.zip(t), "points at text \"3\" of the 1"},
		{"rows out of order", testBook{rows: head + `<row r="3"><c><v>1</v></c></row><row r="2"><c><v>1</v></c></row>`}.zip(t), `row "2" after row 3`},
		{"a value beyond the columns", testBook{rows: head + `<row r="2"><c r="AMK2"><v>1</v></c></row>`}.zip(t), "column AMK, beyond the 1,024 columns"},
		{"a cell too big", testBook{rows: head + `<row r="2">` + inline("A2", strings.Repeat("я", 40<<10)) + `</row>`}.zip(t), "row 2, cell A2: a cell of more than 64 KB"},
		{"a run too long for a cell", testBook{rows: head + strings.Repeat("a", 2<<20)}.zip(t), "over 1 MB of text in one piece"},
		{"a zip bomb", bomb(1<<40, []byte("<x/>")), "unpacks to 1048576 MB, more than the 512 MB"},
		{"a directory that lies", bomb(4, []byte("<worksheet><sheetData>"+head+"</sheetData></worksheet>")), "unpacks to more than its zip directory says"},
		{"no workbook", zipOf(t, map[string]string{"a.txt": "x"}), "holds no workbook"},
		{"not a zip", []byte("title\nx\n"), "not an XLSX workbook"},
		{"empty file", nil, "the file is empty"},
	} {
		_, err := ReadFrom(bytes.NewReader(c.data), XLSX)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
