package mirror

import (
	"context"
	"errors"
	"testing"
)

// --details opens every listing without a detail, once: their descriptions can then
// be searched; an interruption keeps what was fetched.
func TestFillDetailsMakesDescriptionsSearchable(t *testing.T) {
	ctx := context.Background()
	c, requests := sandboxClient(t, 250)
	db := openTemp(t)
	if _, err := db.Sync(ctx, c, SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	if ids, _ := db.SearchIDs(ctx, Query{Text: "доставка"}); len(ids) != 0 {
		t.Fatalf("a description word found before any detail: %v", ids)
	}
	requests.Store(0)
	res, err := db.FillDetails(ctx, c, DetailsOptions{Lang: "uk", Max: 40})
	if err != nil || res.Fetched != 40 || res.Left != 210 || requests.Load() != 40 {
		t.Fatalf("%+v %v, %d requests", res, err, requests.Load())
	}
	cctx, cancel := context.WithCancel(ctx)
	res, err = db.FillDetails(cctx, c, DetailsOptions{Lang: "uk", Progress: func(done, _ int) {
		if done == 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || res.Fetched != 10 || res.Left != 200 {
		t.Fatalf("cancelled: %+v %v", res, err)
	}
	requests.Store(0)
	res, err = db.FillDetails(ctx, c, DetailsOptions{Lang: "uk"})
	if err != nil || res.Fetched != 200 || res.Left != 0 || requests.Load() != 200 {
		t.Fatalf("the rest: %+v %v, %d requests", res, err, requests.Load())
	}
	if ids, _ := db.SearchIDs(ctx, Query{Text: "ДОСТАВКА"}); len(ids) == 0 {
		t.Error("no description found after the details")
	}
	requests.Store(0)
	if res, _ := db.FillDetails(ctx, c, DetailsOptions{}); res.Fetched != 0 || requests.Load() != 0 {
		t.Errorf("again: %+v, %d requests", res, requests.Load())
	}
	if n, _ := db.WithoutDetail(ctx); n != 0 {
		t.Errorf("%d without detail", n)
	}
}
