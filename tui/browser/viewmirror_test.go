package browser

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// shopWithPhotos is 300 active listings, every third without a photo, and 30
// blocked ones; listings 250 and 80 are blocked by the second of two syncs a day
// apart (the first 48 hours ago), so that the mirror has seen them change.
func shopWithPhotos(t *testing.T) ([]api.Listing, *mirror.DB) {
	t.Helper()
	data := append(gen(300, 330, api.StatusActive), gen(30, 30, api.StatusBlocked)...)
	for i := range data {
		data[i].Photos = []string{"https://p.test/" + strconv.Itoa(data[i].ID) + ".jpg"}
		if data[i].ID%3 == 0 {
			data[i].Photos = []string{}
		}
	}
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	src := &fakeLister{data: slices.Clone(data)}
	now := time.Now().Add(-48 * time.Hour)
	o := mirror.SyncOptions{Now: func() time.Time { return now }}
	if _, err := db.Sync(context.Background(), src, o); err != nil {
		t.Fatal(err)
	}
	for i := range src.data {
		if id := src.data[i].ID; id == 250 || id == 80 {
			src.data[i].Status = api.StatusBlocked
		}
	}
	now = now.Add(24 * time.Hour)
	if _, err := db.Sync(context.Background(), src, o); err != nil {
		t.Fatal(err)
	}
	return src.data, db
}

// onScreenCount is the count the tab line shows for the tab on screen ("[no photos 120]").
func onScreenCount(t *testing.T, m Model) string {
	t.Helper()
	line := strings.Split(tuitest.Screen(m), "\n")[0]
	i, j := strings.Index(line, "["), strings.Index(line, "]")
	f := strings.Fields(line[i+1 : j])
	return f[len(f)-1]
}

// With a complete mirror a view is the mirror's answer: every listing that passes
// it, not only those paged, counted the same in the tab and the footer; the app's
// own change of a status moves the listing out of the view and the count with it.
func TestAViewFromTheMirror(t *testing.T) {
	data, db := shopWithPhotos(t)
	c := &memConfig{}
	m := New(&fakeLister{data: data}, "uk", WithMirror(db), WithViews(c.config(
		`{"name": "no photos", "status": "active", "photos": "none", "sort": "views"}`,
		`{"name": "blocked lately", "status": "blocked", "changed_since": "36h"}`,
		`{"name": "blocked this week", "status": "blocked", "changed_since": "7d"}`)))
	m.SetSize(120, 20)
	m, _ = viewLoop.Drain(m, m.Init())
	m, _ = viewLoop.Press(m, "v")
	var want []int
	for _, l := range data {
		if l.Status == api.StatusActive && l.ID%3 == 0 {
			want = append(want, l.ID)
		}
	}
	got := visibleIDs(m)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("no photos: %d listings %v, want %d", len(got), got, len(want))
	}
	n := strconv.Itoa(len(want))
	if onScreenCount(t, m) != n || !strings.HasSuffix(m.position(), "/"+n) {
		t.Errorf("the tab says %s, the footer %s; want %s", onScreenCount(t, m), m.position(), n)
	}
	tuitest.Contains(t, tuitest.Screen(m), "sort: views ↓")

	id := visibleIDs(m)[0]
	m, _ = viewLoop.Step(m, msgs.ListingChanged{ID: id, Status: api.StatusInactive})
	if slices.Contains(visibleIDs(m), id) || onScreenCount(t, m) != strconv.Itoa(len(want)-1) {
		t.Errorf("after %d was deactivated: the tab says %s", id, onScreenCount(t, m))
	}

	m, _ = viewLoop.Press(m, "v")
	if got := visibleIDs(m); !slices.Equal(got, []int{250, 80}) || onScreenCount(t, m) != "2" {
		t.Errorf("blocked lately: %v, the tab says %s", got, onScreenCount(t, m))
	}
	m, _ = viewLoop.Press(m, "v")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "changed 7d: the mirror sees changes since", "a shorter changed_since works now")
	if len(visibleIDs(m)) != 0 {
		t.Errorf("a week the mirror has not seen shows %v", visibleIDs(m))
	}
}

// A mirror whose last sync stopped cannot answer for a view of photos: the tab
// says so and offers the sync; a view of the rows' own fields still shows them.
func TestAStoppedMirrorCannotAnswerAView(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	m := New(&fakeLister{data: data}, "uk", WithMirror(stoppedMirror(t, data, 2)), WithViews((&memConfig{}).config(
		`{"name": "no photos", "photos": "none"}`, `{"name": "lamps", "search": "lamp", "status": "active"}`)))
	m.SetSize(100, 20)
	m, _ = viewLoop.Drain(m, m.Init())
	m, _ = viewLoop.Press(m, "v")
	tuitest.Contains(t, tuitest.Screen(m), "the mirror's last sync did not end: run listings sync")
	if len(visibleIDs(m)) != 0 {
		t.Errorf("rows shown: %v", visibleIDs(m))
	}
	m, _ = viewLoop.Press(m, "v")
	ids := visibleIDs(m)
	if len(ids) != 25 || onScreenCount(t, m) != "25+" { // of the first page's 100, every fourth is a lamp
		t.Errorf("lamps: %d rows, the tab says %s", len(ids), onScreenCount(t, m))
	}
}

// BenchmarkViewTabs10k is the views over a complete mirror of 10 000 listings on the
// loop: the mirror's answer for three views taken (what follows each sync: every
// view's count made again) and one view's tab shown (its rows ordered) and drawn.
func BenchmarkViewTabs10k(b *testing.B) {
	db := benchMirror(b)
	c := &memConfig{}
	m := New(&fakeLister{}, "uk", WithMirror(db), WithViews(c.config(`{"name": "cheap", "price_max": 3000, "sort": "price"}`,
		`{"name": "promoted", "promoted": true, "sort": "views"}`, `{"name": "kyiv", "city": "київ"}`)))
	m.SetSize(120, 40)
	m, _ = m.Update(m.readRest()())
	answer := m.readViews()() // the queries, off the loop: BenchmarkViewQuery in api/mirror
	b.ResetTimer()
	for b.Loop() {
		m, _ = m.Update(answer)
		m, _ = m.Update(tuitest.Key("v"))
		_ = m.View()
		m, _ = m.Update(tuitest.Key("shift+tab"))
	}
}
