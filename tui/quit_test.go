package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// With an unsent draft, q and ctrl+c ask before quitting; n stays, y quits; with
// nothing at stake q quits at once.
func TestQuitAsksWhenWorkWouldBeLost(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	if _, quit := f.press(m, "q"); !quit {
		t.Fatal("q with nothing at stake did not quit")
	}
	m, _ = f.press(m, "n", "L", "a", "m", "p", "a")
	m, quit := f.press(m, "ctrl+c")
	if quit || m.dialog == nil || !m.dialog.Quit {
		t.Fatalf("ctrl+c with an unsent draft quit at once (dialog %v)", m.dialog != nil)
	}
	tuitest.Contains(t, flat(m), "Quit listings?", "the open draft is lost: the sandbox keeps nothing")
	m, quit = f.press(m, "n")
	if quit || m.dialog != nil || m.active != viewEditor {
		t.Fatalf("n did not stay in the editor: quit %v, view %v", quit, m.active)
	}
	// Outside a text field (the review, a select) q asks the same.
	m, _ = f.press(m, "ctrl+s")
	m, quit = f.press(m, "q")
	if quit || m.dialog == nil {
		t.Fatalf("q on the review quit at once")
	}
	if _, quit = f.press(m, "y"); !quit {
		t.Fatal("y did not quit")
	}
	m, _ = f.press(m, "esc")
	if _, quit = f.press(m, "ctrl+c", "ctrl+c"); !quit {
		t.Fatal("ctrl+c twice did not quit")
	}
}

// The banner's "esc: dismiss" holds on every screen, a text field in focus too.
func TestEscDismissesTheBannerInTheEditor(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "n")
	m, _ = f.run(m, draftnote.Health{Err: errFull})
	if m.under.Banner == nil || !m.capturing() {
		t.Fatalf("banner %v, capturing %v", m.under.Banner != nil, m.capturing())
	}
	m, _ = f.press(m, "esc")
	if m.under.Banner != nil || m.active != viewEditor {
		t.Fatalf("esc: banner %v, view %v: it must dismiss the banner, not leave the editor", m.under.Banner != nil, m.active)
	}
}

// At start the app says how many drafts wait.
func TestStartSaysHowManyDraftsWait(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "n", "L", "a", "m", "p", "a", "esc")
	m2 := f.model(f.options(), 100, 30)
	m2.draftStore = m.draftStore
	m2, _ = f.settle(m2, m2.Init())
	if !strings.Contains(flat(m2), "1 unsent draft: D lists them") {
		t.Errorf("no word of the waiting draft:\n%s", tuitest.Screen(m2))
	}
}

func TestGoldenQuitQuestion(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	tm := teaRun(t, f)
	waitScreen(t, tm, "1/28", meterText(2))
	tm.Send(tuitest.Key("n"))
	waitScreen(t, tm, "New listing")
	for _, k := range []string{"L", "a", "m", "p", "a"} {
		tm.Send(tuitest.Key(k))
	}
	waitScreen(t, tm, "Lampa")
	tm.Send(tuitest.Key("ctrl+c"))
	waitScreen(t, tm, "Quit listings?")
	golden.RequireEqual(t, finalView(t, tm, f))
}

// With the editor closed, the question does not speak of an open draft: the draft
// left is named as such.
func TestQuitWithTheEditorClosed(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(100, 30)
	m, _ = f.press(m, "n", "L", "a", "m", "p", "a", "esc")
	if m.active == viewEditor {
		t.Fatal("esc did not leave the editor")
	}
	m, _ = f.press(m, "q")
	if m.dialog == nil {
		t.Fatal("q with an unsent draft quit at once")
	}
	s := flat(m)
	tuitest.Lacks(t, s, "the open draft")
	tuitest.Contains(t, s, "the draft you left")
}
