package browser

import (
	"context"
	"sync/atomic"
	"testing"

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

// New takes the first frame Prefetch read: it reads nothing of the mirror itself, and
// shows what it would have read.
func TestNewTakesThePrefetchedFirstFrame(t *testing.T) {
	data := gen(300, 300, api.StatusActive)
	db := &countingMirror{Mirror: syncedMirror(t, data)}
	p := Prefetch(db)
	<-p.done
	before := db.reads.Load()
	m := New(&fakeLister{data: data}, "uk", WithMirror(db), WithPrefetched(p))
	m.SetSize(100, 20)
	if n := db.reads.Load() - before; n != 0 {
		t.Errorf("New read the mirror %d times besides the prefetch", n)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300", "active 300", "from the mirror, synced")

	// A prefetch of another mirror is not taken.
	other := &countingMirror{Mirror: syncedMirror(t, data)}
	before = other.reads.Load()
	m = New(&fakeLister{data: data}, "uk", WithMirror(other), WithPrefetched(Prefetch(db)))
	if other.reads.Load() == before {
		t.Error("New took the first frame of another mirror")
	}
	tuitest.Contains(t, tuitest.Screen(m), "Listing 00300")
}
