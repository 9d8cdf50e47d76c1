package browser

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The first frame reads only the tab's first page and the counts by status; the
// other rows come after it, from Init, and fill the tabs still showing the mirror.
func TestFirstFrameReadsOnePageAndTheCounts(t *testing.T) {
	data := append(gen(250, 400, api.StatusActive), gen(40, 150, api.StatusSold)...)
	db := syncedMirror(t, data)
	f := &fakeLister{data: data, err: &api.UnreachableError{}}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(120, 20)
	if n := m.srcs[0].rows.len(); n != pageLimit {
		t.Errorf("the first frame read %d rows of the active tab, want %d", n, pageLimit)
	}
	if n := m.srcs[4].rows.len(); n != 0 {
		t.Errorf("the first frame read %d rows of the all tab", n)
	}
	tuitest.Contains(t, tuitest.Screen(m), "[active 250]", "sold 40", "all 290", "Listing 00400")
	m, _ = mirrorLoop.Drain(m, m.Init())
	if a, all := m.srcs[0].rows.len(), m.srcs[4].rows.len(); a != 250 || all != 290 {
		t.Errorf("after the frame: %d active, %d in all", a, all)
	}
	tuitest.Contains(t, tuitest.Screen(m), "[active 250 ", "sold 40", "all 290", "offline: the mirror of")
}

// A search adds the mirror's matches the service did not page, for the time of the
// filter: the tab's count stays what the service paged, and clearing the filter
// leaves the paged rows only. (With a complete mirror the tab holds every listing:
// there is nothing to add.)
func TestSearchMatchesLeaveTheTabWithTheFilter(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	f := &fakeLister{data: data}
	m := New(f, "uk", WithMirror(stoppedMirror(t, data, 2)))
	m.SetSize(100, 20)
	m, _ = mirrorLoop.Drain(m, m.Init())
	tuitest.Contains(t, tuitest.Screen(m), "[active 100+]")
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "listing 0015")
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "Listing 00150", "Listing 00159", "1/10", "[active 100+]")
	m, _ = mirrorLoop.Press(m, "esc")
	v = tuitest.Screen(m)
	tuitest.Contains(t, v, "[active 100+]", "Listing 00300")
	if n := m.srcs[0].rows.len(); n != 100 {
		t.Errorf("%d rows after the filter, want the 100 paged", n)
	}
	if slices.Contains(visibleIDs(m), 150) {
		t.Error("a row of the search stayed after it")
	}
	// Backspacing the filter away clears it too; the rows the service pages next
	// still come in, the mirror's one among them as a paged row.
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "00150")
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00150")
	for range 5 {
		m, _ = mirrorLoop.Press(m, "backspace")
	}
	if n := m.srcs[0].rows.len(); n != 100 {
		t.Errorf("%d rows after backspacing the filter away", n)
	}
	if f.nCalls() != 1 {
		t.Errorf("%d requests", f.nCalls())
	}
}

// The mirror's rows are in the language of its last sync: in another language the
// first frame does not show them, and neither does a search after L.
func TestMirrorRowsOnlyInTheirLanguage(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db, err := mirror.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Sync(context.Background(), &fakeLister{data: data}, mirror.SyncOptions{Lang: "uk"}); err != nil {
		t.Fatal(err)
	}

	ru := New(&fakeLister{data: data}, "ru", WithMirror(db))
	ru.SetSize(100, 20)
	tuitest.Lacks(t, tuitest.Screen(ru), "from the mirror", "Listing 00300")

	f := &fakeLister{data: data}
	m := New(f, "uk", WithMirror(db))
	m.SetSize(100, 20)
	tuitest.Contains(t, tuitest.Screen(m), "from the mirror", "Listing 00300")
	m, _ = mirrorLoop.Drain(m, m.Init())
	m, _ = mirrorLoop.Step(m, msgs.LangChanged{Lang: "ru"})
	tuitest.Contains(t, tuitest.Screen(m), "[ru] Listing 00300")
	tuitest.Lacks(t, tuitest.Screen(m), "from the mirror")
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "00150")
	v := tuitest.Screen(m)
	tuitest.Lacks(t, v, "Listing 00150")
	// A sync in the new language makes the mirror's rows usable again.
	if _, err := db.Sync(context.Background(), &fakeLister{data: data}, mirror.SyncOptions{Lang: "ru"}); err != nil {
		t.Fatal(err)
	}
	m, _ = mirrorLoop.Step(m, MirrorSynced{})
	m, _ = mirrorLoop.Press(m, "esc")
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "00150")
	tuitest.Contains(t, tuitest.Screen(m), "[ru] Listing 00150")
}

// A search typed before the rows after the first frame came: its matches the tab
// lacks join it when the rows come.
func TestSearchBeforeTheRestOfTheRows(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	m := New(&fakeLister{data: data}, "uk", WithMirror(stoppedMirror(t, data, 2)))
	m.SetSize(100, 20)
	var rest tea.Msg
	pending := mirrorLoop.Collect(m.Init())
	for len(pending) > 0 {
		msg := pending[0]
		pending = pending[1:]
		if _, ok := msg.(mirrorRowsMsg); ok {
			rest = msg // held back
			continue
		}
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		pending = append(pending, mirrorLoop.Collect(cmd)...)
	}
	if rest == nil {
		t.Fatal("Init read no rows after the first frame")
	}
	m, _ = mirrorLoop.Press(m, "/")
	m, _ = mirrorLoop.Type(m, "00150")
	tuitest.Lacks(t, tuitest.Screen(m), "Listing 00150")
	m, _ = mirrorLoop.Step(m, rest)
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00150", "1/1", "[active 100+]")
}

// TestBackgroundReadsWaitForTheFirstFrame: Init reads nothing more of the mirror than
// the first frame (New read it): every row, the attributes and the views' counts are
// read once the first frame is out (startedMsg), not beside it, where they took the
// cores from the renderer (docs/performance.md, "Start").
func TestBackgroundReadsWaitForTheFirstFrame(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	m := New(&fakeLister{data: data}, "uk", WithMirror(stoppedMirror(t, data, 2)))
	m.SetSize(100, 20)
	started := false
	for _, msg := range mirrorLoop.Collect(m.Init()) {
		switch msg.(type) {
		case mirrorRowsMsg, attrsMsg, viewSetsMsg:
			t.Fatalf("Init read %T beside the first frame", msg)
		case startedMsg:
			started = true
		}
	}
	if !started {
		t.Fatal("Init never starts the background reads")
	}
	var rest bool
	_, cmd := m.Update(startedMsg{})
	for _, msg := range mirrorLoop.Collect(cmd) {
		_, ok := msg.(mirrorRowsMsg)
		rest = rest || ok
	}
	if !rest {
		t.Fatal("the rows after the first frame are never read")
	}
}
