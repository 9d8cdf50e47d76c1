package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func click(x, y int) tea.MouseMsg {
	return tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
}

func wheel(x, y int, down bool) tea.MouseMsg {
	b := tea.MouseButtonWheelUp
	if down {
		b = tea.MouseButtonWheelDown
	}
	return tea.MouseMsg{X: x, Y: y, Button: b, Action: tea.MouseActionPress}
}

// screenLine is line y of the screen, without escapes.
func screenLine(m Model, y int) string { return strings.Split(tuitest.Screen(m), "\n")[y] }

// At 80×24 the screen is: the root's header (line 0), the tabs (1), the column
// headings (2), the rows (3 to 21), the browser's footer (22) and the root's (23). A
// click lands on the line it is on; a second click on a row opens it.
func TestAClickSelectsTheRowUnderIt(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	if !strings.Contains(screenLine(m, 2), "title") || !strings.HasPrefix(screenLine(m, 3), "›") {
		t.Fatalf("the layout this test counts on changed:\n%s", tuitest.Screen(m))
	}
	m, _ = f.press(m, "down", "down") // the third row
	m, _ = f.run(m, click(10, 2))
	if !strings.HasPrefix(screenLine(m, 5), "›") {
		t.Errorf("a click on the column headings moved the cursor to %q", selectedLine(m))
	}
	m, _ = f.run(m, click(10, 4))
	if !strings.HasPrefix(screenLine(m, 4), "›") {
		t.Errorf("a click on the second row selected %q", selectedLine(m))
	}
	m, _ = f.run(m, click(10, 21))
	if !strings.HasPrefix(screenLine(m, 21), "›") {
		t.Errorf("a click on the last row on screen selected %q", selectedLine(m))
	}
	// Below the rows: the browser's footer and the root's are no row.
	for _, y := range []int{22, 23} {
		m, _ = f.run(m, click(10, y))
		if !strings.HasPrefix(screenLine(m, 21), "›") {
			t.Errorf("a click on line %d moved the cursor to %q", y, selectedLine(m))
		}
	}
	if m.active != viewBrowser {
		t.Fatalf("the clicks left the browser for %v", m.active)
	}
	// A click on the row already selected opens it, as enter does.
	title := strings.Fields(strings.TrimPrefix(selectedLine(m), "›"))[0]
	m, _ = f.run(m, click(10, 21))
	if m.active != viewDetail {
		t.Fatalf("a click on the selected row: view %v", m.active)
	}
	has(t, m, title)
}

// A click on a tab shows it.
func TestAClickOnATabSwitchesToIt(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	for _, name := range []string{"sold", "moderation", "active"} {
		x := strings.Index(screenLine(m, 1), name)
		if x < 0 {
			t.Fatalf("no tab %q on %q", name, screenLine(m, 1))
		}
		m, _ = f.run(m, click(x+1, 1))
		if !strings.Contains(screenLine(m, 1), "["+name) {
			t.Errorf("a click on %q: tabs %q", name, screenLine(m, 1))
		}
	}
}

// The wheel moves the list under the pointer, scrolls the help overlay when it is
// open, and does nothing over the footer.
func TestTheWheelScrollsWhatIsUnderIt(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	m, _ = f.run(m, wheel(10, 23, true))
	if !strings.HasPrefix(screenLine(m, 3), "›") {
		t.Errorf("the wheel over the footer moved the cursor to %q", selectedLine(m))
	}
	m, _ = f.run(m, wheel(10, 10, true))
	if !strings.HasPrefix(screenLine(m, 4), "›") {
		t.Errorf("the wheel down over the rows: cursor on %q", selectedLine(m))
	}

	m, _ = f.press(m, "?")
	m, _ = f.run(m, wheel(10, 10, true))
	m, _ = f.press(m, "?")
	if !strings.HasPrefix(screenLine(m, 4), "›") {
		t.Errorf("the wheel over the help moved the list: cursor on %q", selectedLine(m))
	}
}

// At 60×15 the help overlay is taller than the screen: the wheel scrolls it.
func TestTheWheelScrollsTheHelp(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(60, 15)
	m, _ = f.press(m, "enter", "?")
	before := tuitest.Screen(m)
	m, _ = f.run(m, wheel(10, 8, true))
	if tuitest.Screen(m) == before || m.helpOff == 0 {
		t.Errorf("the wheel did not scroll the help overlay (offset %d)", m.helpOff)
	}
	m, _ = f.run(m, wheel(10, 8, false))
	if m.helpOff != 0 || tuitest.Screen(m) != before {
		t.Errorf("the wheel up did not scroll the help back (offset %d)", m.helpOff)
	}
}

// In the watch panel a click selects an entry, and a click on the selected entry
// opens it, as enter does.
func TestTheWatchPanelAnswersClicks(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.started(80, 24)
	var titles []string
	for range 3 {
		l, _ := m.browser.M.Selected()
		m, _ = f.run(m, msgs.Watch{ID: l.ID, Title: l.Title})
		titles = append(titles, l.Title)
		m, _ = f.press(m, "down")
	}
	m, _ = f.press(m, "W")
	// The header, the panel's title, status line, a blank line and its column headings:
	// the entries start on line 5.
	if !strings.Contains(screenLine(m, 4), "TITLE") || !strings.HasPrefix(screenLine(m, 5), "›") {
		t.Fatalf("the layout this test counts on changed:\n%s", tuitest.Screen(m))
	}
	m, _ = f.run(m, click(20, 6))
	if !strings.HasPrefix(screenLine(m, 6), "›") || m.active != viewWatch {
		t.Fatalf("a click on the second entry: view %v, cursor on %q", m.active, selectedLine(m))
	}
	m, _ = f.run(m, click(20, 20)) // under the entries: nothing
	if !strings.HasPrefix(screenLine(m, 6), "›") {
		t.Errorf("a click under the entries moved the cursor to %q", selectedLine(m))
	}
	m, _ = f.run(m, click(20, 6))
	if m.active != viewDetail {
		t.Fatalf("a click on the selected entry: view %v", m.active)
	}
	has(t, m, titles[1][:20])
}
