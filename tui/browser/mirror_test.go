package browser

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// mirrorLoop also takes the mirror's answers back to the model.
var mirrorLoop = tuitest.Loop[Model]{Own: func(msg tea.Msg) bool {
	switch msg.(type) {
	case pageMsg, hitsMsg, mirrorRowsMsg, attrsMsg, startedMsg:
		return true
	}
	return false
}, Skip: tuitest.Is[spinner.TickMsg]}

// syncedMirror is a mirror of data synced twice, a day apart, with listing 200
// gaining 40 views in between, and the detail of listing 150 opened (its
// description holds "карбонова").
func syncedMirror(t *testing.T, data []api.Listing) *mirror.DB {
	t.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	src := &fakeLister{data: slices.Clone(data)}
	now := time.Now().Add(-24 * time.Hour)
	o := mirror.SyncOptions{Now: func() time.Time { return now }}
	if _, err := db.Sync(context.Background(), src, o); err != nil {
		t.Fatal(err)
	}
	for i := range src.data {
		if src.data[i].ID == 200 {
			src.data[i].Views += 40
		}
	}
	now = now.Add(24 * time.Hour)
	if _, err := db.Sync(context.Background(), src, o); err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(data, func(l api.Listing) bool { return l.ID == 150 }); i >= 0 {
		full := api.ListingFull{Listing: data[i], Description: "Рама карбонова, вага 9 кг"}
		if err := db.PutDetail(context.Background(), &full, "uk"); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// startedOnMirror is a browser over a mirror of data (syncedMirror) whose service
// holds data too, its first page loaded.
func startedOnMirror(t *testing.T, data []api.Listing) (Model, *fakeLister) {
	t.Helper()
	db := syncedMirror(t, data)
	f := &fakeLister{data: data}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(100, 20)
	m, _ = mirrorLoop.Drain(m, m.Init())
	return m, f
}

// stoppedMirror is a mirror of data whose only sync stopped after its first pages
// pages (a kill, the network): it holds their listings, and not the others.
func stoppedMirror(t *testing.T, data []api.Listing, pages int) *mirror.DB {
	t.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	src := &stopAfter{fakeLister: &fakeLister{data: slices.Clone(data)}, pages: pages}
	if _, err := db.Sync(context.Background(), src, mirror.SyncOptions{}); err == nil {
		t.Fatal("the sync did not stop")
	}
	return db
}

// stopAfter answers its first pages pages, then fails.
type stopAfter struct {
	*fakeLister
	pages, n int
}

func (s *stopAfter) ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error) {
	if s.n++; s.n > s.pages {
		return nil, errors.New("connection reset")
	}
	return s.fakeLister.ListListings(ctx, p)
}

// The first frame comes from the mirror with no request; the service's first page
// then refreshes the tab: its first page, the rest from the mirror (complete), which
// the footer says.
func TestFirstFrameFromTheMirrorWithoutARequest(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := syncedMirror(t, data)
	f := &fakeLister{data: data}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(100, 20)
	v := tuitest.Screen(m)
	tuitest.CheckExactSize(t, m.View(), 100, 20)
	tuitest.Contains(t, v, "Listing 00300", "active 300", "from the mirror, synced", "+7d")
	if f.nCalls() != 0 {
		t.Fatalf("%d requests before the first frame", f.nCalls())
	}
	m, _ = mirrorLoop.Drain(m, m.Init())
	if f.nCalls() != 1 {
		t.Fatalf("%d requests for the refresh", f.nCalls())
	}
	tuitest.Lacks(t, tuitest.Screen(m), "from the mirror, synced")
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300", "[active 300]", "the rest: mirror of")

	// A mirror whose sync stopped holds only part: the service's first page replaces
	// its rows, and the count says more may come.
	f = &fakeLister{data: data}
	m = New(f, "uk", WithMirror(stoppedMirror(t, data, 2)))
	m.SetSize(100, 20)
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300", "active 200+", "from the mirror, synced")
	m, _ = mirrorLoop.Drain(m, m.Init())
	tuitest.Lacks(t, tuitest.Screen(m), "from the mirror")
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300", "[active 100+]")
}

// / finds a listing by a word of its description, which was never loaded in the
// tab: the service's page holds the newest 100 only.
func TestFilterSearchesTheMirror(t *testing.T) {
	m, f := startedOnMirror(t, gen(300, 300, api.StatusActive))
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "КАРБОН")
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "Listing 00150", "1/1",
		// One detail of 300 is in the mirror: the footer says what a word of a
		// description can find, and how to find more.
		"1/300 descriptions · listings sync --details")
	if f.nCalls() != 1 {
		t.Errorf("%d requests: the search must cost none", f.nCalls())
	}
	// A word of a title, prefix and case folded, across every row of the mirror.
	m, _ = mirrorLoop.Press(m, "esc")
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "listing 0001")
	tuitest.Contains(t, tuitest.Screen(m), "/10") // 00010 … 00019
}

