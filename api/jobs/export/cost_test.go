package export_test

import (
	"context"
	"path/filepath"
	"testing"
	"testing/synctest"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
)

// TestHundredListingExportCost exports an account of exactly 100 listings with
// --detail, as the command does (the list, then a GET each, three at a time), on a
// fake clock shared with the sandbox: the requests, the 429s (none) and the time the
// key's limits impose, against the least they allow (docs/performance.md, "Export").
// In a synctest bubble, as bulk's and the import's cost tests: the time is fake and
// moves only when every goroutine waits, so the three workers' budget waits overlap
// as they would in real time (a shared fake clock that each wait moves counted two
// concurrent waits twice, and the test failed now and then).
func TestHundredListingExportCost(t *testing.T) {
	for _, c := range []struct {
		account string
		maxWait time.Duration
	}{{"personal", 121 * time.Second}, {"business", 0}} { // a job's 48 a minute on the personal key
		t.Run(c.account, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { exportCost(t, c.account, c.maxWait) })
		})
	}
}

func exportCost(t *testing.T, account string, maxWait time.Duration) {
	s := openShop(t, nil, account, 100, 1<<30)
	cl, clk := s.client, s.clk
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
	j, err := export.Create(filepath.Join(t.TempDir(), "j.jsonl"), export.Header{Info: job.Info{Job: "j"}, Items: items})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := export.Fetch(context.Background(), cl, j, nil); err != nil {
		t.Fatal(err)
	}
	took := clk.Now().Sub(start)
	t.Logf("%s key: 100 listings, %d list pages + %d GETs, %d answered 429, %v under the limits (planned %v for the GETs)",
		account, s.pages.Load(), s.gets.Load(), s.refused.Load(), took, p.Duration)
	if s.gets.Load() != 100 || s.refused.Load() != 0 || took > maxWait {
		t.Fatalf("%d GETs, %d refused, %v", s.gets.Load(), s.refused.Load(), took)
	}
}
