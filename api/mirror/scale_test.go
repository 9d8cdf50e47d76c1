package mirror

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// sandboxClient serves a sandbox whose business account holds n listings and returns
// a client that has learned the key's limits, and the requests the sandbox answered.
func sandboxClient(t testing.TB, n int) (*api.Client, *atomic.Int64) {
	t.Helper()
	// A clock that stands still: no pending listing is decided between two syncs.
	at := time.Now()
	srv, err := sandbox.New(sandbox.Options{Now: func() time.Time { return at },
		Grow: []sandbox.Grow{{Key: "business", Listings: n}}})
	if err != nil {
		t.Fatal(err)
	}
	var requests atomic.Int64
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := api.New(hs.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.LearnLimits(context.Background(), time.Minute); err != nil {
		t.Fatal(err)
	}
	requests.Store(0)
	return c, &requests
}

// A sync of 10 000 listings spends the minimum: one request per 100 listings of the
// one status asked (all), and the empty page that a full last page leads to. The
// figures of docs/performance.md ("Mirror") are its log.
func TestSyncTenThousandFromTheSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("10 000 listings")
	}
	n := 10_000
	if testrace.Enabled { // SQLite (C compiled to Go) runs 10–20 times slower: a fifth of the listings
		n = 2_000
	}
	c, requests := sandboxClient(t, n)
	path := filepath.Join(t.TempDir(), "m.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	res, err := db.Sync(context.Background(), c, SyncOptions{Lang: "uk"})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if res.Listings < n || !res.Complete {
		t.Fatalf("%+v", res)
	}
	min := (res.Listings + api.MaxListLimit - 1) / api.MaxListLimit
	if res.Listings%api.MaxListLimit == 0 {
		min++ // the empty page that says a full last page was the last
	}
	if int(requests.Load()) != min || res.Requests != min {
		t.Errorf("%d requests (%d counted), the minimum is %d", requests.Load(), res.Requests, min)
	}
	again := time.Now()
	res2, err := db.Sync(context.Background(), c, SyncOptions{Lang: "uk"})
	if err != nil || res2.Changed != 0 || res2.Added != 0 {
		t.Fatalf("a second sync of nothing new: %+v %v", res2, err)
	}
	took2 := time.Since(again)
	_, _ = db.conn().Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	fi, _ := os.Stat(path)
	t.Logf("sync of %d listings: %d requests (minimum %d), %v; again with nothing changed: %v; database %.1f MB",
		res.Listings, res.Requests, min, took.Round(time.Millisecond), took2.Round(time.Millisecond),
		float64(fi.Size())/(1<<20))
}

// descriptions stand in for the details of 10 000 opened listings.
var descriptions = []string{
	"Новий ноутбук з екраном 15,6\" IPS, AMD Ryzen 5. Рахунок для юросіб, ПДВ.",
	"Лазерна навігація, вологе прибирання, керування з додатка. Гарантія 12 місяців.",
	"Оригінал, захист IP67, до 12 годин роботи. Відправка в день замовлення.",
	"Велосипед гірський, рама алюмінієва, дискові гальма. Самовивіз з Києва.",
	"Genuine, IP67 rated, up to 12 hours of play. Ships the day you order.",
}

