package tui

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/setup"
)

// Benchmarks of docs/performance.md, "TUI": the root's View with 10 000 loaded rows,
// a key press to its frame, and start to the first frame.

// manyRows serves n listings from memory, in the pages the browser asks for.
type manyRows struct{ rows []api.Listing }

func newManyRows(n int) *manyRows {
	cities := []string{"Київ", "Львів", "Одеса", "Харків", "Дніпро"}
	day := time.Date(2026, 3, 1, 10, 0, 0, 0, api.Kyiv)
	m := &manyRows{rows: make([]api.Listing, n)}
	for i := range m.rows {
		id := 100000 - i
		city := cities[i%5]
		m.rows[i] = api.Listing{
			ID: id, Title: fmt.Sprintf("Оголошення %05d: велосипед гірський, майже новий", id),
			Price: api.PriceInt(int64(100 + (id*37)%90000)), Currency: "UAH", City: &city,
			Status: api.StatusActive, Views: (id * 13) % 5000, VIP: id%7 == 0, Top: id%5 == 0,
			URL:       fmt.Sprintf("https://example.test/l/%d", id),
			CreatedAt: api.Time{Time: day.Add(-time.Duration(i) * time.Hour)},
		}
	}
	return m
}

func (m *manyRows) ListListings(_ context.Context, p api.ListParams) (*api.ListPage, error) {
	start := 0
	if p.Cursor > 0 {
		start = 100000 - p.Cursor + 1
	}
	end := min(start+p.Limit, len(m.rows))
	page := &api.ListPage{Count: len(m.rows), Listings: m.rows[start:end]}
	if end < len(m.rows) {
		next := m.rows[end-1].ID
		page.NextCursor = &next
	}
	return page, nil
}

// loaded10k is a root at w×h whose browser holds 10 000 loaded rows, the cursor in
// the middle.
func loaded10k(b *testing.B, w, h int) Model {
	b.Helper()
	t := &testing.T{}
	f := &fixture{t: t, clock: apitest.ClockAt(start)}
	// Nothing answers: the rows come from manyRows. Close runs after the handlers
	// are released (cleanups run last first).
	block := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-block }))
	b.Cleanup(ts.Close)
	b.Cleanup(func() { close(block) })
	c, err := api.New(ts.URL, api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		b.Fatal(err)
	}
	f.client, f.ts = c, ts
	m := f.model(f.options(), w, h)
	m.browser = registry.Hold(browser.New(newManyRows(10000), "uk"))
	m.views.Set(viewBrowser, m.browser)
	m.viewHeight = -1
	m.layout()
	m, _ = f.settle(m, m.addr(viewBrowser, m.browser.M.Init()))
	for i := 0; i < 400 && !strings.Contains(tuitest.Screen(m), "10000/10000"); i++ {
		m, _ = f.press(m, "end")
	}
	if !strings.Contains(tuitest.Screen(m), "10000/10000") {
		b.Fatalf("not all rows loaded:\n%s", tuitest.Screen(m))
	}
	for range 5000 / max(h-8, 1) {
		m, _ = m.update(tuitest.Key("pgup"))
	}
	return m
}

func BenchmarkRootView10k(b *testing.B) {
	for _, sz := range [][2]int{{80, 24}, {250, 70}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			m := loaded10k(b, sz[0], sz[1])
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkRootKeyToFrame is a key press through the root (Update, layout, header
// and footer) and the frame it draws, with 10 000 rows loaded.
func BenchmarkRootKeyToFrame(b *testing.B) {
	m := loaded10k(b, 120, 40)
	keys := [2]tea.KeyMsg{tuitest.Key("down"), tuitest.Key("up")} // alternate: the cursor stays put
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.update(keys[i%2])
		_ = m.View()
	}
}

// BenchmarkFirstFrame is New and the first View: what stands between the program's
// start and its first frame (no answer is waited for).
func BenchmarkFirstFrame(b *testing.B) {
	c, err := api.New("http://127.0.0.1:1", api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Settings: setup.Settings{Client: c, Sandbox: true, Lang: "uk", Version: "bench"}, Images: fixedImage}
	b.ReportAllocs()
	for b.Loop() {
		m := New(opts)
		m, _ = m.update(tea.WindowSizeMsg{Width: 120, Height: 40})
		if !strings.Contains(m.View(), "listings") {
			b.Fatal("no frame")
		}
	}
}

// firstWrite signals when the program first writes a frame that has the header.
type firstWrite struct {
	seen chan struct{}
	buf  strings.Builder
	done bool
}

func (w *firstWrite) Write(p []byte) (int, error) {
	if !w.done {
		w.buf.Write(p)
		if strings.Contains(w.buf.String(), "listings") {
			w.done = true
			close(w.seen)
		}
	}
	return len(p), nil
}

// BenchmarkProgramFirstFrame runs a real tea.Program on a fake terminal until its
// first frame is written: New, the program's start-up, Init's commands launched, and
// the renderer's first flush.
func BenchmarkProgramFirstFrame(b *testing.B) {
	block := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-block }))
	defer ts.Close()
	defer close(block) // before Close, which waits for the handlers
	c, err := api.New(ts.URL, api.StaticKey(sandbox.KeyPersonal))
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Settings: setup.Settings{Client: c, Sandbox: true, Lang: "uk", Version: "bench"}, Images: fixedImage}
	in, inW := io.Pipe()
	defer inW.Close()
	for b.Loop() {
		out := &firstWrite{seen: make(chan struct{})}
		p := tea.NewProgram(New(opts), tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen(),
			tea.WithoutSignalHandler())
		done := make(chan struct{})
		go func() { _, _ = p.Run(); close(done) }()
		<-out.seen
		b.StopTimer()
		p.Kill()
		<-done
		b.StartTimer()
	}
}
