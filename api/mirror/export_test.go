package mirror

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// Fresh holds for a complete sync within the age, in the language, of the fields
// asked; UnchangedDetails gives the details kept of the listings whose list fields did
// not change since, with the sync's views.
func TestFreshAndUnchangedDetails(t *testing.T) {
	ctx := context.Background()
	c, _ := sandboxClient(t, 30)
	db, err := Open(ctx, filepath.Join(t.TempDir(), "m.db"))
	must(t, err)
	defer db.Close()
	if _, ok, err := db.Fresh(ctx, time.Hour, "uk", SyncFields); ok || err != nil {
		t.Fatalf("fresh before any sync: %v", err)
	}
	_, err = db.Sync(ctx, c, SyncOptions{Lang: "uk"})
	must(t, err)
	rows, err := db.Search(ctx, Query{Limit: 3, Full: true})
	must(t, err)
	ids := []int{rows[0].ID, rows[1].ID, rows[2].ID}
	for i, id := range ids {
		d, err := c.GetListing(ctx, id, "uk")
		must(t, err)
		lang := "uk"
		if i == 2 {
			lang = "" // a detail of an unknown language is never taken
		}
		must(t, db.PutDetail(ctx, &d.Listing, lang))
	}
	if _, ok, _ := db.Fresh(ctx, time.Hour, "uk", SyncFields); !ok {
		t.Error("not fresh after a sync")
	}
	if _, ok, _ := db.Fresh(ctx, time.Hour, "en", SyncFields); ok {
		t.Error("fresh in another language")
	}
	if _, ok, _ := db.Fresh(ctx, time.Hour, "uk", []string{"slug"}); ok {
		t.Error("fresh for a field the sync did not ask")
	}
	db.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if _, ok, _ := db.Fresh(ctx, time.Hour, "uk", SyncFields); ok {
		t.Error("fresh two hours later")
	}
	db.now = time.Now

	got, err := db.UnchangedDetails(ctx, "uk", ids)
	must(t, err)
	if len(got) != 2 || got[ids[0]] == nil || got[ids[1]] == nil {
		t.Fatalf("unchanged: %v", got)
	}
	// The price of one changes, the views of the other: the first is no longer taken,
	// the second is, with the views of the latest sync.
	_, err = c.EditListing(ctx, ids[0], &api.ListingEdit{Price: api.Set(api.PriceInt(999))})
	must(t, err)
	_, err = db.conn().Exec("UPDATE listings SET views = views + 5 WHERE id = ?", ids[1])
	must(t, err)
	_, err = db.Sync(ctx, c, SyncOptions{Lang: "uk"})
	must(t, err)
	_, err = db.conn().Exec("UPDATE listings SET views = 4242 WHERE id = ?", ids[1])
	must(t, err)
	got, err = db.UnchangedDetails(ctx, "uk", ids)
	must(t, err)
	if got[ids[0]] != nil || got[ids[1]] == nil || got[ids[1]].Views != 4242 {
		t.Errorf("after the edit: %v", got)
	}
	// The condition and photos of the list are kept for the export.
	full, err := db.Search(ctx, Query{Full: true})
	must(t, err)
	photos := 0
	for _, r := range full {
		photos += len(r.Photos)
	}
	if photos == 0 {
		t.Error("no photos kept")
	}
}