func TestGainColumnSortsAcrossRows(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := syncedMirror(t, data)
	m := New(&fakeLister{data: data, err: &api.UnreachableError{}}, "uk", WithMirror(db))
	m.SetSize(120, 20)
	m, _ = mirrorLoop.Drain(m, m.Init()) // the rows after the first frame's page
	for m.order.col != sortViews7d {
		m, _ = mirrorLoop.Press(m, "s")
	}
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "+7d ↓", "+40")
	if ids := visibleIDs(m); ids[0] != 200 {
		t.Errorf("first row %d", ids[0])
	}
	// Narrow: the +7d column goes first, the table still fits.
	m.SetSize(50, 10)
	tuitest.CheckExactSize(t, m.View(), 50, 10)
}

// With the service unreachable the tabs keep the mirror's rows, read-only, and say so.
func TestUnreachableServiceKeepsTheMirrorReadOnly(t *testing.T) {
	data := gen(30, 30, api.StatusInactive)
	db := syncedMirror(t, data)
	f := &fakeLister{data: data, err: &api.UnreachableError{}}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(100, 20)
	m, _ = mirrorLoop.Drain(m, m.Init())
	m, _ = mirrorLoop.Press(m, "tab")
	m, _ = mirrorLoop.Drain(m, nil)
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "Listing 00030", "offline: the mirror of", "read-only")
	if offered(m, "browser.activate") {
		t.Error("activate offered while offline")
	}
	if !strings.Contains(v, "inactive 30") {
		t.Errorf("tab count:\n%s", v)
	}
}

// A change the app made outlives the mirror's rows read again from a sync begun
// before it (the rows are older), and goes with a sync begun after it.
func TestChangesOutliveAnOlderMirror(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := syncedMirror(t, data)
	m := New(&fakeLister{data: data}, "uk", WithMirror(db))
	m.SetSize(100, 20)
	m, _ = mirrorLoop.Drain(m, m.Init())
	m, _ = mirrorLoop.Step(m, msgs.ListingChanged{ID: 150, Status: api.StatusInactive})
	tuitest.Contains(t, tuitest.Screen(m), "[active 299]", "inactive 1")
	m, _ = mirrorLoop.Step(m, MirrorSynced{}) // the same sync's rows, read again
	tuitest.Contains(t, tuitest.Screen(m), "[active 299]", "inactive 1")
	// A sync begun after it (a sync keeps its start in seconds: a change in the same
	// second is taken as newer, so the sync here begins two seconds on).
	later := func() time.Time { return time.Now().Add(2 * time.Second) }
	if _, err := db.Sync(context.Background(), &fakeLister{data: data}, mirror.SyncOptions{Now: later}); err != nil {
		t.Fatal(err)
	}
	m, _ = mirrorLoop.Step(m, MirrorSynced{}) // the service's word: it never heard of the change
	tuitest.Contains(t, tuitest.Screen(m), "[active 300]")
	tuitest.Lacks(t, tuitest.Screen(m), "inactive 1")
}