func benchMirror(b testing.TB) *DB {
	b.Helper()
	c, _ := sandboxClient(b, 10_000)
	db, err := Open(context.Background(), filepath.Join(b.TempDir(), "m.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Sync(context.Background(), c, SyncOptions{Lang: "uk"}); err != nil {
		b.Fatal(err)
	}
	for i, d := range descriptions {
		if _, err := db.conn().Exec("UPDATE listings SET description = ? WHERE id % 5 = ?", d, i); err != nil {
			b.Fatal(err)
		}
	}
	return db
}

// typed are the searches typed key by key: each prefix is one key's search.
var typed = []string{"велосипед гірський", "samsung galaxy", "гарантія 12", "ноут"}

// BenchmarkSearchTyped is one key of a search over 10 000 listings: the ids of every
// match, sorted by views (what the app's list needs, holding the rows already).
func BenchmarkSearchTyped(b *testing.B) {
	benchTyped(b, func(db *DB, q Query) error { _, err := db.SearchIDs(context.Background(), q); return err })
}

// BenchmarkSearchTypedRows is the same with the first 100 rows read whole (what
// `ls --search` needs).
func BenchmarkSearchTypedRows(b *testing.B) {
	benchTyped(b, func(db *DB, q Query) error {
		q.Limit = 100
		_, err := db.Search(context.Background(), q)
		return err
	})
}

func benchTyped(b *testing.B, search func(*DB, Query) error) {
	db := benchMirror(b)
	keys := 0
	b.ResetTimer()
	for b.Loop() {
		for _, word := range typed {
			r := []rune(word)
			for i := 1; i <= len(r); i++ {
				if err := search(db, Query{Text: string(r[:i]), Sort: SortViews}); err != nil {
					b.Fatal(err)
				}
				keys++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(keys)/1e6, "ms/key")
}

// BenchmarkOpen is opening a mirror of 10 000 listings: the header, the quick
// integrity check, the schema's version and tables (what a command does).
func BenchmarkOpen(b *testing.B) { benchOpen(b, Open) }

// BenchmarkOpenFast is the same without the integrity check: what the app does before
// its first frame (BenchmarkVerify after it).
func BenchmarkOpenFast(b *testing.B) { benchOpen(b, OpenFast) }

// BenchmarkVerify is the integrity check the app runs after its first frame.
func BenchmarkVerify(b *testing.B) {
	db := benchMirror(b)
	for b.Loop() {
		if msg, err := db.Verify(context.Background()); msg != "" || err != nil {
			b.Fatal(msg, err)
		}
	}
}

func benchOpen(b *testing.B, open func(context.Context, string) (*DB, error)) {
	db := benchMirror(b)
	path := db.Path()
	db.Close()
	for b.Loop() {
		d, err := open(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}

// BenchmarkSearchEveryRow reads every row of 10 000 listings at once, as the app does
// after a sync; BenchmarkEachEveryRow hands them over one at a time instead.
func BenchmarkSearchEveryRow(b *testing.B) {
	db := benchMirror(b)
	b.ReportAllocs()
	for b.Loop() {
		if rows, err := db.Search(context.Background(), Query{Sort: SortID}); err != nil || len(rows) < 10_000 {
			b.Fatal(len(rows), err)
		}
	}
}

func BenchmarkEachEveryRow(b *testing.B) {
	db := benchMirror(b)
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := db.Each(context.Background(), Query{Sort: SortID}, func(Row) error { n++; return nil }); err != nil || n < 10_000 {
			b.Fatal(n, err)
		}
	}
}

// BenchmarkFirstFrameReads is what a first frame reads of a mirror of 10 000 listings
// just opened (a cold page cache): the last sync, the first page of the active tab and
// the tab counts.
func BenchmarkFirstFrameReads(b *testing.B) {
	db := benchMirror(b)
	path := db.Path()
	db.Close()
	ctx := context.Background()
	for b.Loop() {
		d, err := OpenFast(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok, err := d.LastSync(ctx); !ok || err != nil {
			b.Fatal(ok, err)
		}
		if rows, err := d.Search(ctx, Query{Status: api.StatusActive, Sort: SortID, Limit: 100}); len(rows) != 100 || err != nil {
			b.Fatal(len(rows), err)
		}
		if _, err := d.Counts(ctx); err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
}

// BenchmarkOpenFastNew is OpenFast where there is no file yet (the first start on a
// profile): it returns before the file is made; BenchmarkOpenNew makes it first.
func BenchmarkOpenFastNew(b *testing.B) {
	dir := b.TempDir()
	i := 0
	for b.Loop() {
		i++
		d, err := OpenFast(context.Background(), filepath.Join(dir, fmt.Sprint(i), "m.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		d.Close() // waits for the file
		b.StartTimer()
	}
}

func BenchmarkOpenNew(b *testing.B) {
	dir := b.TempDir()
	i := 0
	for b.Loop() {
		i++
		d, err := Open(context.Background(), filepath.Join(dir, fmt.Sprint(i), "m.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		d.Close()
		b.StartTimer()
	}
}
