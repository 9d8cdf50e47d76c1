package catpick

import (
	"context"
	"net/http/httptest"
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
	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

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
	srv, err := sandbox.New(sandbox.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	c, err := api.New(ts.URL, api.StaticKey(key))
	if err != nil {
		t.Fatal(err)
	}
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

// run executes cmd and every command that follows. feed may take a message and
// return the next command; the messages it does not take are returned in order.
// Spinner ticks only animate: they are dropped.
func run(cmd tea.Cmd, feed func(tea.Msg) (tea.Cmd, bool)) []tea.Msg {
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
			if next, took := feed(msg); took {
				queue = append(queue, next)
			} else {
				out = append(out, msg)
			}
		}
	}
	return out
}

// drain runs cmd, feeding the picker's own answers back (as the editor would), and
// returns the other messages.
func drain(t testing.TB, m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	t.Helper()
	out := run(cmd, func(msg tea.Msg) (tea.Cmd, bool) {
		switch msg.(type) {
		case treeMsg, suggestMsg:
			var next tea.Cmd
			m, next = m.Update(msg)
			return next, true
		}
		return nil, false
	})
	return m, out
}

// collect runs cmd without feeding anything back: the raw answers, in order.
func collect(cmd tea.Cmd) []tea.Msg {
	return run(cmd, func(tea.Msg) (tea.Cmd, bool) { return nil, false })
}

// loaded is a focused picker of size w×h after its first load.
func loaded(t testing.TB, svc Service, lang string, w, h int) Model {
	t.Helper()
	m := New(svc, lang)
	m.SetSize(w, h)
	m.Focus()
	m, _ = drain(t, m, m.Init())
	if !m.Loaded() {
		t.Fatalf("tree did not load:\n%s", screen(m))
	}
	return m
}

func keyMsg(k string) tea.KeyMsg {
	types := map[string]tea.KeyType{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEsc, "backspace": tea.KeyBackspace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"ctrl+a": tea.KeyCtrlA, "tab": tea.KeyTab,
	}
	if kt, ok := types[k]; ok {
		return tea.KeyMsg{Type: kt}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func press(t testing.TB, m Model, keys ...string) (Model, []tea.Msg) {
	t.Helper()
	var all []tea.Msg
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(keyMsg(k))
		var out []tea.Msg
		m, out = drain(t, m, cmd)
		all = append(all, out...)
	}
	return m, all
}

func typeText(t testing.TB, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		m, _ = press(t, m, string(r))
	}
	return m
}

// moveTo presses down (from the first row) until the cursor is on the row named name.
func moveTo(t testing.TB, m Model, name string) Model {
	t.Helper()
	m, _ = press(t, m, "home")
	for range len(m.cur().rows) {
		if i, ok := m.at(); ok && m.tr.nodes[i].name == name {
			return m
		}
		m, _ = press(t, m, "down")
	}
	t.Fatalf("no row %q:\n%s", name, screen(m))
	return m
}

// atID is the id under the cursor; 0 when none.
func atID(m Model) int {
	if i, ok := m.at(); ok {
		return m.tr.nodes[i].id
	}
	return 0
}

func screen(m Model) string { return ansi.Strip(m.View()) }

// checkSize asserts View is exactly w × h.
func checkSize(t *testing.T, m Model, w, h int) {
	t.Helper()
	lines := strings.Split(m.View(), "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Errorf("line %d is %d wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

func contains(t *testing.T, view string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(view, w) {
			t.Errorf("view lacks %q:\n%s", w, view)
		}
	}
}

func lacks(t *testing.T, view string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(view, b) {
			t.Errorf("view has %q:\n%s", b, view)
		}
	}
}

func chosen(out []tea.Msg) []Chosen {
	var c []Chosen
	for _, m := range out {
		if v, ok := m.(Chosen); ok {
			c = append(c, v)
		}
	}
	return c
}

func errorsOf(out []tea.Msg) []msgs.Error {
	var e []msgs.Error
	for _, m := range out {
		if v, ok := m.(msgs.Error); ok {
			e = append(e, v)
		}
	}
	return e
}

func cancelled(out []tea.Msg) bool {
	for _, m := range out {
		if _, ok := m.(Cancelled); ok {
			return true
		}
	}
	return false
}
