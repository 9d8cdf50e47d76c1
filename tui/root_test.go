package tui

import (
	"net/http"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestStartsOnBrowser(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	has(t, m, "listings · sandbox", "lang uk", "[active 28]", "Ремонт квартир під ключ", "● active",
		"? help • q quit", "2/60 min · 2/5,000 today")
	tuitest.CheckSize(t, m.View(), 80, 24)
}

// The first frame needs no answer: New does no I/O, and View draws the frame while
// the first page is still on its way.
func TestFirstFrameBeforeAnyAnswer(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	f := newFixture(t, sandbox.KeyPersonal, func(http.Handler) http.Handler {
		return http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-block })
	})
	m := f.model(f.options(), 80, 24)
	_ = m.Init() // the loads, not run: nothing has answered
	has(t, m, "listings · sandbox", "active", "? help")
	tuitest.CheckSize(t, m.View(), 80, 24)
}

func TestEnterOpensDetailAndEscGoesBack(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.press(m, "down", "enter")
	if m.active != viewDetail {
		t.Fatalf("active view %v", m.active)
	}
	has(t, m, "Репетитор з англійської мови онлайн", "ID 10051", "esc back")
	m, _ = f.press(m, "esc")
	if m.active != viewBrowser {
		t.Fatalf("esc: active view %v", m.active)
	}
	if !strings.Contains(selectedLine(m), "Репетитор") {
		t.Errorf("the cursor moved: %q", selectedLine(m))
	}
}

func TestWatchPanelFromAnyView(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.press(m, "enter", "W")
	if m.active != viewWatch {
		t.Fatalf("W: %v", m.active)
	}
	has(t, m, "Moderation watch")
	m, _ = f.press(m, "W")
	if m.active != viewDetail {
		t.Fatalf("W again: %v, want the detail back", m.active)
	}
	m, _ = f.press(m, "w", "W") // watch this listing, then show the panel
	has(t, m, "10053", "Ремонт квартир")
	m, _ = f.press(m, "esc")
	if m.active != viewDetail {
		t.Fatalf("esc: %v", m.active)
	}
	m, _ = f.press(m, "esc", "W", "enter") // open from the panel: back returns to it
	if m.active != viewDetail {
		t.Fatalf("enter in the panel: %v", m.active)
	}
	m, _ = f.press(m, "esc")
	if m.active != viewWatch {
		t.Fatalf("back from a detail opened in the panel: %v", m.active)
	}
}

func TestQuitKeys(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	if _, quit := f.press(m, "q"); !quit {
		t.Error("q did not quit")
	}
	if _, quit := f.press(m, "ctrl+c"); !quit {
		t.Error("ctrl+c did not quit")
	}
	// In the filter, q is a letter; ctrl+c still quits.
	fm, quit := f.press(m, "/", "q")
	if quit {
		t.Fatal("q quit while the filter had focus")
	}
	has(t, fm, "/ q", "No loaded listing matches “q”")
	lacks(t, fm, "? help") // the footer says only what works while typing
	has(t, fm, "ctrl+c quit")
	if _, quit := f.press(fm, "ctrl+c"); !quit {
		t.Error("ctrl+c did not quit from the filter")
	}
	fm, _ = f.press(fm, "esc")
	if _, quit := f.press(fm, "q"); !quit {
		t.Error("q did not quit once the filter closed")
	}
	// In the watch panel's id input too.
	wm, quit := f.press(m, "W", "a", "q", "L", "?")
	if quit || wm.showHelp || wm.lang != "uk" {
		t.Fatalf("the input's letters acted globally: quit %v help %v lang %s", quit, wm.showHelp, wm.lang)
	}
	wm, _ = f.press(wm, "esc")
	if _, quit := f.press(wm, "q"); !quit {
		t.Error("q did not quit after the input closed")
	}
	// Help and the dialog: q quits from help; the dialog only takes yes and no.
	if _, quit := f.press(m, "?", "q"); !quit {
		t.Error("q did not quit from the help")
	}
	dm, quit := f.press(m, "x", "q")
	if quit || dm.dialog == nil {
		t.Errorf("q in the dialog: quit %v, dialog %v", quit, dm.dialog != nil)
	}
}

func TestHelpOverlay(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.press(m, "?")
	has(t, m, "Keys", "enter open", "tab next tab", "/ filter", "a activate", "x deactivate",
		"W watch panel", "L language", "q quit", "esc/? close help")
	tuitest.CheckSize(t, m.View(), 80, 24)
	m, _ = f.press(m, "down") // swallowed: the table underneath does not move
	m, _ = f.press(m, "esc")
	if m.showHelp {
		t.Fatal("esc did not close the help")
	}
	if !strings.Contains(selectedLine(m), "Ремонт квартир") {
		t.Errorf("a key reached the hidden table: %q", selectedLine(m))
	}
	m, _ = f.press(m, "?", "?")
	if m.showHelp {
		t.Error("? did not toggle the help")
	}
	// The detail's help is the detail's keys.
	m, _ = f.press(m, "enter", "?")
	has(t, m, "r reload", "o open page", "y copy URL", "w watch")
}

// At 60×15 the help wraps its columns into bands and scrolls: the root's keys are
// reachable, not cut off.
func TestHelpOverlaySmallScreen(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(60, 15)
	m, _ = f.press(m, "enter", "?")
	tuitest.CheckSize(t, m.View(), 60, 15)
	has(t, m, "↑/↓ scroll")
	for range 20 {
		m, _ = f.press(m, "j")
	}
	has(t, m, "q quit", "L language", "W watch panel")
	tuitest.CheckSize(t, m.View(), 60, 15)
	m, _ = f.press(m, "home")
	has(t, m, "↑/k up")
}

