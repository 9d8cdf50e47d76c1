package catalog_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// fifty is a sheet of 50 phones, rows 7, 14, 21, 28 and 35 wrong in different ways;
// it returns the rows and the column each wrong one is refused for, by sheet line.
func fifty() ([]map[string]string, map[int]string) {
	var rows []map[string]string
	for n := 1; n <= 50; n++ {
		rows = append(rows, goodRow(n))
	}
	wrong := map[int]string{}
	spoil := func(n int, col, v string) {
		rows[n-1][col] = v
		wrong[n+1] = col // the header is line 1
	}
	spoil(7, "title", "")
	spoil(14, "category", "Електроніка > Телефони > Смартфони")
	spoil(21, "city", "Кам'ян") // Кам'янське, Кам'янець-Подільський
	spoil(28, "photos", "photos/missing.jpg")
	spoil(35, "attr.brand", "Nokia 3310")
	return rows, wrong
}

func TestFiftyRowsFiveWrongThenRunAgain(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	rows, wrong := fifty()
	path := writeCSV(t, dir, "stock.csv", rows)

	p := plan(t, s, path, jobs)
	if p.Creates != 45 || p.Refused != 5 || p.Uploads != 90 || p.Requests != 135 {
		t.Fatalf("plan: %s", strings.Join(p.Summary(), "; "))
	}
	// Nothing written, and each read once: the trees in uk, ru and en (an English
	// path is looked for in ru first), the attributes in uk and, for the label
	// "Nokia 3310" found in none, in ru and en; one search per distinct city name,
	// and two more for "Kyiv" (found by name in en) and for "Кам'ян" (in none).
	if s.creates.Load() != 0 || s.uploads.Load() != 0 || p.Reads != 3+3+5+2+2 {
		t.Fatalf("the check sent %d creates, %d uploads, read %d", s.creates.Load(), s.uploads.Load(), p.Reads)
	}
	for _, r := range catalog.Results(p.Header, nil) {
		col, bad := wrong[r.Line]
		switch {
		case bad && (r.Outcome != catalog.OutcomeRefused || r.Column != col):
			t.Errorf("row %d: %s %s: %s, want refused for %s", r.Line, r.Outcome, r.Column, r.Reason, col)
		case !bad && r.Outcome != catalog.OutcomePlanned:
			t.Errorf("row %d: %s %v", r.Line, r.Outcome, r.Problems)
		}
		if bad {
			t.Logf("row %d %s: %s", r.Line, r.Column, r.Reason)
		}
	}

	j := run(t, s, p, jobs)
	results := catalog.Results(*j.Head, j)
	created := 0
	for _, r := range results {
		if r.Outcome == catalog.OutcomeCreated && r.ListingID > 0 && r.URL != "" {
			created++
		}
	}
	if created != 45 || s.creates.Load() != 45 || s.uploads.Load() != 90 || s.refused.Load() != 0 {
		t.Fatalf("%d created (%d at the sandbox), %d uploads, %d answered 429", created, s.creates.Load(), s.uploads.Load(), s.refused.Load())
	}
	d, err := s.client.GetListing(context.Background(), results[0].ListingID, "uk")
	if err != nil || len(d.Listing.Photos) != 2 || d.Listing.CategoryID != 30101 || string(d.Listing.Attributes["memory"]) != `"128"` {
		t.Fatalf("the first listing: %+v %v", d, err)
	}

	// The same file again: nothing to create, the five still refused.
	j.Close()
	again := plan(t, s, path, jobs)
	if again.Creates != 0 || again.Unchanged != 45 || again.Refused != 5 || again.Requests != 0 {
		t.Fatalf("second plan: %s", strings.Join(again.Summary(), "; "))
	}
	run(t, s, again, jobs)
	if s.creates.Load() != 45 {
		t.Fatalf("the second run created %d", s.creates.Load()-45)
	}

	// One row fixed and one changed: the fixed one is created, the changed one edits
	// its listing with only its price.
	rows[6]["title"] = "Телефон Samsung Galaxy №7"
	rows[1]["price"] = "999"
	writeCSV(t, dir, "stock.csv", rows)
	third := plan(t, s, path, jobs)
	if third.Creates != 1 || third.Edits != 1 || third.Unchanged != 44 || third.Refused != 4 {
		t.Fatalf("third plan: %s", strings.Join(third.Summary(), "; "))
	}
	for _, r := range third.Header.Rows {
		if r.Action == catalog.Edit {
			if r.ListingID != results[1].ListingID || r.Edit.Title.IsSet() || r.Media != nil {
				t.Fatalf("the edit: listing %d, %+v", r.ListingID, r)
			}
			if p, _ := r.Edit.Price.Get(); p.String() != "999" {
				t.Fatalf("the edit's price %v", p)
			}
		}
	}
	run(t, s, third, jobs)
	if s.creates.Load() != 46 {
		t.Fatalf("creates %d, want 46", s.creates.Load())
	}
	d, _ = s.client.GetListing(context.Background(), results[1].ListingID, "uk")
	if d.Listing.Price.String() != "999" {
		t.Errorf("edited price %s", d.Listing.Price)
	}
}

