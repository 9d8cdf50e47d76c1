package jobs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// detailSvc answers an export's GETs.
type detailSvc struct{ *fakeSvc }

func (d detailSvc) GetListing(ctx context.Context, id int, _ string) (*api.ListingDetail, error) {
	if err := d.answer(ctx, id); err != nil {
		return nil, err
	}
	return &api.ListingDetail{Listing: api.ListingFull{Listing: api.Listing{ID: id, Title: "Listing", Status: api.StatusActive}}}, nil
}

// An export the CLI left interrupted is offered in the app with the other jobs,
// resumed there, and its file written where it was asked to when its details are in;
// one to standard output (which only a terminal writes) is not offered.
func TestInterruptedExportOfferedResumedAndWritten(t *testing.T) {
	// A directory longer than the panel is wide: the file's line breaks, whole.
	dir, out := t.TempDir(), filepath.Join(t.TempDir(), strings.Repeat("exports-of-the-shop-", 4), "shop.csv")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{out, ""} {
		h := export.Header{Info: job.Info{BaseURL: base}, Items: []bulk.Planned{{ID: 1}, {ID: 2}, {ID: 3}},
			Export: export.Options{Format: sheet.CSV, Output: to, Status: "all", Lang: "uk"}}
		j, err := export.CreateJob(dir, now, h)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	f := newFake()
	m := newPanel(detailSvc{f}, dir, true)
	m, _ = runLoop.Drain(m, m.Init())
	if len(m.offers) != 1 || !m.offers[0].filer {
		t.Fatalf("offers: %+v", m.offers)
	}
	tuitest.Contains(t, tuitest.Screen(m), "was interrupted: 3 of 3 left")
	m = resumeRun(m, "r")
	tuitest.Contains(t, tuitest.Screen(m), "export of 3 listings", "3 done", "0 left")
	tuitest.Contains(t, tuitest.Unbroken(tuitest.Screen(m)), "file: "+out)
	tuitest.CheckExactSize(t, m.View(), m.width, m.height)
	b, err := os.ReadFile(out)
	if err != nil || strings.Count(string(b), "\n") != 4 {
		t.Fatalf("the file: %v\n%s", err, b)
	}
}
