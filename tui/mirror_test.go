package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/mirrorsync"
	"github.com/listings-tui/listings/tui/msgs"
)

func openMirror(t *testing.T) *mirror.DB {
	t.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// The app's first frame comes from the mirror: no request is made before it, not
// even the ping; the first page then refreshes the list.
func TestFirstFrameFromTheMirrorWithNoRequest(t *testing.T) {
	g := &gate{}
	f := newFixture(t, sandbox.KeyPersonal, g.wrap)
	db := openMirror(t)
	if _, err := db.Sync(context.Background(), f.client, mirror.SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	g.log = nil
	g.mu.Unlock()

	opts := f.options()
	opts.Mirror = db
	m := f.model(opts, 100, 24)
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "from the mirror, synced", "+7d")
	g.mu.Lock()
	sent := len(g.log)
	g.mu.Unlock()
	if sent != 0 {
		t.Fatalf("%d requests before the first frame", sent)
	}
	if n, _ := db.Count(context.Background()); n == 0 {
		t.Fatal("the mirror is empty")
	}
	m, _ = f.settle(m, m.Init())
	tuitest.Lacks(t, tuitest.Screen(m), "from the mirror")
}

// The background sync waits for the start's own requests, then fills the mirror and
// tells the browser; it is not repeated within mirrorsync.Every.
func TestBackgroundSyncFillsTheMirror(t *testing.T) {
	g := &gate{}
	f := newFixture(t, sandbox.KeyPersonal, g.wrap)
	db := openMirror(t)
	opts := f.options()
	opts.Mirror = db
	m := f.model(opts, 100, 24)
	m, _ = f.settle(m, m.Init())
	m, _ = f.run(m, msgs.Tick{})
	if _, ok, _ := db.LastSync(context.Background()); ok {
		t.Fatal("synced in the first seconds")
	}
	f.clock.Advance(mirrorsync.After)
	m, _ = f.run(m, msgs.Tick{})
	last, ok, _ := db.LastSync(context.Background())
	if !ok || !last.Complete {
		t.Fatalf("no sync: %+v", last)
	}
	g.mu.Lock()
	before := len(g.log)
	g.mu.Unlock()
	f.clock.Advance(time.Minute)
	m, _ = f.run(m, msgs.Tick{})
	g.mu.Lock()
	after := len(g.log)
	g.mu.Unlock()
	if after != before {
		t.Errorf("synced again within %v", mirrorsync.Every)
	}
	_ = m
}

func TestARebuiltMirrorIsSaid(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.Mirror, opts.MirrorNotice = openMirror(t), "the local mirror was unreadable (not an SQLite database); it was moved to x.db.broken-1 and a new one is built on the next sync"
	m := f.model(opts, 100, 24)
	tuitest.Contains(t, flat(m), "the local mirror was unreadable")
}

// manyListings pages n listings, as a service would, for a mirror big enough that a
// few overwritten pages leave its schema readable.
type manyListings int

func (n manyListings) ListListings(_ context.Context, p api.ListParams) (*api.ListPage, error) {
	var page api.ListPage
	for id := int(n) - p.Cursor; id > 0 && len(page.Listings) < p.Limit; id-- {
		city := "Київ"
		page.Listings = append(page.Listings, api.Listing{ID: id, Title: fmt.Sprintf("Listing %05d", id),
			Status: api.StatusActive, City: &city, Currency: "UAH", Views: id})
	}
	if next := p.Cursor + len(page.Listings); next < int(n) {
		page.NextCursor = &next
	}
	return &page, nil
}

// The app opens the mirror without its integrity check (OpenFast) and runs it on the
// first tick, after the first frame: a damaged file is then set aside, said, and a
// sync made due.
func TestADamagedMirrorIsFoundAfterTheFirstFrame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	db, err := mirror.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Sync(ctx, manyListings(3000), mirror.SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	fh, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.WriteAt([]byte(strings.Repeat("\xde\xad\xbe\xef", 4096)), 4096*3); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	if db, err = mirror.OpenFast(ctx, path); err != nil || db.Rebuilt() != "" {
		t.Fatalf("open: %v %q", err, db.Rebuilt())
	}
	t.Cleanup(func() { db.Close() })

	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.Mirror = db
	m := f.model(opts, 100, 24)
	_ = m.View()
	m, _ = f.settle(m, m.Init())
	m, _ = f.run(m, msgs.Tick{})
	tuitest.Contains(t, flat(m), "the local mirror was unreadable")
	if n, err := db.Count(ctx); n != 0 || err != nil {
		t.Errorf("the new mirror holds %d listings (%v)", n, err)
	}
	f.clock.Advance(mirrorsync.After)
	m, _ = f.run(m, msgs.Tick{})
	if last, ok, _ := db.LastSync(ctx); !ok || !last.Complete {
		t.Errorf("no sync into the new file: %+v", last)
	}
	_ = m
}

// After L the mirror's rows are in the other language: a sync in the new one is due
// within mirrorsync.LangGap, not mirrorsync.Every.
func TestALanguageChangeMakesASyncDue(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	db := openMirror(t)
	if _, err := db.Sync(context.Background(), f.client, mirror.SyncOptions{Lang: "uk", Now: f.clock.Now}); err != nil {
		t.Fatal(err)
	}
	opts := f.options()
	opts.Mirror = db
	m := f.model(opts, 100, 24)
	m, _ = f.settle(m, m.Init())
	f.clock.Advance(mirrorsync.After)
	m, _ = f.run(m, msgs.Tick{})
	if last, _, _ := db.LastSync(context.Background()); last.Lang != "uk" {
		t.Fatalf("synced again in %q", last.Lang)
	}
	m, _ = f.press(m, "L")
	m, _ = f.run(m, msgs.Tick{})
	if last, _, _ := db.LastSync(context.Background()); last.Lang != "uk" {
		t.Fatalf("synced again at once in %q", last.Lang)
	}
	f.clock.Advance(mirrorsync.LangGap)
	m, _ = f.run(m, msgs.Tick{})
	if last, _, _ := db.LastSync(context.Background()); last.Lang != "ru" || !last.Complete {
		t.Errorf("the sync after L: %+v", last)
	}
	_ = m
}

// The editor's category tree goes through the mirror's cache of the day: a second
// app the same day (a new model over the same mirror) asks for none.
func TestTheTaxonomyIsAskedOnceADay(t *testing.T) {
	g := &gate{}
	f := newFixture(t, sandbox.KeyPersonal, g.wrap)
	db := openMirror(t)
	asked := func() int {
		g.mu.Lock()
		defer g.mu.Unlock()
		n := 0
		for _, r := range g.log {
			if strings.Contains(r, "/categories") {
				n++
			}
		}
		return n
	}
	for run, want := range []int{1, 1} {
		opts := f.options()
		opts.Mirror = db
		m := f.model(opts, 100, 24)
		m, _ = f.settle(m, m.Init())
		m, _ = f.press(m, "n")
		tuitest.Contains(t, flat(m), "Category")
		if n := asked(); n != want {
			t.Errorf("run %d: %d requests for the category tree in all, want %d", run+1, n, want)
		}
	}
}