func TestCheckCategoryCityAndAttributes(t *testing.T) {
	s := newShop(t)
	dir := t.TempDir()
	base := goodRow(1)
	rows := []map[string]string{}
	for _, change := range []map[string]string{
		{"category": "30101"},
		{"category": "электроника > телефоны и аксессуары > мобильные телефоны"}, // ru, any case
		{"category": "3"},                                // not a leaf
		{"category": "999999"},                           // no such id
		{"city": "Нарнія"},                               // unknown
		{"city": "8d5a980d-391c-11dd-90d9-001a92567626"}, // a ref
		{"attr.memory": "64 GB"},                         // a label in English
		{"attr.memory": "", "attr.model": ""},            // required ones missing
		{"attr.wings": "2"},                              // the category has none
		{"price": "12 000,50"},
		{"price": "дорого"},
	} {
		r := map[string]string{}
		for k, v := range base {
			r[k] = v
		}
		for k, v := range change {
			r[k] = v
		}
		r["title"] += " " + change["category"] + change["city"] + change["attr.memory"] + change["price"] + change["attr.wings"]
		rows = append(rows, r)
	}
	sheetColumns = append(sheetColumns, "attr.wings")
	defer func() { sheetColumns = sheetColumns[:len(sheetColumns)-1] }()
	p := plan(t, s, writeCSV(t, dir, "c.csv", rows), t.TempDir())
	want := []string{"", "", "category", "category", "city", "", "", "attr.model", "attr.wings", "", "price"}
	for i, r := range catalog.Results(p.Header, nil) {
		if r.Column != want[i] {
			t.Errorf("row %d: %q %s, want %q", r.Line, r.Column, r.Reason, want[i])
		}
	}
	if b := p.Header.Rows[6].Create; b == nil || b.Attributes["memory"] != "64" {
		t.Errorf("64 GB: %+v", p.Header.Rows[6].Create)
	}
	if b := p.Header.Rows[9].Create; b == nil || b.Price.String() != "12000.5" {
		t.Errorf("12 000,50: %+v", b)
	}
}

// A phone a spreadsheet took for a number comes back: 12 digits beginning 380 get
// their + again, said in the row's fixes; one it saved rounded (3.80501E+11) is
// refused, since its digits are gone; a phone written as people dial it inside
// Ukraine is sent in the form the service keeps.
func TestPhoneASpreadsheetDamaged(t *testing.T) {
	s := newShop(t)
	dir := t.TempDir()
	var rows []map[string]string
	for i, phone := range []string{"380501234567", "3.80501E+11", "+380501234567", "0501234567"} {
		r := goodRow(i + 1)
		r["contact_phone"] = phone
		rows = append(rows, r)
	}
	sheetColumns = append(sheetColumns, "contact_phone")
	defer func() { sheetColumns = sheetColumns[:len(sheetColumns)-1] }()
	p := plan(t, s, writeCSV(t, dir, "phones.csv", rows), t.TempDir())
	got := p.Header.Rows
	if b := got[0].Create; b == nil || b.ContactPhone != "+380501234567" || len(got[0].Fixes) != 1 ||
		got[0].Fixes[0].From != "380501234567" || !strings.Contains(got[0].Fixes[0].Why, "whose + a spreadsheet dropped") {
		t.Errorf("380501234567: %+v %v", got[0].Create, got[0].Fixes)
	}
	if len(got[1].Problems) != 1 || got[1].Problems[0].Column != "contact_phone" || !strings.Contains(got[1].Problems[0].Reason, "digits are lost") {
		t.Errorf("3.80501E+11: %v", got[1].Problems)
	}
	if r := got[2]; r.Create == nil || len(r.Fixes) > 0 || r.Create.ContactPhone != "+380501234567" {
		t.Errorf("+380501234567: %+v %v", r.Create, r.Fixes)
	}
	if r := got[3]; r.Create == nil || len(r.Fixes) != 1 || r.Create.ContactPhone != "+380501234567" {
		t.Errorf("0501234567: %+v %v", r.Create, r.Fixes)
	}
}

