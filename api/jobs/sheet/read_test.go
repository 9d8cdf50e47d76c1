package sheet

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// want is what every format's fixture must read back as, cell by cell.
var want = Table{
	Columns: []string{"title", "price", "category", "city", "photos", "hide_phone", "contact_phone", "attr.color"},
	Rows: []Row{
		{Line: 2, Cells: map[string]string{"title": "Велосипед «Дніпро»", "price": "1234.5", "category": "Спорт > Велосипеди",
			"city": "Бровари, Київська", "photos": "photos/bike-*.jpg;b.jpg", "hide_phone": "true", "contact_phone": "0501234567", "attr.color": "червоний"}},
		{Line: 3, Cells: map[string]string{"title": "Стіл", "price": "3000", "category": "12", "city": "Львів", "hide_phone": "false", "contact_phone": "380501234567"}},
	},
}

func check(t *testing.T, got *Table, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Columns, want.Columns) {
		t.Errorf("columns %q, want %q", got.Columns, want.Columns)
	}
	if len(got.Rows) != len(want.Rows) {
		t.Fatalf("%d rows, want %d: %+v", len(got.Rows), len(want.Rows), got.Rows)
	}
	for i, r := range want.Rows {
		g := got.Rows[i]
		if g.Line != r.Line {
			t.Errorf("row %d: line %d, want %d", i, g.Line, r.Line)
		}
		for _, c := range want.Columns {
			if g.Cells[c] != r.Cells[c] {
				t.Errorf("row %d %s: %q, want %q", r.Line, c, g.Cells[c], r.Cells[c])
			}
		}
	}
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadCSVSemicolonBOM(t *testing.T) {
	text := "\ufeffTitle ; Price;category;city;photos;hide_phone;contact_phone;ATTR.Color\r\n" +
		"Велосипед «Дніпро»;1234.5;Спорт > Велосипеди;\"Бровари, Київська\";photos/bike-*.jpg;b.jpg;true;0501234567;червоний\r\n" +
		";;;;;;;\r\n" + // an empty row is left out, and numbering goes on
		"Стіл;3000;12;Львів;;false;380501234567;\r\n"
	// photos holds a ";" unquoted in a ";" file: that is a new cell, so quote it.
	text = strings.Replace(text, "photos/bike-*.jpg;b.jpg", `"photos/bike-*.jpg;b.jpg"`, 1)
	got, err := Read(writeFile(t, "s.csv", text), CSV)
	if err == nil && len(got.Rows) == 2 {
		// The empty row 3 is left out, and it still counts in the numbering.
		if got.Rows[1].Line != 4 {
			t.Errorf("the row after the empty one: row %d, want 4", got.Rows[1].Line)
		}
		got.Rows[1].Line = 3
	}
	check(t, got, err)
}

func TestReadCSVComma(t *testing.T) {
	text := "title,price,category,city,photos,hide_phone,contact_phone,attr.color\n" +
		"Велосипед «Дніпро»,1234.5,Спорт > Велосипеди,\"Бровари, Київська\",photos/bike-*.jpg;b.jpg,true,0501234567,червоний\n" +
		"Стіл,3000,12,Львів,,false,380501234567\n" // a short row: the rest is empty
	got, err := Read(writeFile(t, "s.csv", text), CSV)
	check(t, got, err)
}

func TestReadXLSX(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	f.NewSheet("Notes")
	f.SetSheetName("Sheet1", "Listings")
	for i, c := range want.Columns {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		f.SetCellValue("Listings", cell, strings.ToUpper(c[:1])+c[1:])
	}
	style, _ := f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00: shown "1,234.50"
	r := want.Rows[0].Cells
	f.SetSheetRow("Listings", "A2", &[]any{r["title"], 1234.5, r["category"], r["city"], r["photos"], true, r["contact_phone"], r["attr.color"]})
	f.SetCellStyle("Listings", "B2", "B3", style)
	f.SetSheetRow("Listings", "A3", &[]any{"Стіл", float64(3000), 12, "Львів", nil, false, 3.80501234567e11})
	p := filepath.Join(t.TempDir(), "s.xlsx")
	if err := f.SaveAs(p); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.GetCellValue("Listings", "B2"); v != "1,234.50" {
		t.Logf("displayed as %q", v)
	}
	got, err := Read(p, XLSX)
	check(t, got, err)
}

