package catalog_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// TestHundredRowImportCost imports 100 rows of 3 photos each, in 10 cities, against
// the sandbox on a shared fake clock (budget waits take no real time, and the
// sandbox's limits see them), and compares the requests with the least an import can
// send: one upload per photo, one create per row, the category tree and the
// category's attributes once, one search per distinct city. The figures are in
// docs/performance.md ("Import"): go test -run HundredRowImportCost -v ./api/catalog/
func TestHundredRowImportCost(t *testing.T) {
	if testing.Short() {
		t.Skip("100 rows, 300 photos")
	}
	cities := []string{"Київ", "Львів", "Одеса", "Харків", "Дніпро", "Вінниця", "Полтава", "Черкаси", "Суми", "Луцьк"}
	dir := t.TempDir()
	var rows []map[string]string
	for n := 1; n <= 100; n++ {
		r := goodRow(n)
		r["category"] = phones
		r["city"] = cities[n%len(cities)]
		r["photos"] = fmt.Sprintf("photos/p-%03d-*.jpg", n)
		for k := 1; k <= 3; k++ {
			photo(t, dir, fmt.Sprintf("photos/p-%03d-%d.jpg", n, k), uint8(n+k))
		}
		rows = append(rows, r)
	}
	path := writeCSV(t, dir, "hundred.csv", rows)
	const least = 300 + 100 + 1 + 1 + 10
	for _, c := range []struct {
		account, key string
	}{{"personal", sandbox.KeyPersonal}, {"business", sandbox.KeyBusiness}} {
		t.Run(c.account, func(t *testing.T) {
			// In a synctest bubble the time is fake and moves only when every
			// goroutine waits, as real time would move for them all at once: budget
			// waits cost nothing, and the sandbox's limits see them.
			synctest.Test(t, func(t *testing.T) { importCost(t, c.key, c.account, path, least) })
		})
	}
}

func importCost(t *testing.T, key, account, path string, least int) {
	srv := apitest.Sandbox(t, nil)
	var sent, refused atomic.Int64
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/ping" {
			sent.Add(1)
		}
		if apitest.Relay(w, r, srv) == http.StatusTooManyRequests {
			refused.Add(1)
		}
	})
	const base = apitest.Base
	cl := apitest.Connect(t, h, nil)(key)
	if err := cl.LearnLimits(context.Background(), time.Hour); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Minute) // a fresh minute for the import
	tab, err := sheet.Read(path, sheet.CSV)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p, err := catalog.Check(context.Background(), cl, tab, catalog.Options{Lang: "uk", Dir: filepath.Dir(path),
		Sheet: catalog.SheetID(path), BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	j, err := catalog.NewJob(filepath.Join(t.TempDir(), "jobs"), p.Header, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := catalog.Run(context.Background(), cl, j, nil); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("%s key: %d requests (%d reads by the check, %d planned), the least %d; %d answered 429; %v under the limits (planned %v after the check)",
		account, sent.Load(), p.Reads, p.Requests, least, refused.Load(), took.Round(time.Second), p.Duration)
	if done, _, _ := j.Counts(); done != 100 || sent.Load() != int64(least) || refused.Load() != 0 {
		t.Fatalf("%d done, %d requests (least %d), %d answered 429", done, sent.Load(), least, refused.Load())
	}
}