func TestEscClosesBannerBeforeGoingBack(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.press(m, "enter")
	m, _ = f.run(m, errMsg("load listing 1", &api.Error{Status: 500, Code: "internal_error", Hint: "try again"}))
	has(t, m, "✖ load listing 1: internal_error — try again", "esc: dismiss")
	m, _ = f.press(m, "esc")
	if m.under.Banner != nil || m.active != viewDetail {
		t.Fatalf("esc: banner %v, view %v", m.under.Banner != nil, m.active)
	}
	m, _ = f.press(m, "esc")
	if m.active != viewBrowser {
		t.Fatalf("second esc: view %v", m.active)
	}
}

func TestEscClosesDialogBeforeGoingBack(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.started(80, 24)
	m, _ = f.press(m, "enter", "x")
	if m.dialog == nil {
		t.Fatal("x opened no dialog")
	}
	m, _ = f.press(m, "esc")
	if m.dialog != nil || m.active != viewDetail {
		t.Fatalf("esc: dialog %v, view %v", m.dialog != nil, m.active)
	}
	if g.statusPosts() != 0 {
		t.Error("a cancelled dialog sent a request")
	}
}

func TestLanguageCycles(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.UIApart = false // L switches the interface too
	m := f.model(opts, 80, 24)
	m, _ = f.settle(m, m.Init())
	m, _ = f.press(m, "L")
	has(t, m, "язык ru", "Ремонт квартир под", "язык: русский", "? справка")
	m, _ = f.press(m, "enter", "L")
	has(t, m, "lang en", "language: English", "? help")
	lacks(t, m, "Ремонт квартир")
	m, _ = f.press(m, "L")
	has(t, m, "мова uk", "Ремонт квартир під ключ", "? довідка")
}

func TestMouseWheelMoves(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	before := selectedLine(m)
	m, _ = f.run(m, tea.MouseMsg{X: 10, Y: 10, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if selectedLine(m) == before {
		t.Errorf("the wheel did not move the cursor: %q", selectedLine(m))
	}
}

// Both ways onto the login screen give it the full size; so does the way back.
func TestLoginScreenIsSized(t *testing.T) {
	f, g := gated(t, sandbox.KeyPersonal)
	m := f.started(80, 24)
	g.set(always(&fault{status: 403, code: api.CodeKeyRevoked, hint: "this key was revoked by its owner"}))
	m, _ = f.press(m, "r")
	if m.active != viewLogin {
		t.Fatalf("key_revoked: view %v", m.active)
	}
	has(t, m, "key_revoked", "this key was deactivated: create a new one in account settings → API & integrations",
		"The key is only kept in memory for this session.")
	tuitest.CheckSize(t, m.View(), 80, 24)

	g.set(nil)
	m, _ = f.run(m, msgs.LoggedIn{BaseURL: f.ts.URL, Key: sandbox.KeyPersonal, Sandbox: true})
	if m.active != viewBrowser {
		t.Fatalf("after login: %v", m.active)
	}
	// The new browser fills the screen: 24 lines less header, tabs, column
	// headings, status line, notice and footer.
	if n := strings.Count(tuitest.Screen(m), "● active"); n < 16 {
		t.Errorf("%d rows shown after a login:\n%s", n, tuitest.Screen(m))
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
}

func TestInvalidKeyAtStartLeadsToLogin(t *testing.T) {
	f := newFixture(t, "sk_test_"+strings.Repeat("0", 48), nil)
	m := f.started(80, 24)
	if m.active != viewLogin {
		t.Fatalf("view %v", m.active)
	}
	has(t, m, "invalid_key", "copy the key again from account settings → API & integrations")
	lacks(t, m, strings.Repeat("0", 48))
}

func TestUnauthorizedMessageLeadsToLogin(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.run(m, msgs.Unauthorized{Err: &api.Error{Status: 401, Code: api.CodeInvalidKey, Hint: "unknown key"}})
	if m.active != viewLogin {
		t.Fatalf("view %v", m.active)
	}
	has(t, m, "invalid_key: unknown key")
}

// Every view, overlay and banner keeps within the terminal at the sizes the issue
// names.
func TestEveryScreenFits(t *testing.T) {
	for _, sz := range [][2]int{{60, 15}, {80, 24}, {250, 70}} {
		w, h := sz[0], sz[1]
		f := newFixture(t, sandbox.KeyPersonal, nil)
		m := f.started(w, h)
		steps := [][]string{{"end"}, {"tab"}, {"shift+tab", "shift+tab"}, {"enter"}, {"pgdown"}, {"x"}, {"n"}, {"?"}, {"esc", "W"}, {"a"}}
		for _, keys := range steps {
			m, _ = f.press(m, keys...)
			tuitest.CheckSize(t, m.View(), w, h)
		}
		m, _ = f.run(m, errMsg("load listings", &api.Error{Status: 403, Code: api.CodeIPNotWhitelisted,
			Hint: "requests from 127.0.0.1 are not allowed for this key; add the IP to allowed_ips in account settings → API & integrations", YourIP: "127.0.0.1"}))
		tuitest.CheckSize(t, m.View(), w, h)
		m.toLogin("a reason long enough to wrap on the narrowest of the terminals this test tries out")
		m, _ = m.update(tea.WindowSizeMsg{Width: w, Height: h})
		tuitest.CheckSize(t, m.View(), w, h)
	}
}
