package browser

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// countingMirror counts the mirror's row and count reads.
type countingMirror struct {
	Mirror
	reads atomic.Int32
}

func (c *countingMirror) Each(ctx context.Context, q mirror.Query, fn func(mirror.Row) error) error {
	c.reads.Add(1)
	return c.Mirror.Each(ctx, q, fn)
}

func (c *countingMirror) Counts(ctx context.Context) (map[api.Status]int, error) {
	c.reads.Add(1)
	return c.Mirror.Counts(ctx)
}

// gatedMirror holds every read until open is closed.
type gatedMirror struct {
	*countingMirror
	open chan struct{}
}

func (g *gatedMirror) Each(ctx context.Context, q mirror.Query, fn func(mirror.Row) error) error {
	<-g.open
	return g.countingMirror.Each(ctx, q, fn)
}

func (g *gatedMirror) Counts(ctx context.Context) (map[api.Status]int, error) {
	<-g.open
	return g.countingMirror.Counts(ctx)
}

// New does not wait for the first frame Prefetch reads: it comes as a message from
// Init, and what comes before it (the service's first page, a key typed ahead) is
// handled after it, in order, as if New had read the mirror itself.
func TestThePrefetchedFirstFrameComesAsAMessage(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := &gatedMirror{countingMirror: &countingMirror{Mirror: syncedMirror(t, data)}, open: make(chan struct{})}
	fresh := gen(300, 300, api.StatusActive)
	fresh[0].Title = "Fresh from the service"
	p := Prefetch(db)
	built := make(chan Model, 1)
	go func() { built <- New(&fakeLister{data: fresh}, "uk", WithMirror(db), WithPrefetched(p)) }()
	var m Model
	select {
	case m = <-built:
	case <-time.After(10 * time.Second):
		close(db.open)
		t.Fatal("New waited for the mirror's first frame")
	}
	m.SetSize(100, 20)
	tuitest.Lacks(t, tuitest.Screen(m), "Listing 00299")
	close(db.open)
	<-p.done
	before := db.reads.Load()

	var frame, others []tea.Msg
	for _, msg := range tuitest.Collect(m.Init(), tuitest.Is[spinner.TickMsg]) {
		if _, ok := msg.(firstFrameMsg); ok {
			frame = append(frame, msg)
		} else if _, ok := msg.(pageMsg); ok {
			others = append(others, msg)
		}
	}
	if len(frame) != 1 || len(others) != 1 {
		t.Fatalf("Init gave %d first frames and %d pages, want 1 and 1", len(frame), len(others))
	}
	m, _ = m.Update(others[0]) // the service answers first
	m, _ = m.Update(tuitest.Key("down"))
	tuitest.Lacks(t, tuitest.Screen(m), "Listing 00299")
	m, _ = m.Update(frame[0])
	screen := tuitest.Screen(m)
	tuitest.Contains(t, screen, "Fresh from the service", "Listing 00299", "active 300")
	if l, _ := m.Selected(); l.ID != 299 {
		t.Errorf("the key typed ahead selected %d, want 299 (the second row)", l.ID)
	}
	if n := db.reads.Load() - before; n != 0 {
		t.Errorf("the browser read the mirror %d times besides the prefetch", n)
	}
	// Held messages are handled once.
	m, _ = m.Update(frame[0])
	if l, _ := m.Selected(); l.ID != 299 {
		t.Errorf("a second first frame moved the cursor to %d", l.ID)
	}
}

// A prefetch of another mirror is not taken: New reads its own.
func TestAPrefetchOfAnotherMirrorIsNotTaken(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := &countingMirror{Mirror: syncedMirror(t, data)}
	other := &countingMirror{Mirror: syncedMirror(t, data)}
	before := other.reads.Load()
	m := New(&fakeLister{data: data}, "uk", WithMirror(other), WithPrefetched(Prefetch(db)))
	if other.reads.Load() == before {
		t.Error("New took the first frame of another mirror")
	}
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300")
}
