package mirror

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/listings-tui/listings/api"
)

// holdMaking makes OpenFast's making of a new file wait for release; held is closed
// once the making has begun.
func holdMaking(t *testing.T, fail error) (held, release chan struct{}) {
	t.Helper()
	held, release = make(chan struct{}), make(chan struct{})
	real := makeFile
	makeFile = func(ctx context.Context, path string) (*DB, error) {
		close(held)
		<-release
		if fail != nil {
			return nil, fail
		}
		return real(ctx, path)
	}
	t.Cleanup(func() { makeFile = real })
	return held, release
}

// The first start on a profile finds no mirror: OpenFast returns before its file is
// made (a few writes and flushes to the disk, 15–100 ms, that the first frame waited
// for), and the first frame's question, whether it was ever synced, is answered while
// the making is held back. Every other use waits for the file.
func TestOpenFastDoesNotWaitForANewFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "mirror", "m.db")
	held, release := holdMaking(t, nil)
	db, err := OpenFast(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, ok, err := db.LastSync(ctx); ok || err != nil {
		t.Fatalf("a mirror being made says it was synced: %v %v", ok, err)
	}
	if _, ok, err := db.LastComplete(ctx); ok || err != nil {
		t.Fatalf("a mirror being made says it was synced: %v %v", ok, err)
	}
	if db.Rebuilt() != "" {
		t.Fatalf("rebuilt %q", db.Rebuilt())
	}
	close(release)
	if _, err := db.Sync(ctx, newFake(3), SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-held:
	default:
		t.Fatal("the file was made before OpenFast returned: the first frame waited for it")
	}
	if n, err := db.Count(ctx); n != 3 || err != nil {
		t.Fatalf("%d listings after the sync (%v)", n, err)
	}
	if last, ok, err := db.LastSync(ctx); !ok || err != nil || last.Listings != 3 {
		t.Fatalf("last sync %+v %v %v", last, ok, err)
	}
	if msg, err := db.Verify(ctx); msg != "" || err != nil {
		t.Fatalf("verify: %q %v", msg, err)
	}
	db.Close()
	again, err := OpenFast(ctx, path) // the file is there now: opened before returning
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if n, err := again.Count(ctx); n != 3 || err != nil {
		t.Fatalf("%d listings reopened (%v)", n, err)
	}
}

// A new file that cannot be made: the first frame still comes (never synced), and
// every other use, the sync and the check after the first frame, says why.
func TestAFileThatCannotBeMadeSaysWhy(t *testing.T) {
	ctx := context.Background()
	why := errors.New("open mirror: the disk is full")
	_, release := holdMaking(t, why)
	db, err := OpenFast(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.LastSync(ctx); ok || err != nil {
		t.Fatalf("%v %v", ok, err)
	}
	close(release)
	if _, err := db.Sync(ctx, newFake(3), SyncOptions{}); err == nil || !strings.Contains(err.Error(), "disk is full") {
		t.Errorf("sync: %v", err)
	}
	if _, err := db.Verify(ctx); !errors.Is(err, why) {
		t.Errorf("verify: %v", err)
	}
	if _, _, err := db.LastSync(ctx); err == nil || !strings.Contains(err.Error(), "disk is full") {
		t.Errorf("last sync once made: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Error(err)
	}
}

// The first frame reads the tab counts and the first page of the tab on screen: both
// through the index of the listed listings by status, not a scan of every row with its
// photos and detail (20–130 ms at 10 000 listings, cold).
func TestTheFirstFrameReadsAnIndex(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, err := db.Sync(ctx, newFake(300), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	page := Query{Status: api.StatusActive, Sort: SortID, Limit: 100}
	where, args := page.where()
	for name, q := range map[string]string{
		"counts":     countsSQL,
		"first page": "SELECT " + rowColumns + " FROM listings" + where + page.orderBy(),
		"every row":  "SELECT count(*) FROM listings WHERE gone_at IS NULL",
	} {
		a := args
		if name != "first page" {
			a = nil
		}
		if plan := queryPlan(t, db, q, a...); !strings.Contains(plan, "INDEX listings_listed") {
			t.Errorf("%s: %s", name, plan)
		}
	}
	if c, err := db.Counts(ctx); err != nil || c[api.StatusActive] != 300 {
		t.Errorf("counts %v %v", c, err)
	}
}

func queryPlan(t *testing.T, db *DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.conn().Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	return strings.Join(plan, "; ")
}

// SQLite's page cache is bounded per connection (with its default of 2 000 KiB the C
// allocator held 6.6 MB during a sync of 10 000 listings), and the file is not mapped.
func TestTheCacheIsBounded(t *testing.T) {
	db := openTemp(t)
	var cache, mmap int
	if err := db.conn().QueryRow("PRAGMA cache_size").Scan(&cache); err != nil || cache != cacheSize {
		t.Errorf("cache_size %d (%v), want %d", cache, err, cacheSize)
	}
	if err := db.conn().QueryRow("PRAGMA mmap_size").Scan(&mmap); err != nil || mmap != 0 {
		t.Errorf("mmap_size %d (%v)", mmap, err)
	}
}

// Every row read at once (what the app reads after a sync) is held in one array of
// its size, and the strings rows share are held once.
func TestSearchHoldsEveryRowOnce(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, err := db.Sync(ctx, newFake(130), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []Query{{}, {Full: true}, {Status: api.StatusActive, Limit: 5000}} {
		rows, err := db.Search(ctx, q)
		if err != nil || len(rows) != 130 {
			t.Fatalf("%+v: %d rows, %v", q, len(rows), err)
		}
		if cap(rows) != len(rows) {
			t.Errorf("%+v: %d rows in an array of %d", q, len(rows), cap(rows))
		}
		a, b := rows[0], rows[len(rows)-1]
		if *a.City != *b.City || unsafe.StringData(*a.City) != unsafe.StringData(*b.City) ||
			unsafe.StringData(a.Currency) != unsafe.StringData(b.Currency) ||
			unsafe.StringData(string(a.Status)) != unsafe.StringData(string(b.Status)) {
			t.Errorf("%+v: the city, currency and status of each row are held apart", q)
		}
	}
	if rows, err := db.Search(ctx, Query{Limit: 7}); err != nil || len(rows) != 7 {
		t.Errorf("limit 7: %d %v", len(rows), err)
	}
}

// Each hands every match over in Search's order, and stops at fn's error.
func TestEachReadsRowsOneAtATime(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, err := db.Sync(ctx, newFake(20), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	q := Query{Sort: SortViews}
	all, err := db.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	stop := errors.New("enough")
	err = db.Each(ctx, q, func(r Row) error {
		ids = append(ids, r.ID)
		if len(ids) == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || len(ids) != 5 {
		t.Fatalf("%v %v", ids, err)
	}
	for i, id := range ids {
		if all[i].ID != id {
			t.Errorf("row %d: %d, Search has %d", i, id, all[i].ID)
		}
	}
}
