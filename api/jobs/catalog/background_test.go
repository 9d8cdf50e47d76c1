package catalog_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/catalog"
)

// foreground counts the creates and uploads an import asks for outside background
// work.
type foreground struct {
	catalog.Service
	n, all atomic.Int64
}

func (f *foreground) see(ctx context.Context) {
	f.all.Add(1)
	if !api.IsBackground(ctx) {
		f.n.Add(1)
	}
}

func (f *foreground) CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error) {
	f.see(ctx)
	return f.Service.CreateListing(ctx, l)
}

func (f *foreground) UploadPhoto(ctx context.Context, path string, p api.Progress) (*api.PhotoResult, error) {
	f.see(ctx)
	return f.Service.UploadPhoto(ctx, path, p)
}

// An import is background work: it leaves the reserve of the key's budget to the
// person and yields to the requests the person waits for (api.Background).
func TestImportIsBackgroundWork(t *testing.T) {
	s := newShop(t)
	dir, jobs := t.TempDir(), t.TempDir()
	rows, _ := fifty()
	p := plan(t, s, writeCSV(t, dir, "stock.csv", rows[:6]), jobs)
	j, err := catalog.NewJob(jobs, p.Header, s.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	f := &foreground{Service: s.client}
	if err := catalog.Run(context.Background(), f, j, nil); err != nil {
		t.Fatal(err)
	}
	if f.n.Load() != 0 || f.all.Load() != int64(p.Requests) || p.Requests == 0 {
		t.Fatalf("%d of %d requests in the foreground (planned %d)", f.n.Load(), f.all.Load(), p.Requests)
	}
}
