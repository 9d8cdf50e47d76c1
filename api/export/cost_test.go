package export_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/export"
	"github.com/listings-tui/listings/api/sandbox"
)

// TestHundredListingExportCost exports an account of exactly 100 listings with
// --detail, as the command does (the list, then a GET each, three at a time), on a
// fake clock shared with the sandbox: the requests, the 429s (none) and the time the
// key's limits impose, against the least they allow (docs/performance.md, "Export").
func TestHundredListingExportCost(t *testing.T) {
	for _, c := range []struct {
		key, account string
		maxWait      time.Duration
	}{{sandbox.KeyPersonal, "personal", 61 * time.Second}, {sandbox.KeyBusiness, "business", 0}} {
		t.Run(c.account, func(t *testing.T) {
			clk := &clock{t: time.Date(2026, 11, 24, 10, 0, 0, 0, api.Kyiv)}
			srv, err := sandbox.New(sandbox.Options{Now: clk.Now, Grow: []sandbox.Grow{{Key: c.account, Listings: 100}}})
			if err != nil {
				t.Fatal(err)
			}
			var pages, gets, refused atomic.Int64
			hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/api/v1/my/listings":
					pages.Add(1)
				case strings.HasPrefix(r.URL.Path, "/api/v1/my/listings/"):
					gets.Add(1)
				}
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, r)
				if rec.Code == http.StatusTooManyRequests {
					refused.Add(1)
				}
				for k, v := range rec.Header() {
					w.Header()[k] = v
				}
				w.WriteHeader(rec.Code)
				_, _ = w.Write(rec.Body.Bytes())
			}))
			defer hs.Close()
			defer srv.Close()
			cl, err := api.New(hs.URL, api.StaticKey(c.key), api.WithClock(clk.Now), api.WithSleep(clk.Sleep))
			if err != nil {
				t.Fatal(err)
			}
			if err := cl.LearnLimits(context.Background(), time.Hour); err != nil {
				t.Fatal(err)
			}
			start := clk.Now()
			var items []bulk.Planned
			for page, err := range cl.AllListings(context.Background(), api.ListParams{Status: api.StatusAll, Limit: 100, Fields: []string{"id", "title", "status"}}) {
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range page.Listings {
					items = append(items, bulk.Planned{ID: l.ID, Title: l.Title})
				}
			}
			if len(items) != 100 {
				t.Fatalf("%d listings, want 100", len(items))
			}
			p := export.MakePlan(len(items), 0, cl.Budget(), clk.Now())
			j, err := export.Create(filepath.Join(t.TempDir(), "j.jsonl"), export.Header{Job: "j", Items: items})
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			if err := export.Fetch(context.Background(), cl, j, nil); err != nil {
				t.Fatal(err)
			}
			took := clk.Now().Sub(start)
			t.Logf("%s key: 100 listings, %d list pages + %d GETs, %d answered 429, %v under the limits (planned %v for the GETs)",
				c.account, pages.Load(), gets.Load(), refused.Load(), took, p.Duration)
			if gets.Load() != 100 || refused.Load() != 0 || took > c.maxWait {
				t.Fatalf("%d GETs, %d refused, %v", gets.Load(), refused.Load(), took)
			}
		})
	}
}