func TestReadJSONL(t *testing.T) {
	text := `{"Title": "Велосипед «Дніпро»", "price": 1234.5, "category": "Спорт > Велосипеди", "city": "Бровари, Київська", "photos": ["photos/bike-*.jpg", "b.jpg"], "hide_phone": true, "contact_phone": "0501234567", "attributes": {"color": "червоний"}}` + "\n\n" +
		`{"title": "Стіл", "price": 3000, "category": 12, "city": "Львів", "photos": null, "hide_phone": false, "contact_phone": 380501234567}` + "\n"
	got, err := Read(writeFile(t, "s.jsonl", text), JSONL)
	if err == nil && len(got.Rows) == 2 {
		// JSON Lines rows are numbered by line: 1, then 3 after a blank line.
		if got.Rows[0].Line != 1 || got.Rows[1].Line != 3 {
			t.Errorf("lines %d and %d, want 1 and 3", got.Rows[0].Line, got.Rows[1].Line)
		}
		got.Rows[0].Line, got.Rows[1].Line = 2, 3
	}
	check(t, got, err)
	rng, err := ReadFrom(strings.NewReader(`{"title":"x","attributes":{"year":{"from":2000,"to":2010},"color":"red"}}`), JSONL)
	if err != nil || rng.Rows[0].Cells["attr.year"] != "2000-2010" || !reflect.DeepEqual(rng.Columns, []string{"title", "attr.color", "attr.year"}) {
		t.Errorf("range: %+v %v", rng, err)
	}
}

func TestReadRefusesBadFiles(t *testing.T) {
	for _, c := range []struct {
		name, text string
		f          Format
		want       string
	}{
		{"empty", "  \n", CSV, "empty"},
		{"header only", "title,price\n", CSV, "no rows"},
		{"no names", ",,\na,b,c\n", CSV, "no column names"},
		{"duplicate", "title,Title\na,b\n", CSV, `"title" twice`},
		{"nameless cell", "title,\na,b\n", CSV, "no name in the header"},
		{"xlsx as csv", "PK\x03\x04rest", CSV, "zip"},
		{"latin-1", "title\nCaf\xe9\n", CSV, "not UTF-8"},
		{"not json", "{\"title\":\"a\"}\n{\"title\": \"b\",\n", JSONL, "line 2"},
		{"array line", "[1,2]\n", JSONL, "not a JSON object"},
		{"nested", `{"title":{"a":1}}`, JSONL, "an object where a value"},
		{"two keys", `{"title":"a","TITLE":"b"}`, JSONL, "twice"},
		{"not xlsx", "title\nx\n", XLSX, "not an XLSX"},
	} {
		_, err := ReadFrom(strings.NewReader(c.text), c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func TestReadRefusesBigFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.csv")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(200 << 20) // sparse: nothing is written
	f.Close()
	if _, err := Read(p, CSV); err == nil || !strings.Contains(err.Error(), "200 MB") {
		t.Errorf("200 MB file: %v", err)
	}
}

func TestUnknownColumns(t *testing.T) {
	tab := &Table{Columns: []string{"title", "titel", "attr.color", "status", "attr."}}
	if got := UnknownColumns(tab); !reflect.DeepEqual(got, []string{"titel", "attr."}) {
		t.Errorf("unknown %q", got)
	}
}

// pandas writes its index as a first column without a name (to_csv's default): it is
// left out and said, while a nameless column of anything else is refused as before.
func TestPandasIndexColumn(t *testing.T) {
	tab, err := ReadFrom(strings.NewReader(",id,title\n0,7,Велосипед\n1,8,Самокат\n5,9,Ролики\n"), CSV)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 3 || tab.Rows[2].Cells["id"] != "9" || len(tab.Notes) != 1 || !strings.Contains(tab.Notes[0], "pandas' index") {
		t.Fatalf("%+v %v", tab.Rows, tab.Notes)
	}
	for _, bad := range []string{",id\n1,7\n", ",id\n0,7\n0,8\n", ",id\nx,7\n"} {
		if _, err := ReadFrom(strings.NewReader(bad), CSV); err == nil || !strings.Contains(err.Error(), "no name in the header") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
