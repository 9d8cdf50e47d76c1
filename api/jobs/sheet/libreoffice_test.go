package sheet

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var libreOfficeSource = flag.Bool("libreoffice-source", false,
	"write testdata/libreoffice's listings.xlsx and template.xlsx with this package's writer (its make.sh does)")

// loRows are the awkward rows LibreOffice is given: all but the one cut to
// maxCellChars, which says nothing new and doubles the files.
func loRows() ([][]any, []map[string]string) {
	return awkwardRows()[:10], awkwardWant()[:10]
}

// loColumns are a template's: a required column, drop-downs, one whose values run
// past the 255 characters a list typed into a validation may have.
func loColumns() []Column {
	var many []string
	for _, s := range strings.Fields("Чорний Білий Сірий Сріблястий Червоний Бордовий Рожевий Помаранчевий Жовтий Золотистий " +
		"Бежевий Коричневий Зелений Оливковий Бірюзовий Блакитний Синій Фіолетовий Бузковий Різнокольоровий Прозорий Графітовий") {
		many = append(many, s+" колір")
	}
	return []Column{
		{Name: "title", Required: true, What: "The listing's title.", Allowed: "5 to 120 characters", Example: "Велосипед"},
		{Name: "condition", What: "New or used.", Allowed: "new, used", Example: "used", Options: []string{"new", "used"}},
		{Name: "attr.colour", What: `Attribute "Колір" (select).`, Allowed: "one of: " + strings.Join(many, ", "), Options: many},
	}
}

// TestLibreOffice reads what LibreOffice 7.4 made of this package's XLSX (made by
// testdata/libreoffice/make.sh, since CI has no LibreOffice): the export saved again
// as XLSX and as CSV gives the rows back, and the template keeps its notes and
// drop-downs.
func TestLibreOffice(t *testing.T) {
	dir := filepath.Join("testdata", "libreoffice")
	rows, want := loRows()
	if *libreOfficeSource {
		if err := os.WriteFile(filepath.Join(dir, "listings.xlsx"), writeRows(t, awkwardColumns, rows), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, "template.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WriteTemplate(f, XLSX, loColumns()); err != nil {
			t.Fatal(err)
		}
		return
	}
	// LibreOffice keeps a line break, but as LF (the importer reads CRLF so anyway).
	want[5]["title"] = strings.ReplaceAll(want[5]["title"], "\r\n", "\n")
	tab, err := Read(filepath.Join(dir, "listings-libreoffice.xlsx"), XLSX)
	if err != nil {
		t.Fatal(err)
	}
	checkAwkward(t, "LibreOffice's XLSX", tab, want)
	// A CSV holds what a cell shows: booleans in capitals, 1E+300 as General shows it.
	want[0]["hide_phone"], want[1]["hide_phone"], want[4]["price"] = "TRUE", "FALSE", "1E+300"
	tab, err = Read(filepath.Join(dir, "listings-libreoffice.csv"), CSV)
	if err != nil {
		t.Fatal(err)
	}
	checkAwkward(t, "LibreOffice's CSV", tab, want)

	// The template saved again by LibreOffice still has its notes, drop-downs (the
	// second's 22 values from the Options sheet) and hidden sheet.
	data, err := os.ReadFile(filepath.Join(dir, "template-libreoffice.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	saved := part(t, data, "xl/worksheets/sheet1.xml")
	if !strings.Contains(saved, "<formula1>Options!$A$1:$A$2</formula1>") || !strings.Contains(saved, "<formula1>Options!$B$1:$B$22</formula1>") ||
		!strings.Contains(saved, "<legacyDrawing ") || strings.Count(part(t, data, "xl/comments1.xml"), "<comment ") != 3 ||
		!strings.Contains(part(t, data, "xl/workbook.xml"), `<sheet name="Options" sheetId="2" state="hidden"`) {
		t.Errorf("LibreOffice's XLSX of the template lost its notes, drop-downs or hidden sheet:\n%s", saved)
	}
	ods, err := os.ReadFile(filepath.Join(dir, "template.ods"))
	if err != nil {
		t.Fatal(err)
	}
	content := part(t, ods, "content.xml")
	notes := regexp.MustCompile(`<office:annotation[ >].*?</office:annotation>`).FindAllString(content, -1)
	if len(notes) != 3 || !strings.Contains(notes[0], "Required. The listing") || !strings.Contains(notes[2], "Різнокольоровий колір") {
		t.Errorf("LibreOffice read the notes as %q", notes)
	}
	lists := regexp.MustCompile(`table:condition="of:cell-content-is-in-list\(\[\$Options\.\$(\w)\$1:\.\$\w\$(\d+)\]\)"`).FindAllStringSubmatch(content, -1)
	if len(lists) != 2 || lists[0][1]+lists[0][2] != "A2" || lists[1][1]+lists[1][2] != "B22" {
		t.Errorf("LibreOffice read the drop-downs as %q", lists)
	}
	hidden := regexp.MustCompile(`table:name="Options" table:style-name="(\w+)"`).FindStringSubmatch(content)
	if !strings.Contains(content, `table:message-type="warning"`) || hidden == nil ||
		!regexp.MustCompile(`style:name="`+hidden[1]+`"[^>]*>(<[^>]*>)?<style:table-properties table:display="false"`).MatchString(content) {
		t.Error("LibreOffice lost the drop-downs' warning, or shows the Options sheet")
	}
}
