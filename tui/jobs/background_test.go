package jobs

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
)

// foregroundSvc counts the creates and uploads made outside background work.
type foregroundSvc struct {
	*fakeSvc
	fg, all atomic.Int64
}

func (f *foregroundSvc) see(ctx context.Context) {
	f.all.Add(1)
	if !api.IsBackground(ctx) {
		f.fg.Add(1)
	}
}

func (f *foregroundSvc) CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error) {
	f.see(ctx)
	return f.fakeSvc.CreateListing(ctx, l)
}

func (f *foregroundSvc) UploadPhoto(ctx context.Context, path string, p api.Progress) (*api.PhotoResult, error) {
	f.see(ctx)
	return f.fakeSvc.UploadPhoto(ctx, path, p)
}

// A job the panel runs is background work (api.Background), an import too, whose
// requests the panel makes under the run's own context: they leave the reserve of
// the key's budget to the views the person uses meanwhile.
func TestPanelJobsAreBackgroundWork(t *testing.T) {
	f := &foregroundSvc{fakeSvc: newFake()}
	m := New(f, Config{Dir: t.TempDir, BaseURL: base, Now: func() time.Time { return now }})
	m.SetSize(100, 30)
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m, r := startJob(t, m, importPlan(t, 3, 0))
	drain(m, r)
	if f.fg.Load() != 0 || f.all.Load() != 6 {
		t.Fatalf("%d of %d requests of the import made in the foreground", f.fg.Load(), f.all.Load())
	}
}
