package importcmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An import that creates two listings, then one that edits a price: listings jobs
// undo of the edit sets the price back (to moderation again when active, said in the
// plan); the undo of the create deactivates what it made, or names why not (a
// listing awaiting moderation cannot be deactivated yet).
func TestUndoAnImport(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 2)
	r := c.Run("", "import", semicolonCSV(t, dir, [][]string{row(1), row(2)}), "--json")
	if r.Code != 0 {
		t.Fatalf("import: %d\n%s", r.Code, r.Stderr)
	}
	created := regexp.MustCompile(`job (\S+-import)`).FindStringSubmatch(r.Stderr)[1]
	id := regexp.MustCompile(`"listing_id": ?(\d+)`).FindStringSubmatch(r.Stdout)[1]

	edit := filepath.Join(dir, "edit.csv")
	if err := os.WriteFile(edit, []byte("id,price\n"+id+",4999\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r = c.Run("", "import", edit)
	if r.Code != 0 {
		t.Fatalf("edit import: %d\n%s", r.Code, r.Stderr)
	}
	edited := regexp.MustCompile(`job (\S+-import(-\d+)?)`).FindStringSubmatch(r.Stderr)[1]

	var plan struct {
		Requests int
		Rows     []struct {
			ID           int
			Row          int
			Change, Skip string
		}
	}
	c.OKJSON(&plan, "", "jobs", "undo", edited, "--dry-run", "--json")
	if plan.Requests != 1 || len(plan.Rows) != 1 || plan.Rows[0].Row != 2 || !strings.HasPrefix(plan.Rows[0].Change, "sets back price") {
		t.Fatalf("the edit's undo: %+v", plan)
	}
	c.OK("", "jobs", "undo", edited)
	var shown struct {
		Listing struct{ Price any } `json:"listing"`
	}
	c.OKJSON(&shown, "", "show", id, "--json")
	if fmt.Sprint(shown.Listing.Price) != "4001" {
		t.Errorf("the price after the undo: %v, want 4001 as the first import made it", shown.Listing.Price)
	}

	plan.Rows = nil // a fresh decode: the rows leave out what they lack
	c.OKJSON(&plan, "", "jobs", "undo", created, "--dry-run", "--json")
	if len(plan.Rows) != 2 {
		t.Fatalf("the create's undo: %+v", plan)
	}
	for _, row := range plan.Rows {
		if row.Change != "" && !strings.HasPrefix(row.Change, "active → inactive") ||
			row.Skip != "" && !strings.Contains(row.Skip, "awaiting moderation") {
			t.Errorf("row %d: %+v", row.Row, row)
		}
	}
}
