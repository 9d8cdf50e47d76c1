package catalog_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// A row with an id sends only its filled cells; an attribute cell is merged into the
// listing's own attributes, since an edit's attributes replace the whole object.
func TestEditRowMergesAttributes(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	p := plan(t, s, writeCSV(t, dir, "made.csv", []map[string]string{goodRow(1)}), jobs)
	j := run(t, s, p, jobs)
	id := catalog.Results(*j.Head, j)[0].ListingID

	ep := checkEdits(t, s, dir, jobs, `{"id": `+itoa(id)+`, "price": 1999, "attributes": {"memory": "256 GB"}}`)
	r := ep.Header.Rows[0]
	if r.Action != catalog.Edit || r.Edit.Title.IsSet() || r.Edit.Photos.IsSet() {
		t.Fatalf("edit row: %s %v %+v", r.Action, r.Problems, r.Edit)
	}
	run(t, s, ep, jobs)
	d, err := s.client.GetListing(context.Background(), id, "uk")
	if err != nil {
		t.Fatal(err)
	}
	attrs, _ := json.Marshal(d.Listing.Attributes)
	if d.Listing.Price.String() != "1999" || !strings.Contains(string(attrs), `"memory":"256"`) || !strings.Contains(string(attrs), `"brand":"samsung"`) {
		t.Fatalf("after the edit: %s %s", d.Listing.Price, attrs)
	}
}

// An edit row may carry the listing's own price type (an export's rows do), read
// with one GET; another price type is refused, since an edit cannot change it.
func TestEditRowPriceType(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	j := run(t, s, plan(t, s, writeCSV(t, dir, "made.csv", []map[string]string{goodRow(1)}), jobs), jobs)
	id := itoa(catalog.Results(*j.Head, j)[0].ListingID)
	ep := checkEdits(t, s, dir, jobs, `{"id": `+id+`, "price_type": "sell", "price": 1999}`, `{"id": `+id+`, "price_type": "Free"}`,
		`{"id": 99999, "price_type": "sell"}`)
	rows := ep.Header.Rows
	if rows[0].Action != catalog.Edit || !rows[0].Edit.Price.IsSet() {
		t.Errorf("the same price type: %s %v", rows[0].Action, rows[0].Problems)
	}
	if p := rows[1].Problems; len(p) != 1 || p[0].Column != "price_type" || !strings.Contains(p[0].Reason, "sell to free") {
		t.Errorf("another price type: %v", p)
	}
	if p := rows[2].Problems; len(p) != 1 || p[0].Column != "id" || !strings.Contains(p[0].Reason, "no listing 99999 in this account") {
		t.Errorf("no such listing: %v", p)
	}
	if ep.Reads != 2 {
		t.Errorf("%d reads, want a GET per listing (two rows name one)", ep.Reads)
	}
}

// A row without a category asks the suggestion with --suggest, and the plan says what
// it chose.
func TestSuggestedCategory(t *testing.T) {
	s := newShop(t)
	dir := t.TempDir()
	r := goodRow(1)
	r["category"] = ""
	delete(r, "photos")
	r["title"] = "Смартфон Apple iPhone 13 128 ГБ"
	tab := &sheet.Table{Columns: sheetColumns, Rows: []sheet.Row{{Line: 2, Cells: r}}}
	for _, suggest := range []bool{false, true} {
		p, err := catalog.Check(context.Background(), s.client, tab, catalog.Options{Lang: "uk", Dir: dir, Suggest: suggest,
			Sheet: "s", BaseURL: s.client.BaseURL(), Now: s.clk.Now})
		if err != nil {
			t.Fatal(err)
		}
		row := p.Header.Rows[0]
		switch {
		case !suggest && (row.Action != catalog.Refused || row.Problems[0].Column != "category" || !strings.Contains(row.Problems[0].Reason, "--suggest")):
			t.Errorf("without --suggest: %s %v", row.Action, row.Problems)
		case suggest && (row.Action != catalog.Create || row.Create.CategoryID != 30101 || len(row.Notes) == 0):
			t.Errorf("with --suggest: %s %v %v", row.Action, row.Problems, row.Notes)
		}
	}
}

// checkEdits checks a JSON Lines sheet "edit" of the lines given in dir.
func checkEdits(t *testing.T, s *shop, dir, jobs string, lines ...string) *catalog.Plan {
	t.Helper()
	edit := filepath.Join(dir, "edit.jsonl")
	if err := writeFile(edit, strings.Join(lines, "\n")+"\n"); err != nil {
		t.Fatal(err)
	}
	tab, err := sheet.Read(edit, sheet.JSONL)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.Check(context.Background(), s.client, tab, catalog.Options{Lang: "uk", Dir: dir,
		Sheet: "edit", BaseURL: s.client.BaseURL(), JobsDir: jobs, Now: s.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// known is a mirror that knows the listings it was given, at no request.
type known map[int]*api.ListingFull

func (k known) KnownListings(_ context.Context, _ string, ids []int) (map[int]api.Listing, map[int]*api.ListingFull, error) {
	list, details := map[int]api.Listing{}, map[int]*api.ListingFull{}
	for _, id := range ids {
		if l, ok := k[id]; ok {
			list[id] = l.Listing
			if l.Description != "" {
				details[id] = l
			}
		}
	}
	return list, details, nil
}

// Edit rows are compared with a fresh mirror's listings when it knows them, at no
// request; what it does not know is read from the service: the list a hundred a
// request for rows of list cells, one GET for a row of detail cells.
func TestEditRowsReadTheMirrorFirst(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	d, err := s.client.GetListing(context.Background(), 10053, "uk")
	if err != nil {
		t.Fatal(err)
	}
	k := known{10053: &d.Listing}
	rows := []string{`{"id": 10053, "price": 1500, "description": "` + d.Listing.Description + `"}`, `{"id": 10051, "price": 400}`,
		`{"id": 10047, "price": 12000}`, `{"id": 10046, "price": "6000.00"}`, `{"id": 10045, "description": "Нове оголошення, яке нічого не змінює насправді."}`}
	edit := filepath.Join(dir, "edit.jsonl")
	if err := writeFile(edit, strings.Join(rows, "\n")+"\n"); err != nil {
		t.Fatal(err)
	}
	tab, err := sheet.Read(edit, sheet.JSONL)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.Check(context.Background(), s.client, tab, catalog.Options{Lang: "uk", Dir: dir, Sheet: "edit",
		BaseURL: s.client.BaseURL(), JobsDir: jobs, Now: s.clk.Now, Known: k})
	if err != nil {
		t.Fatal(err)
	}
	// 10053 from the mirror; 10051, 10047 and 10046 from one page of the list; 10045
	// by a GET.
	if p.Mirror != 1 || p.Reads != 2 || p.Unchanged != 4 || p.Edits != 1 {
		t.Fatalf("mirror %d, reads %d, unchanged %d, edits %d", p.Mirror, p.Reads, p.Unchanged, p.Edits)
	}
}
