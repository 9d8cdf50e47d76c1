package catpick

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// counting wraps a Service and counts the tree requests per language and the
// suggestion requests.
type counting struct {
	Service
	mu       sync.Mutex
	trees    map[string]int
	suggests int
}

func (c *counting) Categories(ctx context.Context, lang string) ([]api.Category, error) {
	c.mu.Lock()
	c.trees[lang]++
	c.mu.Unlock()
	return c.Service.Categories(ctx, lang)
}

func (c *counting) SuggestCategory(ctx context.Context, title, desc, lang string) (*api.Suggestion, error) {
	c.mu.Lock()
	c.suggests++
	c.mu.Unlock()
	return c.Service.SuggestCategory(ctx, title, desc, lang)
}

func (c *counting) treeCalls(lang string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trees[lang]
}

func (c *counting) suggestCalls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.suggests
}

// sandboxService is a client of an in-process sandbox with key, counted.
func sandboxService(t testing.TB, key string) *counting {
	t.Helper()
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, api.Kyiv)
	c := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)}).Client(t, key)
	return &counting{Service: c, trees: map[string]int{}}
}

// fakeService answers from a small tree whose names carry the language; errors and
// suggestions are set per test.
type fakeService struct {
	mu      sync.Mutex
	cats    func(lang string) []api.Category
	treeErr error
	sug     func(title string) (*api.Suggestion, error)
}

func (f *fakeService) Categories(_ context.Context, lang string) ([]api.Category, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.treeErr != nil {
		return nil, f.treeErr
	}
	return f.cats(lang), nil
}

func (f *fakeService) SuggestCategory(_ context.Context, title, _, _ string) (*api.Suggestion, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sug(title)
}

func (f *fakeService) setTreeErr(err error) {
	f.mu.Lock()
	f.treeErr = err
	f.mu.Unlock()
}

// smallTree is Phones (Smartphones, Cases) and Home (Sofas), names tagged by lang.
func smallTree(lang string) []api.Category {
	n := func(s string) string { return s + " " + lang }
	return []api.Category{
		{ID: 3, Slug: "electronics", Name: n("Electronics"), Children: []api.Category{
			{ID: 301, Slug: "phones", Name: n("Phones"), Children: []api.Category{
				{ID: 30101, Slug: "smartphones", Name: n("Smartphones")},
				{ID: 30102, Slug: "cases", Name: n("Cases")},
			}},
		}},
		{ID: 4, Slug: "home", Name: n("Home"), Children: []api.Category{
			{ID: 401, Slug: "sofas", Name: n("Sofas")},
		}},
	}
}

func newFake() *fakeService {
	return &fakeService{cats: smallTree, sug: func(title string) (*api.Suggestion, error) {
		if strings.Contains(title, "sofa") {
			return &api.Suggestion{CategoryID: 401, CategoryPath: "Home > Sofas", CategorySlug: "sofas"}, nil
		}
		return &api.Suggestion{CategoryID: 30101, CategoryPath: "Electronics > Phones > Smartphones", CategorySlug: "smartphones"}, nil
	}}
}

// loop runs the picker's commands as the editor would: its tree and suggestion
// answers go back to it; spinner ticks only animate and are dropped.
var loop = tuitest.Loop[Model]{
	Own: func(msg tea.Msg) bool {
		switch msg.(type) {
		case treeMsg, suggestMsg:
			return true
		}
		return false
	},
	Skip: tuitest.Is[spinner.TickMsg],
}

// loaded is a focused picker of size w×h after its first load.
func loaded(t testing.TB, svc Service, lang string, w, h int) Model {
	t.Helper()
	m := New(svc, lang)
	m.SetSize(w, h)
	m.Focus()
	m, _ = loop.Drain(m, m.Init())
	if !m.Loaded() {
		t.Fatalf("tree did not load:\n%s", tuitest.Screen(m))
	}
	return m
}

// moveTo presses down (from the first row) until the cursor is on the row named name.
func moveTo(t testing.TB, m Model, name string) Model {
	t.Helper()
	m, _ = loop.Press(m, "home")
	for range len(m.cur().rows) {
		if i, ok := m.at(); ok && m.tr.nodes[i].name == name {
			return m
		}
		m, _ = loop.Press(m, "down")
	}
	t.Fatalf("no row %q:\n%s", name, tuitest.Screen(m))
	return m
}

// atID is the id under the cursor; 0 when none.
func atID(m Model) int {
	if i, ok := m.at(); ok {
		return m.tr.nodes[i].id
	}
	return 0
}
