package citypick

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

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

// loop runs the picker's commands as the root and the editor would: search
// answers go back to it; debounce ticks and every other message are returned (the
// test delivers the ticks itself, as if the pause had passed); spinner ticks only
// animate and are dropped.
var loop = tuitest.Loop[Model]{Own: tuitest.Is[resultMsg], Skip: tuitest.Is[spinner.TickMsg]}

// settle delivers every debounce tick in out, in order, as the timers would fire,
// and returns what followed.
func settle(t testing.TB, m Model, out []tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	var all []tea.Msg
	for _, d := range tuitest.Of[debounceMsg](out) {
		var more []tea.Msg
		m, more = loop.Step(m, d)
		all = append(all, more...)
	}
	return m, all
}

// find types s and lets the pause pass.
func find(t testing.TB, m Model, s string) (Model, []tea.Msg) {
	t.Helper()
	m, out := loop.Type(m, s)
	return settle(t, m, out)
}
