package tui

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
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
// tells the browser; it is not repeated within syncEvery.
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
	f.clock.Advance(syncAfter)
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
		t.Errorf("synced again within %v", syncEvery)
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
