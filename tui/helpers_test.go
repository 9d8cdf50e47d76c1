package tui

import (
	"context"
	"fmt"
	"image"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/setup"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// start is the fixed time of every test: a Thursday noon in Kyiv.
var start = time.Date(2026, 3, 12, 12, 0, 0, 0, api.Kyiv)

// fixture is an in-process sandbox with a fixed clock and a client on it; the clock
// is shared by the sandbox, the client and the root, and moves when the test says.
type fixture struct {
	t      *testing.T
	clock  *apitest.Clock
	ts     *httptest.Server
	client *api.Client
}

func newFixture(t *testing.T, key string, wrap func(http.Handler) http.Handler) *fixture {
	t.Helper()
	// L switches the interface's language for the whole process: the next test
	// starts in English whatever this one pressed.
	t.Cleanup(func() { i18n.Use(i18n.English) })
	clk := apitest.ClockAt(start)
	svc := apitest.Serve(t, sandbox.Options{Now: clk.Now, ModerationDelay: 20 * time.Second}, wrap)
	c := svc.Client(t, key, api.WithClock(clk.Now), api.WithRetry(0, 0))
	return &fixture{t: t, clock: clk, ts: svc.Server, client: c}
}

func fixedImage(context.Context, string) (image.Image, error) {
	return image.NewRGBA(image.Rect(0, 0, 8, 8)), nil
}

// options are the root's options on the fixture.
func (f *fixture) options() Options {
	return Options{Settings: setup.Settings{
		Client:  f.client,
		BaseURL: f.ts.URL,
		Sandbox: true,
		Lang:    "uk",
		UILang:  i18n.English, // whatever language an earlier test's L left
		Now:     f.clock.Now,
		Key:     sandbox.KeyPersonal,
		Version: "test",
		// The same editor on every machine, so screens do not depend on what is installed.
		FindEditor: func() []string { return []string{"nano"} },
		// L switches only the listings' language: the interface's is the process's,
		// and the states of TestEveryKeyShownDoesWhatItSays press L beside each other
		// (TestLanguageCycles clears it).
		UIApart: true,
	}, Images: fixedImage}
}

// model is a root of the given size whose clock only moves when the test says.
func (f *fixture) model(opts Options, w, h int) Model {
	// L switches the interface's language for the whole process (i18n.Use): the
	// next test must start in English again.
	f.t.Cleanup(func() { i18n.Use(i18n.English) })
	m := New(opts)
	// What the process made for itself (the sandbox's jobs directory) goes with the
	// test, as Run's end removes it.
	f.t.Cleanup(m.shared.StopAll)
	m.ticker = func() tea.Cmd { return nil }
	m, _ = m.update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// run feeds msg to m and then every answer of the commands that follow, until
// nothing is left in flight. Spinner frames are dropped (they would tick forever
// while something loads), and so is tea.Quit, which run reports instead.
func (f *fixture) run(m Model, msg tea.Msg) (Model, bool) {
	f.t.Helper()
	m, cmd := m.update(msg)
	return f.settle(m, cmd)
}

func (f *fixture) settle(m Model, cmd tea.Cmd) (Model, bool) {
	f.t.Helper()
	results := make(chan tea.Msg)
	inflight := 0
	launch := func(c tea.Cmd) {
		if c == nil {
			return
		}
		inflight++
		go func() { results <- c() }()
	}
	launch(cmd)
	quit := false
	deadline := time.After(20 * time.Second)
	for inflight > 0 {
		var msg tea.Msg
		select {
		case msg = <-results:
		case <-deadline:
			f.t.Fatal("commands still running after 20s")
		}
		inflight--
		inner := msg
		if a, ok := msg.(addressed); ok {
			inner = a.Msg
		}
		if name := fmt.Sprintf("%T", inner); strings.HasPrefix(name, "cursor.") || name == "tea.windowSizeMsg" {
			continue // a text input's blink repeats forever
		}
		switch msg := msg.(type) {
		case nil, spinner.TickMsg, msgs.Tick:
		case addressed:
			if _, ok := msg.Msg.(spinner.TickMsg); ok {
				continue
			}
			var c tea.Cmd
			m, c = m.update(msg)
			launch(c)
		case tea.QuitMsg:
			quit = true
		case tea.BatchMsg:
			for _, c := range msg {
				launch(c)
			}
		default:
			if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
				// tea.Sequence: each command and all it leads to, in order, as
				// Bubble Tea runs them.
				for i := range v.Len() {
					c, _ := v.Index(i).Interface().(tea.Cmd)
					var q bool
					m, q = f.settle(m, c)
					quit = quit || q
				}
				continue
			}
			var c tea.Cmd
			m, c = m.update(msg)
			launch(c)
		}
	}
	return m, quit
}

// started is a root that has done its first loads.
func (f *fixture) started(w, h int) Model {
	f.t.Helper()
	m := f.model(f.options(), w, h)
	m, _ = f.settle(m, m.Init())
	return m
}

func (f *fixture) press(m Model, keys ...string) (Model, bool) {
	f.t.Helper()
	quit := false
	for _, k := range keys {
		var q bool
		m, q = f.run(m, tuitest.Key(k))
		quit = quit || q
	}
	return m, quit
}

// flat is the screen with runs of spaces and line breaks collapsed, for phrases
// that a narrow screen wraps.
func flat(m Model) string { return strings.Join(strings.Fields(tuitest.Screen(m)), " ") }

// capturing reports whether the view on screen has a text input in focus (the root
// asks the tables, action.Typing; tests ask the view).
func (m Model) capturing() bool {
	p := m.views.Get(m.active)
	return p != nil && p.Capturing()
}
