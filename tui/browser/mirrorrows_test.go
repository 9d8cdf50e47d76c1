package browser

import (
	"context"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/msgs"
)

// mirrorRow is the mirror's row of listing id; it fails when the mirror lacks it.
func mirrorRow(t *testing.T, m *Model, id int) *row {
	t.Helper()
	j, ok := m.inMirror(id)
	if !ok {
		t.Fatalf("the mirror's rows lack %d", id)
	}
	return m.mir.rows.at(j)
}

// rowOf is source si's row of listing id, or nil.
func rowOf(m *Model, si, id int) *row {
	rs := &m.srcs[si].rows
	if i, ok := rs.find(id); ok {
		return rs.at(i)
	}
	return nil
}

// With a complete mirror every tab shows the mirror's rows themselves: the "all" tab
// and the active tab hold no copy of a listing the mirror has and nothing changed.
func TestTabsShowTheMirrorsRows(t *testing.T) {
	m, _ := startedOnMirror(t, gen(300, 300, api.StatusActive))
	if !m.mirrorMode() || !m.mir.full {
		t.Fatal("not every listing of the mirror is held")
	}
	for _, id := range []int{1, 150, 199} { // past the service's first page (300..201)
		want := mirrorRow(t, &m, id)
		for _, si := range []int{0, 4} {
			if got := rowOf(&m, si, id); got != want {
				t.Errorf("%s: listing %d is a copy of the mirror's row (%p, not %p)", sourceStatus[si], id, got, want)
			}
		}
	}
	if n := m.srcs[0].rows.n; n > 100 {
		t.Errorf("the active tab keeps %d rows of its own, want at most its first page's 100", n)
	}
}

// A change the app makes shows in every tab and leaves the mirror's row as it was:
// the tabs copy the row before changing it.
func TestAChangeCopiesTheMirrorsRow(t *testing.T) {
	m, _ := startedOnMirror(t, gen(300, 300, api.StatusActive))
	before := *mirrorRow(t, &m, 150)
	p := api.PriceInt(4242)
	m, _ = m.Update(msgs.ListingChanged{ID: 150, Price: &p})
	if got := *mirrorRow(t, &m, 150); got != before {
		t.Fatalf("the mirror's row changed: %+v, was %+v", got, before)
	}
	for _, si := range []int{0, 4} {
		r := rowOf(&m, si, 150)
		if r == nil || m.srcs[si].rows.str(r.price) != "4242" {
			t.Errorf("%s: listing 150 does not show the new price", sourceStatus[si])
		}
	}
	if rowOf(&m, 0, 151) != mirrorRow(t, &m, 151) {
		t.Error("a listing the change did not touch was copied")
	}
}

// A read of the mirror after a sync takes the titles and URLs the tabs already hold
// rather than keeping copies of its own.
func TestReadTakesTheTabsStrings(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f := &fakeLister{data: data}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(100, 20)
	m, _ = mirrorLoop.Drain(m, m.Init()) // the first page, from the service: no mirror yet
	held := rowOf(&m, 0, 290)
	if held == nil {
		t.Fatal("listing 290 is not on the first page")
	}
	title, url := held.title, held.url
	if _, err := db.Sync(context.Background(), f, mirror.SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}
	m, cmd := m.Update(MirrorSynced{})
	m, _ = mirrorLoop.Drain(m, cmd)
	r := mirrorRow(t, &m, 290)
	if unsafe.StringData(r.title) != unsafe.StringData(title) || unsafe.StringData(r.url) != unsafe.StringData(url) {
		t.Error("the mirror's row of a listing on screen keeps its own copy of its title or URL")
	}
}

// A row keeps the URL after its last slash and the rest once for all rows; the
// listing it gives back (o, y, a bulk job's item) has the whole URL.
func TestRowGivesItsWholeURL(t *testing.T) {
	m := loaded(t, &fakeLister{data: gen(120, 500, api.StatusActive)}, 100, 20)
	l, ok := m.Selected()
	if !ok || l.URL != "https://example.test/l/500" {
		t.Fatalf("selected %d with URL %q", l.ID, l.URL)
	}
	r := m.selectedRow()
	if r.url != "500" || m.srcs[0].rows.str(r.urlDir) != "https://example.test/l/" {
		t.Errorf("the row keeps %q after %q", r.url, m.srcs[0].rows.str(r.urlDir))
	}
}
