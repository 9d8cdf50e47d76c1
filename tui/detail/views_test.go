package detail

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// fakeMirror holds the points of listing 10042: views at a sync a day over ten days.
type fakeMirror struct {
	mu   sync.Mutex
	kept []int
}

func (f *fakeMirror) StatsOf(_ context.Context, id int, now time.Time) (mirror.Stats, bool, error) {
	if id != 10042 {
		return mirror.Stats{}, false, nil
	}
	var pts []mirror.Point
	for d := 9; d >= 0; d-- {
		pts = append(pts, mirror.Point{At: now.AddDate(0, 0, -d), Views: 1000 + (9-d)*(9-d)*3, Status: api.StatusActive})
	}
	return mirror.Series(mirror.Row{Listing: api.Listing{ID: id, Views: pts[len(pts)-1].Views}}, pts, now), true, nil
}

func (f *fakeMirror) PutDetail(_ context.Context, l *api.ListingFull, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.kept = append(f.kept, l.ID)
	return nil
}

var mirrorLoop = tuitest.Loop[Model]{Own: func(msg tea.Msg) bool {
	switch msg.(type) {
	case listingMsg, attrsMsg, imageMsg, statsMsg:
		return true
	}
	return false
}}

func TestViewsOverTimeFromTheMirror(t *testing.T) {
	for _, w := range []int{120, 60, 28} {
		m, _, _ := newModel(w, 300)
		fm := &fakeMirror{}
		m.SetMirror(fm)
		m, cmd := m.Open(10042, "x")
		m, _ = mirrorLoop.Drain(m, cmd)
		v := tuitest.Screen(m)
		tuitest.CheckSize(t, m.View(), w, 300)
		tuitest.Contains(t, v, "Views over time", "Last 7 days", "Last 30 days", "counted from this app's", "▁", "█")
		if w >= 60 {
			tuitest.Contains(t, v, "+243") // 1243 - 1000 over the ten days, all within 30
		}
		if len(fm.kept) != 1 || fm.kept[0] != 10042 {
			t.Errorf("detail kept in the mirror: %v", fm.kept)
		}
	}
}

func TestViewsNotCountedYet(t *testing.T) {
	m, _, _ := newModel(80, 200)
	m.SetMirror(&fakeMirror{})
	m, cmd := m.Open(10043, "x")
	m, _ = mirrorLoop.Drain(m, cmd)
	tuitest.Contains(t, tuitest.Screen(m), "Not counted yet")
	m2, _, _ := newModel(80, 200)
	m2, cmd = m2.Open(10042, "x")
	m2, _ = mirrorLoop.Drain(m2, cmd)
	if strings.Contains(tuitest.Screen(m2), "Views over time") {
		t.Error("a chart without a mirror")
	}
}

func TestSpark(t *testing.T) {
	if got := spark([]int{0, 5, 10}, nil); got != "▁▄█" {
		t.Errorf("%q", got)
	}
	if got := spark([]int{3, 3}, []bool{false, true}); got != " ▁" {
		t.Errorf("%q", got)
	}
}
