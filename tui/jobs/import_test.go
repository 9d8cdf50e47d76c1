package jobs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// importPlan is a checked sheet of n rows (lines 2…n+1), each a create of "Row i"
// with one photo from disk, but the row on line refused, which a price cell broke.
func importPlan(t *testing.T, n, refused int) msgs.StartJob {
	t.Helper()
	dir := t.TempDir()
	h := catalog.Header{Info: job.Info{Created: now, Kind: catalog.Kind}, Sheet: "stock", File: filepath.Join(dir, "stock.csv"), Lang: "uk",
		Columns: []string{"title", "price", "photos"}}
	p := &catalog.Plan{}
	for i := 1; i <= n; i++ {
		title := fmt.Sprintf("Row %d", i)
		cells := map[string]string{"title": title, "price": "100", "photos": fmt.Sprintf("p%d.jpg", i)}
		r := catalog.Row{Line: i + 1, Hash: fmt.Sprint(i), Title: title, Cells: cells}
		if i+1 == refused {
			cells["price"] = "abc"
			r.Action, r.Problems = catalog.Refused, []catalog.Problem{{Column: "price", Reason: "not a number: write it as 1250 or 99.99"}}
			p.Refused++
		} else {
			photo := filepath.Join(dir, fmt.Sprintf("p%d.jpg", i))
			if err := os.WriteFile(photo, []byte("jpeg"), 0o600); err != nil {
				t.Fatal(err)
			}
			r.Action, r.Create = catalog.Create, &api.ListingCreate{Title: title, Price: api.PriceInt(100)}
			r.Media = map[string][]catalog.Medium{catalog.KindPhoto: {{Path: photo}}}
			p.Creates++
		}
		h.Rows = append(h.Rows, r)
	}
	p.Header = h
	return msgs.StartJob{Import: p}
}

// TestImportJobProgressRefusedRowsAndReport runs a sheet of 4 rows, one refused before
// sending and one the service refuses: the panel counts the rows sent, lists both
// with row, column and reason when the job ends, tells the lists of the listings
// created and the watch of the pending ones, and w writes the report next to the
// sheet.
func TestImportJobProgressRefusedRowsAndReport(t *testing.T) {
	f := newFake()
	f.refuse[1004] = &api.Error{Status: 422, Code: "validation_failed", Field: "description", Hint: "too short: at least 20 characters"}
	m := newPanel(f, t.TempDir(), false)
	s := importPlan(t, 4, 3)
	m, r := startJob(t, m, s)
	tuitest.Contains(t, m.Summary(), "job: 0/3")
	tuitest.Contains(t, tuitest.Screen(m), "import of stock.csv: 3 rows to send", "1 row refused before sending",
		"Not done (1 row) · w writes the report", "row 3 “Row 2”: price", "not a number")
	m, out := drain(m, r)
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "done", "2 done", "1 failed", "0 left", "Not done (2 rows)",
		"row 3 “Row 2”: price", "row 5 “Row 4”: description", "too short: at least 20 characters")
	tuitest.CheckExactSize(t, m.View(), 100, 30)
	if added := tuitest.Of[msgs.ListingsAdded](out); len(added) != 1 || added[0].N != 2 {
		t.Errorf("the lists are not told of the 2 listings created: %v", out)
	}
	if w := tuitest.Of[msgs.Watch](out); len(w) != 2 || w[0].ID < 500 {
		t.Errorf("the pending listings are not watched: %v", w)
	}
	if n := tuitest.Of[msgs.Notice](out); len(n) == 0 || !strings.Contains(n[len(n)-1].Text, "(import) done: 2 done, 2 not") {
		t.Errorf("notice of the end: %v", n)
	}
	m, out = runLoop.Press(m, "w")
	report := filepath.Join(filepath.Dir(s.Import.Header.File), "stock-report.csv")
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("no report next to the sheet: %v (%v)", err, out)
	}
	for _, want := range []string{"Row 2,abc,p2.jpg,refused,,,,price,not a number", "Row 1,100,p1.jpg,created,501,pending,https://example.test/501"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q:\n%s", want, b)
		}
	}
	tuitest.Contains(t, tuitest.Unbroken(tuitest.Screen(m)), "report: "+report)
	// ↓ scrolls the rows not imported, for a sheet with more than the panel holds.
	m, _ = m.Update(tuitest.Key("down"))
	tuitest.Contains(t, tuitest.Screen(m), "↑ 1 more", "row 5 “Row 4”: description")
	tuitest.Lacks(t, tuitest.Screen(m), "row 3 “Row 2”: price")
	// So does the wheel.
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	tuitest.Contains(t, tuitest.Screen(m), "row 3 “Row 2”: price")
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	tuitest.Lacks(t, tuitest.Screen(m), "row 3 “Row 2”: price")
}

// TestImportPauseThenResumeCreatesEachOnce pauses an import mid-way; with the
// budget held back, the uploads and creates waiting for it are given up, nothing
// sent, and the resume sends every upload and create once.
func TestImportPauseThenResumeCreatesEachOnce(t *testing.T) {
	for _, budgetAfter := range []int{0, 9} {
		t.Run(fmt.Sprint("budget after ", budgetAfter), func(t *testing.T) {
			f := newFake()
			f.gate, f.budgetAfter = make(chan struct{}), budgetAfter
			dir := t.TempDir()
			m := newPanel(f, dir, false)
			m, r := startJob(t, m, importPlan(t, 12, 0))
			for range 8 { // an upload and a create each
				f.gate <- struct{}{}
			}
			m, _ = m.Update(<-r.ch)
			m, _ = m.Update(tuitest.Key("p"))
			close(f.gate)
			m, _ = drain(m, r)
			tuitest.Contains(t, tuitest.Screen(m), "paused", "p resumes")
			j, err := catalog.PeekJob(filepath.Join(dir, m.job.id+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range j.Head.Rows {
				if j.Outcome(row.Line).State == catalog.InDoubt {
					t.Errorf("row %d left in doubt by a pause", row.Line)
				}
			}
			if _, _, left := j.Counts(); left == 0 {
				t.Fatal("nothing left after a pause")
			}
			f.freeBudget()
			m = resumeRun(m, "p")
			tuitest.Contains(t, tuitest.Screen(m), "12 done", "0 left")
			if total, twice := f.sent(); total != 24 || len(twice) != 0 {
				t.Fatalf("%d requests (12 uploads and 12 creates), sent twice: %v", total, twice)
			}
		})
	}
}

// TestInterruptedImportOfferedAtStart: an import a kill left is offered with the
// bulk jobs, resumed, and sends only what was left.
func TestInterruptedImportOfferedAtStart(t *testing.T) {
	dir := t.TempDir()
	s := importPlan(t, 3, 0)
	h := s.Import.Header
	h.BaseURL = base
	j, err := catalog.NewJob(dir, h, now)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	f := newFake()
	m := newPanel(f, dir, true)
	m, _ = runLoop.Drain(m, m.Init())
	tuitest.Contains(t, tuitest.Screen(m), "job "+j.Head.Job+" was interrupted: 3 of 3 left")
	m = resumeRun(m, "r")
	tuitest.Contains(t, tuitest.Screen(m), "3 done", "0 left")
	if total, twice := f.sent(); total != 6 || len(twice) != 0 {
		t.Fatalf("%d requests, twice %v", total, twice)
	}
}
