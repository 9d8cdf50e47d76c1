package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api/jobs/sheet"
)

// The report is the sheet again, in the format it came in, with the outcome columns
// (sheet.ReportColumns) after its own: every row with its result, listing id,
// status and page, or the column and reason it was refused. A person fixes the
// refused rows and imports the original sheet, or the report itself, again: the rows
// done are recognised either way.

// reportTable is the rows of the report as cells, in column order.
func reportTable(columns []string, results []Result) ([]string, [][]string) {
	cols := slices.DeleteFunc(slices.Clone(columns), func(c string) bool { return slices.Contains(sheet.ReportColumns, c) })
	cols = append(cols, sheet.ReportColumns...)
	var rows [][]string
	for _, r := range results {
		out := make([]string, 0, len(cols))
		for _, c := range cols[:len(cols)-len(sheet.ReportColumns)] {
			out = append(out, r.Cells[c])
		}
		id := ""
		if r.ListingID > 0 {
			id = strconv.Itoa(r.ListingID)
		}
		reason := r.Reason
		for _, p := range r.Problems[min(1, len(r.Problems)):] {
			reason += "; " + p.String()
		}
		if r.MoreProblems > 0 {
			reason += "; " + MoreProblems(r.MoreProblems)
		}
		out = append(out, r.Outcome, id, r.Status, r.URL, r.Column, reason)
		rows = append(rows, out)
	}
	return cols, rows
}

// WriteReport writes the report at path in format f, replacing the file whole (a
// temporary file renamed), so a failure leaves no half report. `listings import
// --report` and the app's jobs panel write it.
func WriteReport(path string, f sheet.Format, columns []string, results []Result) error {
	cols, rows := reportTable(columns, results)
	// The sheet's own writer: the same BOM, quoting, formula guard and typed XLSX
	// as an export, so a report imports as its sheet did.
	var buf bytes.Buffer
	w, err := sheet.NewWriter(&buf, f, cols)
	if err != nil {
		return fmt.Errorf("write the report: %w", err)
	}
	cells := make([]any, len(cols))
	for _, r := range rows {
		for k, v := range r {
			cells[k] = v
		}
		if err := w.WriteRow(cells); err != nil {
			return fmt.Errorf("write the report: %w", err)
		}
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("write the report: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".report-*")
	if err != nil {
		return fmt.Errorf("write the report: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return fmt.Errorf("write the report %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write the report %s: %w", path, err)
	}
	_ = os.Chmod(tmp.Name(), sheet.NewFileMode(filepath.Dir(path))) // as any file the user saves there
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write the report %s: %w", path, err)
	}
	return nil
}

// ReportPath is a free name for the report of the sheet at sheetPath, next to it in
// its format: stock.csv gets stock-report.csv, or stock-report-2.csv when that exists
// (a report the user may be fixing rows in is never written over).
func ReportPath(sheetPath string) (string, error) {
	ext := filepath.Ext(sheetPath)
	stem := strings.TrimSuffix(sheetPath, ext)
	for i := 1; i <= 100; i++ {
		p := stem + "-report" + ext
		if i > 1 {
			p = fmt.Sprintf("%s-report-%d%s", stem, i, ext)
		}
		if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
			return p, nil
		}
	}
	return "", fmt.Errorf("no free name for a report next to %s: remove the old reports", filepath.Base(sheetPath))
}
