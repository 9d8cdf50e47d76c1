package browser

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// In the moderation tab a row takes its review lines too: G shows the last row
// whole, pgup and pgdn move by the rows on screen, and a click on a review line
// selects its row.
func TestModerationWindowCountsLines(t *testing.T) {
	f := modData(90) // 60 moderation rows
	m := modLoaded(t, f, 80, 24)
	m, _ = rootLoop.Press(m, "shift+tab", "G")
	lines := strings.Split(tuitest.Screen(m), "\n")
	last, _ := m.Selected()
	if !strings.Contains(lines[len(lines)-1], "60/60") {
		t.Fatalf("footer %q", lines[len(lines)-1])
	}
	// The last row and its review are on screen, above the footer.
	at := -1
	for i, ln := range lines {
		if strings.Contains(ln, "›") && strings.Contains(ln, last.Title[:13]) {
			at = i
		}
	}
	if at < 0 || at+1 >= len(lines)-1 || !strings.HasPrefix(lines[at+1], "    ") {
		t.Fatalf("the last row or its review is not whole:\n%s", strings.Join(lines, "\n"))
	}
	onScreen := m.windowEnd() - m.tabs[m.cur].offset
	if onScreen < 5 || onScreen > 10 {
		t.Fatalf("%d rows on screen of 21 lines", onScreen)
	}
	m, _ = rootLoop.Press(m, "pgup")
	if got := m.tabs[m.cur].cursor; got != 59-onScreen {
		t.Fatalf("pgup to %d, want %d", got, 59-onScreen)
	}
	m, _ = rootLoop.Press(m, "g")
	// Line 3 of the view is the first row's review line: a click there selects it.
	m, _ = rootLoop.Step(m, tea.MouseMsg{X: 10, Y: 3, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	m, _ = rootLoop.Step(m, tea.MouseMsg{X: 10, Y: 5, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if got := m.tabs[m.cur].cursor; got != 1 {
		t.Fatalf("a click on the second row's line selected %d", got)
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
}
