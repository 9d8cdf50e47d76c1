package drafts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var now = time.Date(2026, 3, 12, 12, 0, 0, 0, api.Kyiv)

const base = "https://api.example.com"

// run feeds a command's message back, the way the root would.
func run(m Model, cmd tea.Cmd) (Model, tea.Msg) {
	for cmd != nil {
		msg := cmd()
		var out tea.Msg
		switch msg.(type) {
		case listMsg, deletedMsg:
			m, cmd = m.Update(msg)
			continue
		case tea.BatchMsg:
			for _, c := range msg.(tea.BatchMsg) {
				var o tea.Msg
				m, o = run(m, c)
				if o != nil {
					out = o
				}
			}
			return m, out
		}
		return m, msg
	}
	return m, nil
}

func press(m Model, k string) (Model, tea.Msg) {
	m, cmd := m.Update(tuitest.Key(k))
	return run(m, cmd)
}

func TestListResumeDelete(t *testing.T) {
	dir := t.TempDir()
	store := draft.OpenStore(dir)
	older := draft.New(base, "", "uk", now.Add(-2*time.Hour))
	older.Title = "Велосипед Trek"
	older.Photos = []draft.Photo{{Path: "/a.jpg"}, {Path: "/b.jpg", URL: "http://m/b"}}
	edit := draft.New(base, "", "uk", now.Add(-time.Minute))
	edit.ListingID, edit.Title = 10053, "Ремонт квартир\x1b[31m"
	edit.Refusal = &draft.Refusal{Code: "attribute_invalid"}
	elsewhere := draft.New("https://other.example.com", "", "uk", now)
	for _, d := range []*draft.Draft{older, edit, elsewhere} {
		if err := store.Save(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "drafts", "zz.json"), []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}

	m := New(store, base, func() time.Time { return now })
	m.SetSize(80, 10)
	m, _ = run(m, m.Init())
	v := tuitest.Screen(m)
	for _, want := range []string{"Drafts (3)", "edit 10053", "Ремонт квартир", "1 min ago", "refused: attribute_invalid",
		"new", "Велосипед Trek", "2 h ago", "2 photos, 1 not uploaded", "1 not uploaded", "zz: draft zz is damaged"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "\x1b") || len(strings.Split(m.View(), "\n")) != 10 {
		t.Errorf("view:\n%q", m.View())
	}

	_, msg := press(m, "enter")
	if r, ok := msg.(msgs.ResumeDraft); !ok || r.ID != edit.ID {
		t.Fatalf("enter: %#v", msg)
	}

	m, _ = press(m, "down")
	m, _ = press(m, "d")
	if !strings.Contains(tuitest.Screen(m), "Delete this draft?") {
		t.Fatal("no confirmation")
	}
	m, msg = press(m, "n")
	if msg != nil || m.Count() != 3 {
		t.Fatalf("n deleted: %v %d", msg, m.Count())
	}
	m, _ = press(m, "d")
	m, msg = press(m, "y")
	if _, ok := msg.(msgs.DraftsChanged); !ok || m.Count() != 2 {
		t.Fatalf("y: %#v, %d left", msg, m.Count())
	}
	if _, err := store.Load(older.ID); err == nil {
		t.Error("the deleted draft is still on disk")
	}
	if _, msg := press(m, "esc"); msg != (msgs.Back{}) {
		t.Errorf("esc: %#v", msg)
	}
}

func TestEmptyAndSmall(t *testing.T) {
	m := New(draft.OpenStore(""), base, nil)
	m.SetSize(60, 3)
	m, _ = run(m, m.Init())
	v := tuitest.Screen(m)
	if !strings.Contains(v, "No drafts") || len(strings.Split(v, "\n")) != 3 {
		t.Errorf("empty:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > 60 {
			t.Errorf("line too wide: %q", l)
		}
	}
}