// A range cell reads back what an export writes, one bound included ("2-" from 2,
// "-16" up to 16: not the number -16), and a cell that is no range is refused.
func TestRangeCells(t *testing.T) {
	s := newShop(t)
	dir := t.TempDir()
	var rows []map[string]string
	for i, age := range []string{"2-", "-16", "1-3", "a-b"} {
		r := goodRow(i + 1)
		r["category"], r["attr.age"] = "601", age
		delete(r, "attr.brand")
		delete(r, "attr.model")
		delete(r, "attr.memory")
		rows = append(rows, r)
	}
	sheetColumns = append(sheetColumns, "attr.age")
	defer func() { sheetColumns = sheetColumns[:len(sheetColumns)-1] }()
	p := plan(t, s, writeCSV(t, dir, "ages.csv", rows), t.TempDir())
	want := []string{`{"from":2}`, `{"to":16}`, `{"from":1,"to":3}`}
	for i, r := range p.Header.Rows[:3] {
		if r.Create == nil {
			t.Fatalf("row %d: %v", r.Line, r.Problems)
		}
		if got, _ := json.Marshal(r.Create.Attributes["age"]); string(got) != want[i] {
			t.Errorf("%q → %s, want %s", r.Cells["attr.age"], got, want[i])
		}
	}
	if pr := p.Header.Rows[3].Problems; len(pr) != 1 || pr[0].Column != "attr.age" || !strings.Contains(pr[0].Reason, "is not a range") {
		t.Errorf("a-b: %v", pr)
	}
}

// A cell may name only files in the sheet's folder and below: ../, an absolute path
// and a link that leads out are refused (a sheet from someone else must not publish
// any picture on the disk), unless FilesAnywhere; the plan lists every file.
func TestFilesOnlyFromTheSheetsFolder(t *testing.T) {
	s := newShop(t)
	root := t.TempDir()
	dir, outside := filepath.Join(root, "shop"), filepath.Join(root, "private")
	photo(t, outside, "me.jpg", 1)
	photo(t, dir, "photos/ok.jpg", 2)
	if err := os.Symlink(filepath.Join(outside, "me.jpg"), filepath.Join(dir, "photos", "link.jpg")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	var rows []map[string]string
	for i, cell := range []string{"photos/ok.jpg", "../private/me.jpg", filepath.Join(outside, "me.jpg"), "photos/link.jpg"} {
		r := goodRow(i + 1)
		r["photos"] = cell
		rows = append(rows, r)
	}
	path := writeCSV(t, dir, "stock.csv", rows)
	for _, anywhere := range []bool{false, true} {
		tab, err := sheet.Read(path, sheet.CSV)
		if err != nil {
			t.Fatal(err)
		}
		p, err := catalog.Check(context.Background(), s.client, tab, catalog.Options{Lang: "uk", Dir: dir, Sheet: "stock",
			File: path, BaseURL: s.client.BaseURL(), Now: s.clk.Now, FilesAnywhere: anywhere})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range p.Header.Rows {
			outsider := i > 0
			refused := r.Action == catalog.Refused && len(r.Problems) > 0 && strings.Contains(r.Problems[0].Reason, "outside the sheet's folder")
			if refused != (outsider && !anywhere) {
				t.Errorf("anywhere %v, row %d (%s): %s %v", anywhere, r.Line, r.Cells["photos"], r.Action, r.Problems)
			}
		}
		lines := strings.Join(p.FileLines(dir), "\n")
		if !strings.Contains(lines, "row 2: photos/ok.jpg") || anywhere != strings.Contains(lines, "me.jpg") {
			t.Errorf("anywhere %v, the files the plan lists:\n%s", anywhere, lines)
		}
	}
}
