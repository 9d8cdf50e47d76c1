package mirror

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// An import reads what a fresh mirror knows (the list and the details kept), and
// nothing from a stale one.
func TestKnownListings(t *testing.T) {
	ctx := context.Background()
	c, _ := sandboxClient(t, 10)
	db, err := Open(ctx, filepath.Join(t.TempDir(), "m.db"))
	must(t, err)
	defer db.Close()
	_, err = db.Sync(ctx, c, SyncOptions{Lang: "uk"})
	must(t, err)
	rows, err := db.Search(ctx, Query{Limit: 2, Full: true})
	must(t, err)
	d, err := c.GetListing(ctx, rows[0].ID, "uk")
	must(t, err)
	must(t, db.PutDetail(ctx, &d.Listing, "uk"))
	ids := []int{rows[0].ID, rows[1].ID, 999999}
	list, details, err := db.KnownListings(ctx, "uk", ids)
	must(t, err)
	if len(list) != 2 || len(details) != 1 || details[rows[0].ID] == nil || list[rows[1].ID].Title != rows[1].Title {
		t.Fatalf("fresh: %d listed, %d details", len(list), len(details))
	}
	if list, _, _ := db.KnownListings(ctx, "en", ids); len(list) != 0 {
		t.Error("a mirror synced in uk answers in en")
	}
	db.now = func() time.Time { return time.Now().Add(FreshFor + time.Minute) }
	if list, details, _ := db.KnownListings(ctx, "uk", ids); len(list)+len(details) != 0 {
		t.Error("a stale mirror answers")
	}
}
