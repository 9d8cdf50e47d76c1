package browser

import (
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// big is a browser at 120×40 holding 10 000 loaded rows of the active tab.
func big(b *testing.B) Model {
	b.Helper()
	m := New(&fakeLister{}, "uk")
	m.SetSize(120, 40)
	rows := gen(10000, 50000, api.StatusActive)
	for i := 0; i < len(rows); i += pageLimit {
		m.srcs[0].loading, m.srcs[0].seq = true, i+1
		next := rows[i+pageLimit-1].ID
		page := &api.ListPage{Listings: rows[i : i+pageLimit], NextCursor: &next}
		m, _ = m.Update(pageMsg{src: 0, seq: i + 1, reset: i == 0, page: page})
	}
	if len(m.tabs[0].vis) != 10000 {
		b.Fatalf("%d rows", len(m.tabs[0].vis))
	}
	m.tabs[0].cursor = 5000
	m.scroll()
	return m
}

func BenchmarkView10k(b *testing.B) {
	m := big(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

func BenchmarkKeyDown10k(b *testing.B) { benchUpDown(b, big(b)) }

// benchUpDown is ↓ and ↑ in turn, each with the table's frame.
func benchUpDown(b *testing.B, m Model) {
	down, up := tuitest.Key("down"), tuitest.Key("up")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := down
		if i%2 == 1 {
			k = up
		}
		i++
		m, _ = m.Update(k)
		_ = m.View()
	}
}

// BenchmarkFilter10k types one character into an empty filter over 10 000 rows and
// deletes it again, so every iteration filters all rows once and restores them once.
func BenchmarkFilter10k(b *testing.B) {
	m := big(b)
	m, _ = m.Update(tuitest.Key("/"))
	typ := tuitest.Key("b")
	del := tuitest.Key("backspace")
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(typ)
		m, _ = m.Update(del)
	}
}

// BenchmarkSortTitle10k is one press of s (a full sort) over 10 000 rows.
func BenchmarkSortTitle10k(b *testing.B) {
	m := big(b)
	s := tuitest.Key("S")
	m, _ = m.Update(tuitest.Key("s"))
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(s)
	}
}

// BenchmarkMarkAll10k is * over 10 000 rows (every one marked), its footer count,
// and * again (every one unmarked).
func BenchmarkMarkAll10k(b *testing.B) {
	m := big(b)
	star := tuitest.Key("*")
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(star)
		m, _ = m.Update(star)
	}
}

// BenchmarkKeyDownMarked10k is ↓ and the frame with all 10 000 rows marked: the
// footer's count is not made again for a move.
func BenchmarkKeyDownMarked10k(b *testing.B) {
	m, _ := big(b).Update(tuitest.Key("*"))
	benchUpDown(b, m)
}
