package watch

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
)

// full is a watch holding as much as it may: MaxLines-1 listings on their own and one
// job's group of the rest, every one with a title of a usual length, a third of them
// decided.
func full(tb testing.TB, store *Store, clk *fakeClock) {
	tb.Helper()
	for id := 1; id <= MaxListings; id++ {
		group := ""
		if id >= MaxLines {
			group = "price job 20261127-140501-price"
		}
		e, _, err := store.Add(id, fmt.Sprintf("Toyota Corolla E150 left headlight, original, nr %d", id), group, clk.Now())
		if err != nil {
			tb.Fatal(err)
		}
		e.Status, e.Interval, e.LastChecked, e.NextCheck = api.StatusPending, duration(22500*time.Millisecond), clk.Now(), clk.Now().Add(time.Minute)
		if id%3 == 0 {
			e.Status, e.DecidedAt, e.NextCheck = api.StatusActive, clk.Now(), time.Time{}
		}
	}
}

// BenchmarkTick is the cost of one second of the root's clock with a full list.
func BenchmarkTick(b *testing.B) {
	clk := newClock()
	m := New(newPoller(clk), nil, 0, clk.Now)
	full(b, m.store, clk)
	b.ReportAllocs()
	for b.Loop() {
		clk.Add(time.Second)
		m, _ = m.Update(msgs.Tick{At: clk.Now()})
	}
}

// BenchmarkView is the cost of rendering the panel.
func BenchmarkView(b *testing.B) {
	clk := newClock()
	m := New(newPoller(clk), nil, DefaultInterval, clk.Now)
	full(b, m.store, clk)
	m.SetSize(250, 70)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkSave is the cost of a write of a full list: the snapshot, on the event
// loop (BenchmarkSnapshot), and its encoding, off it; file-B is the file's size.
func BenchmarkSave(b *testing.B) {
	clk := newClock()
	s, err := OpenStore(filepath.Join(b.TempDir(), "watch.json"))
	if err != nil {
		b.Fatal(err)
	}
	full(b, s, clk)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		s.snapshot()
		data, err := marshal(s.baseURL, s.latest)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "file-B")
}

// BenchmarkMemory is what a full list keeps on the heap: B/listing.
func BenchmarkMemory(b *testing.B) {
	clk := newClock()
	var per float64
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m := New(newPoller(clk), nil, DefaultInterval, clk.Now)
		full(b, m.store, clk)
		m, _ = m.Update(msgs.Tick{At: clk.Now()})
		runtime.GC()
		runtime.ReadMemStats(&after)
		per = float64(after.HeapInuse-before.HeapInuse) / MaxListings
		runtime.KeepAlive(m)
	}
	b.ReportMetric(per, "B/listing")
}

// BenchmarkSnapshot is the part of a write of a full list that runs on the event loop.
func BenchmarkSnapshot(b *testing.B) {
	clk := newClock()
	s, err := OpenStore(filepath.Join(b.TempDir(), "watch.json"))
	if err != nil {
		b.Fatal(err)
	}
	full(b, s, clk)
	b.ReportAllocs()
	for b.Loop() {
		s.snapshot()
	}
}

// BenchmarkChanged is what a change of a full list costs the next frame: the panel's
// lines and counts made again (each check's answer moves a schedule, so once a
// check), and the frame.
func BenchmarkChanged(b *testing.B) {
	clk := newClock()
	m := New(newPoller(clk), nil, DefaultInterval, clk.Now)
	full(b, m.store, clk)
	m.SetSize(250, 70)
	b.ReportAllocs()
	for b.Loop() {
		m.store.Touch()
		m.refresh()
		_ = m.View()
	}
}
