package export_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// getterFunc is a bulk.Getter.
type getterFunc func(ctx context.Context, id int, lang string) (*api.ListingDetail, error)

func (f getterFunc) GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
	return f(ctx, id, lang)
}

// The export's fetch is background work: it leaves the reserve of the key's budget
// to the person and yields to the requests the person waits for (api.Background).
func TestFetchIsBackgroundWork(t *testing.T) {
	s := newShop(t, "business", 30, 1<<30)
	items := s.all(t)
	j, err := export.Create(filepath.Join(t.TempDir(), "x.jsonl"), export.Header{Info: job.Info{Job: "x"}, Items: items,
		Export: export.Options{Format: sheet.CSV, Lang: "uk"}})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var fg, all atomic.Int64
	g := getterFunc(func(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
		all.Add(1)
		if !api.IsBackground(ctx) {
			fg.Add(1)
		}
		return s.client.GetListing(ctx, id, lang)
	})
	if err := export.Fetch(context.Background(), g, j, nil); err != nil {
		t.Fatal(err)
	}
	if fg.Load() != 0 || all.Load() != int64(len(items)) {
		t.Fatalf("%d of %d details asked for in the foreground", fg.Load(), all.Load())
	}
}
