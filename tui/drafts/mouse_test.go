package drafts

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// A click on a draft selects it; a click on the selected draft resumes it; the wheel
// moves the cursor.
func TestMouseSelectsAndResumes(t *testing.T) {
	store := draft.OpenStore(t.TempDir())
	var ids []string
	for i, title := range []string{"Велосипед Trek", "Намет Tramp", "Гантелі"} {
		d := draft.New(base, "", "uk", now.Add(-time.Duration(i)*time.Hour))
		d.Title = title
		if err := store.Save(d); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.ID)
	}
	m := New(store, base, func() time.Time { return now })
	m.SetSize(80, 10)
	m, _ = run(m, m.Init())
	lines := strings.Split(tuitest.Screen(m), "\n")
	y := -1
	for i, l := range lines {
		if strings.Contains(l, "Намет") {
			y = i
		}
	}
	if y < 0 || !strings.HasPrefix(lines[y-1], "›") {
		t.Fatalf("the second draft is not under the first, selected:\n%s", tuitest.Screen(m))
	}
	at := func(y int) tea.MouseMsg {
		return tea.MouseMsg{X: 5, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
	}
	m, cmd := m.Update(at(0)) // the heading
	if cmd != nil || !strings.HasPrefix(strings.Split(tuitest.Screen(m), "\n")[y-1], "›") {
		t.Fatal("a click on the heading moved the cursor")
	}
	m, _ = m.Update(at(y))
	if !strings.HasPrefix(strings.Split(tuitest.Screen(m), "\n")[y], "›") {
		t.Fatalf("a click on the second draft:\n%s", tuitest.Screen(m))
	}
	_, msg := run(m.Update(at(y)))
	if r, ok := msg.(msgs.ResumeDraft); !ok || r.ID != ids[1] {
		t.Fatalf("a click on the selected draft: %#v", msg)
	}
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if !strings.HasPrefix(strings.Split(tuitest.Screen(m), "\n")[y+1], "›") {
		t.Fatalf("the wheel did not move the cursor:\n%s", tuitest.Screen(m))
	}
}
