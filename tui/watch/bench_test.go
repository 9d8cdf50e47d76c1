package watch

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/tui/msgs"
)

// BenchmarkTick is the cost of one second of the root's clock with a full list.
func BenchmarkTick(b *testing.B) {
	clk := newClock()
	p := newPoller(clk)
	m := New(p, nil, 0, clk.Now)
	for id := 1; id <= MaxEntries; id++ {
		_, _, _ = m.store.Add(id, "A title of a watched listing", clk.Now())
	}
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
	for id := 1; id <= MaxEntries; id++ {
		_, _, _ = m.store.Add(id, "A title of a watched listing", clk.Now())
	}
	m.SetSize(250, 70)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
