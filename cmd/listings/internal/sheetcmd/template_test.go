package sheetcmd_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// leafWithSelect is a leaf category of the sandbox with a select attribute and a
// required one, and the category that holds it.
func leafWithSelect(t *testing.T, c *clitest.Runner) (leaf, parent int, attrs []api.Attribute) {
	t.Helper()
	var tree []api.Category
	c.OKJSON(&tree, "", "categories", "--json")
	var walk func(cs []api.Category, up int) bool
	walk = func(cs []api.Category, up int) bool {
		for _, cat := range cs {
			if len(cat.Children) > 0 {
				if walk(cat.Children, cat.ID) {
					return true
				}
				continue
			}
			var as []api.Attribute
			c.OKJSON(&as, "", "attributes", clitest.Itoa(cat.ID), "--json")
			sel, req := false, false
			for _, a := range as {
				sel = sel || a.Type == api.AttrSelect
				req = req || a.Required
			}
			if sel && req {
				leaf, parent, attrs = cat.ID, up, as
				return true
			}
		}
		return false
	}
	if !walk(tree, 0) {
		t.Fatal("the sandbox has no leaf with a select and a required attribute")
	}
	return leaf, parent, attrs
}

func TestTemplate(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	leaf, parent, attrs := leafWithSelect(t, c)
	dir := t.TempDir()
	file := filepath.Join(dir, "t.xlsx")
	c.OK("", "import", "template", "--category", clitest.Itoa(leaf), "-o", file)
	x, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if sheets := x.GetSheetList(); sheets[0] != sheet.SheetName || !contains(sheets, sheet.ColumnsSheet) {
		t.Errorf("sheets %v", sheets)
	}
	rows, _ := x.GetRows(sheet.SheetName)
	if len(rows) != 1 {
		t.Fatalf("%d rows in an empty template", len(rows))
	}
	header := rows[0]
	fixed := []string{"id", "title", "description", "price", "price_type", "currency", "condition", "category", "city",
		"contact_name", "contact_phone", "hide_phone", "photos", "photos_3d", "video"}
	want := fixed
	for _, a := range attrs {
		want = append(want, "attr."+a.Code)
	}
	if strings.Join(header, ",") != strings.Join(want, ",") {
		t.Fatalf("header\n%v\nwant\n%v", header, want)
	}

	comments, _ := x.GetComments(sheet.SheetName)
	notes := map[string]string{}
	for _, cm := range comments {
		notes[cm.Cell] = cm.Text
		for _, r := range cm.Paragraph {
			notes[cm.Cell] += r.Text
		}
	}
	dvs, _ := x.GetDataValidations(sheet.SheetName)
	lists := map[string]string{} // column letter → the list's formula
	for _, dv := range dvs {
		lists[strings.TrimRight(strings.Split(dv.Sqref, ":")[0], "0123456789")] = dv.Formula1
	}
	for i, col := range header {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		letter := strings.TrimRight(cell, "1")
		required := col == "title" || col == "description" || col == "price" || col == "category" || col == "city"
		var attr *api.Attribute
		for k := range attrs {
			if "attr."+attrs[k].Code == col {
				attr = &attrs[k]
				required = attrs[k].Required
			}
		}
		style, _ := x.GetCellStyle(sheet.SheetName, cell)
		st, _ := x.GetStyle(style)
		filled := st != nil && len(st.Fill.Color) > 0
		if filled != required || strings.HasPrefix(notes[cell], "Required") != required {
			t.Errorf("%s: required %v, but filled %v and note %q", col, required, filled, notes[cell])
		}
		if st == nil || st.Font == nil || !st.Font.Bold {
			t.Errorf("%s: the header is not bold", col)
		}
		if attr == nil || attr.Type != api.AttrSelect {
			continue
		}
		f := lists[letter]
		if f == "" {
			t.Errorf("%s: no drop-down", col)
			continue
		}
		// The list is a range of the hidden Options sheet: its cells are the labels.
		ref := strings.ReplaceAll(strings.TrimPrefix(f, "Options!"), "$", "")
		from, to, _ := strings.Cut(ref, ":")
		c1, r1, _ := excelize.CellNameToCoordinates(from)
		_, r2, _ := excelize.CellNameToCoordinates(to)
		var got []string
		for r := r1; r <= r2; r++ {
			name, _ := excelize.CoordinatesToCellName(c1, r)
			v, _ := x.GetCellValue("Options", name)
			got = append(got, v)
		}
		var labels []string
		for _, o := range attr.Options {
			labels = append(labels, o.Label)
		}
		if strings.Join(got, "|") != strings.Join(labels, "|") {
			t.Errorf("%s: drop-down %v, want the labels %v", col, got, labels)
		}
	}
	if lists["L"] == "" { // hide_phone
		t.Errorf("no drop-down for hide_phone: %v", lists)
	}
	if vis, _ := x.GetSheetVisible("Options"); vis {
		t.Error("the Options sheet is shown")
	}

	explained, _ := x.GetRows(sheet.ColumnsSheet)
	if len(explained) != len(header)+1 || explained[0][0] != "column" {
		t.Fatalf("Columns sheet: %d rows", len(explained))
	}
	for i, r := range explained[1:] {
		if r[0] != header[i] || len(r) < 4 || r[2] == "" {
			t.Errorf("Columns row %d: %v", i+2, r)
		}
		if r[0] == "title" && (r[1] != "yes" || !strings.Contains(r[3], "5 to 120")) {
			t.Errorf("title explained as %v", r)
		}
	}

	// CSV: the header alone, after the BOM.
	csvFile := filepath.Join(dir, "t.csv")
	c.OK("", "import", "template", "--category", clitest.Itoa(leaf), "-o", csvFile)
	data, _ := os.ReadFile(csvFile)
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")))).ReadAll()
	if err != nil || len(recs) != 1 || strings.Join(recs[0], ",") != strings.Join(want, ",") {
		t.Errorf("CSV template: %v, %v", recs, err)
	}

	if parent != 0 {
		r := c.Fails(cmdutil.ExitError, "", "import", "template", "--category", clitest.Itoa(parent), "-o", filepath.Join(dir, "p.xlsx"))
		if !strings.Contains(r.Stderr, "leaf") {
			t.Errorf("a category with subcategories: %s", r.Stderr)
		}
	}
	c.Fails(cmdutil.ExitError, "", "import", "template", "--category", "999999", "-o", filepath.Join(dir, "u.xlsx"))
	c.Fails(cmdutil.ExitUsage, "", "import", "template", "-o", filepath.Join(dir, "n.xlsx"))
	c.Fails(cmdutil.ExitUsage, "", "import", "template", "--category", "1", "--format", "jsonl")
	if m, _ := filepath.Glob(filepath.Join(dir, "[pun].xlsx")); len(m) > 0 {
		t.Errorf("a refused template left files: %v", m)
	}
}

func contains(list []string, s string) bool { return indexOf(list, s) >= 0 }
