package citypick

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

const kyivRef = "8d5a980d-391c-11dd-90d9-001a92567626"

type call struct {
	q, lang string
	limit   int
}

// fakeSearcher counts its calls and answers from a fixed list the way the service
// matches: case and apostrophes ignored, substring of the name. Names in another
// language than uk are marked with the language.
type fakeSearcher struct {
	mu     sync.Mutex
	cities []api.City
	calls  []call
	err    error // answered instead of cities while set
}

func newFake() *fakeSearcher { return &fakeSearcher{cities: fixture()} }

func fixture() []api.City {
	return []api.City{
		{Ref: kyivRef, Name: "Київ", Type: "м.", Region: "Київська", Label: "м. Київ, Київська обл.", Warehouses: 2480},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000001", Name: "Кам'янське", Type: "м.", Region: "Дніпропетровська",
			Label: "м. Кам'янське, Дніпропетровська обл.", Warehouses: 310},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000002", Name: "Кам'янець-Подільський", Type: "м.", Region: "Хмельницька",
			Label: "м. Кам'янець-Подільський, Хмельницька обл.", Warehouses: 140},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000003", Name: "Кирилівка", Type: "смт", Region: "Запорізька",
			Label: "смт Кирилівка, Запорізька обл.", Warehouses: 0},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000004", Name: "Кицмань", Type: "м.", Region: "Чернівецька",
			Label: "м. Кицмань, Чернівецька обл.", Warehouses: 1},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000005", Name: "Кисилин", Type: "с.", Region: "Волинська",
			Label: "с. Кисилин\x1b]52;c;ZXZpbA==\x07, Волинська обл.\x1b[2J", Warehouses: 3},
		{Ref: "", Name: "Кипоть", Type: "с.", Region: "Київська", Label: "с. Кипоть, Київська обл.", Warehouses: 2},
		{Ref: "a1b2c3d4-0000-4000-8000-000000000006", Name: "Кивертці", Type: "м.", Region: "Волинська",
			Warehouses: 12},
	}
}

func fold(s string) string { return strings.ReplaceAll(normalise(s), "'", "") }

func (f *fakeSearcher) SearchCities(_ context.Context, q, lang string, limit int) ([]api.City, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, call{q, lang, limit})
	if f.err != nil {
		return nil, f.err
	}
	var out []api.City
	for _, c := range f.cities {
		if !strings.Contains(fold(c.Name), fold(q)) {
			continue
		}
		if lang != "uk" && c.Label != "" {
			c.Label = "[" + lang + "] " + c.Label
		}
		if len(out) < limit {
			out = append(out, c)
		}
	}
	return out, nil
}

func (f *fakeSearcher) n() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func (f *fakeSearcher) last() call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[len(f.calls)-1]
}

// at once replaces tea.Tick: the debounce message comes without waiting, and the
// test decides when (and whether) to deliver it.
func atOnce(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return fn(time.Time{}) }
}

// picker is a focused picker of size 80×24 whose debounce ticks the test delivers.
func picker(svc Searcher, lang string) Model {
	m := New(svc, lang)
	m.after = atOnce
	m.SetSize(80, 24)
	m.Focus()
	return m
}

// collect runs cmd and what it batches and returns the messages, feeding nothing.
func collect(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil, spinner.TickMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			out = append(out, msg)
		}
	}
	return out
}

// drain runs cmd and what follows, feeding search answers back into the model (as
// the root and the editor would). Debounce ticks and every other message are
// returned: the test delivers the ticks itself, as if the pause had passed.
func drain(t testing.TB, m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	t.Helper()
	var out []tea.Msg
	pending := collect(cmd)
	for len(pending) > 0 {
		msg := pending[0]
		pending = pending[1:]
		if r, ok := msg.(resultMsg); ok {
			var next tea.Cmd
			m, next = m.Update(r)
			pending = append(pending, collect(next)...)
			continue
		}
		out = append(out, msg)
	}
	return m, out
}

func step(t testing.TB, m Model, msg tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	m, cmd := m.Update(msg)
	return drain(t, m, cmd)
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "ctrl+n":
		return tea.KeyMsg{Type: tea.KeyCtrlN}
	case "ctrl+p":
		return tea.KeyMsg{Type: tea.KeyCtrlP}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func press(t testing.TB, m Model, keys ...string) (Model, []tea.Msg) {
	t.Helper()
	var all []tea.Msg
	for _, k := range keys {
		var out []tea.Msg
		m, out = step(t, m, keyMsg(k))
		all = append(all, out...)
	}
	return m, all
}

// typeText types s one rune at a time, quickly: no tick is delivered.
func typeText(t testing.TB, m Model, s string) (Model, []tea.Msg) {
	t.Helper()
	return press(t, m, strings.Split(s, "")...) // one string per rune
}

func ticks(out []tea.Msg) []debounceMsg {
	var d []debounceMsg
	for _, msg := range out {
		if v, ok := msg.(debounceMsg); ok {
			d = append(d, v)
		}
	}
	return d
}

// settle delivers every debounce tick in out, in order, as the timers would fire,
// and returns what followed.
func settle(t testing.TB, m Model, out []tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	var all []tea.Msg
	for _, d := range ticks(out) {
		var more []tea.Msg
		m, more = step(t, m, d)
		all = append(all, more...)
	}
	return m, all
}

// find types s and lets the pause pass.
func find(t testing.TB, m Model, s string) (Model, []tea.Msg) {
	t.Helper()
	m, out := typeText(t, m, s)
	return settle(t, m, out)
}

func errorsOf(out []tea.Msg) []msgs.Error {
	var e []msgs.Error
	for _, msg := range out {
		if v, ok := msg.(msgs.Error); ok {
			e = append(e, v)
		}
	}
	return e
}

func screen(m Model) string { return ansi.Strip(m.View()) }

func contains(t *testing.T, m Model, want ...string) {
	t.Helper()
	s := screen(m)
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("screen lacks %q:\n%s", w, s)
		}
	}
}

func checkSize(t *testing.T, m Model, w, h int) {
	t.Helper()
	lines := strings.Split(m.View(), "\n")
	if len(lines) != h {
		t.Errorf("view has %d lines, want %d", len(lines), h)
	}
	for i, ln := range lines {
		if got := ansi.StringWidth(ln); got != w {
			t.Errorf("line %d is %d wide, want %d: %q", i, got, w, ansi.Strip(ln))
		}
	}
}
