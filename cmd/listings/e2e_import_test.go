package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// TestE2EImportSheet is issue 13's import in a real terminal: I in the list, the
// sheet's path pasted, the plan with the bad row, y; the two good rows are created
// and show in the list, the bad one stays in the panel, and w writes the report
// next to the sheet.
func TestE2EImportSheet(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	data, dir := t.TempDir(), t.TempDir()
	const cat = "Електроніка > Телефони та аксесуари > Мобільні телефони"
	text := "title,description,price,currency,condition,category,city,attr.brand,attr.model,attr.memory\n" +
		"Телефон Moto G1,Смартфон у гарному стані з коробкою,3100,UAH,used," + cat + ",Одеса,Motorola,Edge 1,128 ГБ\n" +
		"Телефон Moto G2,Смартфон у гарному стані з коробкою,дешево,UAH,used," + cat + ",Одеса,Motorola,Edge 2,128 ГБ\n" +
		"Телефон Moto G3,Смартфон у гарному стані з коробкою,3300,UAH,used," + cat + ",Одеса,Motorola,Edge 3,128 ГБ\n"
	sheetPath := filepath.Join(dir, "stock.csv")
	if err := os.WriteFile(sheetPath, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	s := launchTUI(t, 100, 30, []string{"--base-url", base, "--lang", "uk"},
		"LISTINGS_API_KEY="+sandbox.KeyPersonal, "LISTINGS_DATA_DIR="+data)
	s.waitFor("[active 28]", "? help")
	s.send("I")
	s.waitFor("Import a sheet", "sheet:")
	s.typeText(sheetPath)
	s.waitFor("stock.csv")
	s.send("Enter")
	s.waitFor("Import stock.csv?", "2 to create", "row 3", "run the good rows")
	s.send("y")
	s.waitFor("2 done", "0 left", "Not done (1 row)", "row 3 “Телефон Moto G2”: price")
	s.send("w")
	s.waitFor("report: " + filepath.Join(dir, "stock-report.csv"))
	s.send("Escape")
	s.waitFor("[active 30]", "Телефон Moto G1", "Телефон Moto G3")

	jobs, errs := catalog.List(filepath.Join(data, "jobs"))
	if len(jobs) != 1 || len(errs) != 0 || jobs[0].Resumable() {
		t.Fatalf("the import's journal in the CLI's jobs dir: %v %v", jobs, errs)
	}
	if done, failed, left := jobs[0].Counts(); done != 2 || failed != 0 || left != 0 {
		t.Errorf("journal counts %d %d %d", done, failed, left)
	}
	if _, err := os.Stat(filepath.Join(dir, "stock-report.csv")); err != nil {
		t.Errorf("no report: %v", err)
	}
	s.send("q")
	s.waitExit(0)
	s.checkRestored()
}
