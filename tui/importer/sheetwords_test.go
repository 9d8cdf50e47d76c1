package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Every error and note of reading a sheet (ids built at run time) has its words in
// each language, its placeholders filled, and English's are the reader's own.
func TestEverySheetWordHasItsWords(t *testing.T) {
	tuitest.WhysHaveWords(t, "importer.why.", "sheet.", 25, "File", "a.csv", "Why", rules.Because("sheet.empty"), "MB", 40,
		"Max", rules.Num(10000), "Value", `"pdf"`, "Columns", "status, url", "Row", 7, "Format", "CSV", "Name", `"Аркуш1"`,
		"N", 2, "Sheet", "listings", "Cells", "2 cells", "Count", 2)
}

// A sheet that cannot be read is said in Ukrainian: a format not read, an empty
// file, a folder typed for a sheet, a file that is not there.
func TestSheetProblemsInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	dir := t.TempDir()
	for name, body := range map[string]string{"old.xls": "xls", "empty.csv": "", "head.csv": sheetHead} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "photos"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ typed, want string }{
		{"old.xls", "old.xls: такий формат таблиць не читається"},
		{"empty.csv", "файл порожній"},
		{"head.csv", "у таблиці є заголовок, але немає рядків"},
		{"photos", "photos — тека: введіть таблицю в ній"},
		{"missing.csv", "missing.csv: такого файлу чи теки немає"},
	} {
		t.Run(c.typed, func(t *testing.T) {
			m, _ := typePath(newView(t, dir), c.typed)
			if !strings.Contains(m.problem, c.want) {
				t.Errorf("%q, want %q", m.problem, c.want)
			}
		})
	}
}

// A sheet saved in Windows-1251 is read so, and the plan says it in Ukrainian.
func TestReadNoteInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	dir := t.TempDir()
	text, err := charmap.Windows1251.NewEncoder().String(sheetHead + phoneRow(1, "1000"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cp.csv"), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _ := typePath(newView(t, dir), "cp.csv")
	if m.plan == nil {
		t.Fatalf("no plan:\n%s", tuitest.Screen(m))
	}
	got := strings.Join(Summary(m.plan), "\n")
	tuitest.Contains(t, got, "прочитано як Windows-1251")
	tuitest.Lacks(t, got, "read as Windows-1251")
}

// A count of photos or 3D frames an edit changes takes the language's plural form;
// English's is the report's.
func TestMediaCountsInEveryLanguage(t *testing.T) {
	cs := []catalog.Change{{Field: catalog.Kind3D, Old: "1 frame", New: "5 frames"}, {Field: catalog.KindPhoto, Old: "1 photo", New: "3 photos"}}
	tuitest.InLang(t, i18n.English)
	if got, want := changeText(cs), (catalog.Result{Changes: cs}).ChangeText(); got != want {
		t.Errorf("English %q, the report's %q", got, want)
	}
	for l, want := range map[i18n.Lang]string{i18n.Ukrainian: "photos_3d 1 кадр → 5 кадрів; photos 1 фото → 3 фото",
		i18n.Russian: "photos_3d 1 кадр → 5 кадров; photos 1 фото → 3 фото"} {
		tuitest.InLang(t, l)
		if got := changeText(cs); got != want {
			t.Errorf("%s %q, want %q", l, got, want)
		}
	}
}
