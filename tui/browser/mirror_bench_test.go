package browser

import (
	"context"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/memwatch"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// BenchmarkFirstFrameFromMirror is the browser's first frame over a mirror of 10 000
// listings: the counts by status and the first page of the tab on screen, and View.
func BenchmarkFirstFrameFromMirror(b *testing.B) {
	db := benchMirror(b)
	for b.Loop() {
		m := New(&fakeLister{}, "uk", WithMirror(db))
		m.SetSize(120, 40)
		_ = m.View()
	}
}

// BenchmarkMirrorRest is what follows the first frame: every row of that mirror read
// (Init's command) and given to every tab.
func BenchmarkMirrorRest(b *testing.B) {
	db := benchMirror(b)
	for b.Loop() {
		m := New(&fakeLister{}, "uk", WithMirror(db))
		m.SetSize(120, 40)
		msg := m.readRest()()
		m, _ = m.Update(msg)
		_ = m.View()
	}
}

func benchMirror(b *testing.B) *mirror.DB {
	b.Helper()
	db, err := mirror.Open(context.Background(), filepath.Join(b.TempDir(), "m.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Sync(context.Background(), &fakeLister{data: gen(10_000, 10_000, api.StatusActive)}, mirror.SyncOptions{}); err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkMirrorSearchTyped is one key of / over a mirror of 10 000 listings, from
// the key to its frame: the key's Update, the mirror's search (the command), the
// answer's Update and View; the word is typed, then taken back key by key. docs/performance.md ("Mirror") records it.
func BenchmarkMirrorSearchTyped(b *testing.B) {
	m := New(&fakeLister{}, "uk", WithMirror(benchMirror(b)))
	m.SetSize(120, 40)
	m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/'}})
	word := []rune("listing 0999 sofa")
	keys := 0
	b.ResetTimer()
	for b.Loop() {
		for _, r := range word {
			var cmd tea.Cmd
			m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			m = runHits(m, cmd)
			_ = m.View()
			keys++
		}
		for range word {
			var cmd tea.Cmd
			m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyBackspace})
			m = runHits(m, cmd)
			_ = m.View()
			keys++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(keys)/1e6, "ms/key")
}

// runHits runs the commands of a key and gives the mirror's answer back.
func runHits(m Model, cmd tea.Cmd) Model {
	if cmd == nil {
		return m
	}
	switch msg := cmd().(type) {
	case hitsMsg:
		m, _ = m.Update(msg)
	case tea.BatchMsg:
		for _, c := range msg {
			m = runHits(m, c)
		}
	}
	return m
}

// BenchmarkMirrorSort10k is a sort over every listing of a complete mirror of 10 000
// (the tabs hold all of them: mirrorfill.go): S pressed over the rows sorted by
// views, each press a full sort of the tab, and its frame. No request is made.
func BenchmarkMirrorSort10k(b *testing.B) {
	m := New(&fakeLister{}, "uk", WithMirror(benchMirror(b)))
	m.SetSize(120, 40)
	m, _ = m.Update(m.readRest()())
	for m.order.col != sortViews {
		m, _ = m.Update(tuitest.Key("s"))
	}
	if n := len(m.tabs[0].vis); n != 10_000 {
		b.Fatalf("%d rows", n)
	}
	rev := tuitest.Key("S")
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(rev)
		_ = m.View()
	}
}

// BenchmarkScrolledThenSynced is the fresh case of docs/perf/scroll.sh without a
// terminal: a browser scrolled to the end of 10 000 listings from the service (pages
// through JSON), then its background sync of the same shop, then the read of every
// row that follows (the MirrorSynced message, its command, the answer). It reports
// the heap the browser keeps after the read (heap-MB, after a GC), the most the
// read held at once (peak-live-MB: the live heap sampled at every collection while
// the GC runs at GOGC=5) and what the read allocated (read-MB).
func BenchmarkScrolledThenSynced(b *testing.B) {
	var heapMB, peakMB, readMB float64
	for b.Loop() {
		b.StopTimer()
		db, err := mirror.Open(context.Background(), filepath.Join(b.TempDir(), "m.db"))
		if err != nil {
			b.Fatal(err)
		}
		f := newShop(10000)
		base := liveHeap()
		m := scrollToEndWith(b, f, WithMirror(db))
		if _, err := db.Sync(context.Background(), f, mirror.SyncOptions{Lang: "uk"}); err != nil {
			b.Fatal(err)
		}
		liveHeap()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		peak := watchLive()
		b.StartTimer()
		m, cmd := m.Update(MirrorSynced{})
		m, _ = m.Update(cmd())
		b.StopTimer()
		peakMB = float64(peak()-base) / (1 << 20)
		runtime.ReadMemStats(&after)
		readMB = float64(after.TotalAlloc-before.TotalAlloc) / (1 << 20)
		heapMB = float64(liveHeap()-base) / (1 << 20)
		runtime.KeepAlive(m)
		db.Close()
		b.StartTimer()
	}
	b.ReportMetric(heapMB, "heap-MB")
	b.ReportMetric(peakMB, "peak-live-MB")
	b.ReportMetric(readMB, "read-MB")
}

// watchLive runs the GC at GOGC=5 and samples the live heap after each collection
// until the returned func is called, which gives the highest and puts GOGC back.
func watchLive() func() int64 {
	old := debug.SetGCPercent(5)
	stop := memwatch.Peak("/gc/heap/live:bytes", 100*time.Microsecond)
	return func() int64 {
		peak := stop()
		debug.SetGCPercent(old)
		return int64(peak)
	}
}
