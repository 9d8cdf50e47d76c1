package catalog

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReportPathNeverOverwrites: a report the user may be fixing rows in stays.
func TestReportPathNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	sheetPath := filepath.Join(dir, "stock.csv")
	p, err := ReportPath(sheetPath)
	if err != nil || p != filepath.Join(dir, "stock-report.csv") {
		t.Fatalf("%q %v", p, err)
	}
	if err := WriteReport(p, "csv", []string{"title"}, []Result{{Line: 2, Outcome: OutcomeRefused, Column: "price", Reason: "bad", Cells: map[string]string{"title": "Велосипед"}}}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if want := "\ufefftitle,result,listing_id,status,url,error_column,error\r\nВелосипед,refused,,,,price,bad\r\n"; string(b) != want {
		t.Errorf("report %q, want %q", b, want)
	}
	p2, err := ReportPath(sheetPath)
	if err != nil || p2 != filepath.Join(dir, "stock-report-2.csv") {
		t.Fatalf("second report %q %v", p2, err)
	}
}
