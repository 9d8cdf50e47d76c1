package tui

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/watch"
)

// A pending listing is watched from the list; its decision arrives as a notice with
// the bell and, when blocked, the reason; the list survives a restart.
func TestWatchedListingGetsItsDecision(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	path := filepath.Join(t.TempDir(), "watch.json")
	store, err := watch.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := f.options()
	opts.WatchStore, opts.WatchInterval = store, watch.DefaultInterval
	m := f.model(opts, 100, 30)
	var bell bytes.Buffer
	m.bell.Out = &bell
	m, _ = f.settle(m, m.Init())

	m, _ = f.press(m, "shift+tab", "down") // moderation: the replica sabre, pending
	if !strings.Contains(selectedLine(m), "репліка") || !strings.Contains(selectedLine(m), "◔ pending") {
		t.Fatalf("row %q", selectedLine(m))
	}
	m, _ = f.press(m, "w")
	has(t, m, "Watching listing")
	m, _ = f.press(m, "W")
	has(t, m, "Moderation watch", "репліка", "◔ pending")
	m, _ = f.press(m, "W") // back to the list: the decision comes while elsewhere

	// The sandbox decides 20 s after submission; the watch checks again within its
	// interval, on the root's clock.
	for i := 0; i < 40 && bell.Len() == 0; i++ {
		f.clock.Advance(5 * time.Second)
		m, _ = f.run(m, msgs.Tick{})
	}
	if bell.String() != "\a" {
		t.Fatalf("bell %q", bell.String())
	}
	m, _ = f.press(m, "W")
	has(t, m, "was blocked", "prohibited word", "✖ blocked")
	tuitest.CheckSize(t, m.View(), 100, 30)

	// A restart reads the list back.
	store2, err := watch.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	opts.WatchStore = store2
	m2 := f.model(opts, 100, 30)
	m2, _ = f.press(m2, "W")
	has(t, m2, "репліка", "✖ blocked")
}

// Polling off (interval 0): the list still shows, nothing is polled.
func TestWatchIntervalZero(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	opts := f.options()
	opts.WatchInterval = 0
	m := f.model(opts, 80, 24)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "w", "W")
	has(t, m, "(polling is off)")
	before := g.count("GET /api/v1/my/listings/")
	for range 10 {
		f.clock.Advance(time.Minute)
		m, _ = f.run(m, msgs.Tick{})
	}
	if n := g.count("GET /api/v1/my/listings/"); n != before {
		t.Errorf("%d polls with the watch off", n-before)
	}
}
