package importcmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/listings-tui/listings/api/catalog"
	"github.com/listings-tui/listings/api/sheet"
)

// The report is the sheet again, in the format it came in, with the outcome columns
// (sheet.ReportColumns) after its own: every row with its result, listing id,
// status and page, or the column and reason it was refused. A person fixes the
// refused rows and imports the original sheet, or the report itself, again: the rows
// done are recognised either way.

// reportTable is the rows of the report as cells, in column order.
func reportTable(columns []string, results []catalog.Result) ([]string, [][]string) {
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
		out = append(out, r.Outcome, id, r.Status, r.URL, r.Column, reason)
		rows = append(rows, out)
	}
	return cols, rows
}

// writeReport writes the report at path in format f, replacing the file whole (a
// temporary file renamed), so a failure leaves no half report.
func writeReport(path string, f sheet.Format, columns []string, results []catalog.Result) error {
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
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write the report %s: %w", path, err)
	}
	return nil
}
