package mirrorsync

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
)

// fakeClient has no listings and the budget it is given.
type fakeClient struct{ b api.Budget }

func (f fakeClient) ListListings(context.Context, api.ListParams) (*api.ListPage, error) {
	return &api.ListPage{}, nil
}
func (f fakeClient) Budget() api.Budget { return f.b }

func openDB(t *testing.T) *mirror.DB {
	t.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A sync waits for the start's own requests, leaves a half-spent minute to the user,
// runs once at a time and not again within Every.
func TestSyncIsDueOnlyWhenTheUserLosesNothing(t *testing.T) {
	db := openDB(t)
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	s := Start(db, t0)
	roomy, busy := fakeClient{api.Budget{PerMinute: 60, UsedMinute: 10}}, fakeClient{api.Budget{PerMinute: 60, UsedMinute: 31}}
	if s.Sync(db, roomy, t0.Add(After-time.Second), "uk") != nil {
		t.Error("a sync in the first seconds")
	}
	if s.Sync(db, busy, t0.Add(After), "uk") != nil {
		t.Error("a sync while the minute is half spent")
	}
	cmd := s.Sync(db, roomy, t0.Add(After), "uk")
	if cmd == nil {
		t.Fatal("no sync when due")
	}
	if s.Sync(db, roomy, t0.Add(After+time.Second), "uk") != nil {
		t.Error("a second sync while one runs")
	}
	msg, ok := cmd().(Synced)
	if !ok || msg.Err != nil {
		t.Fatalf("the sync ended with %#v", msg)
	}
	if w, _ := s.SyncDone(msg); w != "" {
		t.Errorf("a good sync warns: %q", w)
	}
	if s.Sync(db, roomy, t0.Add(After+Every-time.Second), "uk") != nil {
		t.Error("synced again within Every")
	}
	if s.Sync(db, roomy, t0.Add(After+Every), "uk") == nil {
		t.Error("no sync after Every")
	}
}

// Only a failure the user can act on is said; offline, a rate limit or the day's
// reserve wait quietly for the next turn.
func TestSyncDoneSaysOnlyWhatTheUserCanActOn(t *testing.T) {
	var s Schedule
	if w, _ := s.SyncDone(Synced{Err: &mirror.BudgetShortError{}}); w != "" {
		t.Errorf("the budget's reserve is said: %q", w)
	}
	if w, _ := s.SyncDone(Synced{Err: context.Canceled}); w != "" {
		t.Errorf("a cancel is said: %q", w)
	}
	if w, _ := s.SyncDone(Synced{Err: errors.New("disk full\x1b[2J")}); !strings.Contains(w, "stopped: disk full") || strings.Contains(w, "\x1b") {
		t.Errorf("a failure to act on: %q", w)
	}
	if _, reread := s.SyncDone(Synced{Res: mirror.SyncResult{SyncInfo: mirror.SyncInfo{Requests: 2, Lang: "ru"}}}); !reread || s.lang != "ru" {
		t.Errorf("a sync that fetched: reread %v, lang %q", reread, s.lang)
	}
}

// A file rebuilt by the check makes a sync due at once and the browser read it again.
func TestARebuiltFileMakesASyncDue(t *testing.T) {
	db := openDB(t)
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	s := Schedule{since: t0, last: t0, lang: "uk"}
	if s.Verify(db) == nil || s.Verify(db) != nil {
		t.Fatal("the check runs once")
	}
	w, reread := s.VerifyDone(Verified{Msg: "the local mirror was unreadable"})
	if !reread || !strings.Contains(w, "unreadable") {
		t.Errorf("warning %q, reread %v", w, reread)
	}
	if s.Sync(db, fakeClient{}, t0.Add(After), "uk") == nil {
		t.Error("no sync after the rebuild")
	}
}

// Start reads nothing from the mirror (it runs in the root's New, before the first
// frame, and the read waited for SQLite's open); the last sync is read when a sync is
// first considered, and a mirror synced just before still is not synced again.
func TestStartLeavesTheMirrorForLater(t *testing.T) {
	db := openDB(t)
	if _, err := db.Sync(context.Background(), fakeClient{}, mirror.SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	s := Start(db, t0)
	if s.read || !s.last.IsZero() {
		t.Fatalf("Start read the mirror's last sync: %+v", s)
	}
	if s.Sync(db, fakeClient{api.Budget{PerMinute: 60}}, t0.Add(After), "uk") != nil {
		t.Error("a mirror synced a moment ago is synced again")
	}
	if !s.read || s.last.IsZero() || s.lang != "uk" {
		t.Errorf("the last sync was not read when a sync was considered: %+v", s)
	}
}

// The warnings are in the interface's language (they were English on Ukrainian
// screens).
func TestWarningsSpeakTheLanguage(t *testing.T) {
	i18n.Use(i18n.Ukrainian)
	t.Cleanup(func() { i18n.Use(i18n.English) })
	var s Schedule
	if w, _ := s.SyncDone(Synced{Err: errors.New("disk full")}); !strings.Contains(w, "синхронізацію") || !strings.Contains(w, "disk full") {
		t.Errorf("sync: %q", w)
	}
	if w, _ := s.VerifyDone(Verified{Err: errors.New("disk full")}); !strings.Contains(w, "перевірити") {
		t.Errorf("check: %q", w)
	}
}
