package editing

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/editor"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var now = time.Date(2026, 3, 12, 12, 0, 0, 0, time.UTC)

func newModel(t *testing.T) (Model, *draft.Store) {
	t.Helper()
	c := apitest.Serve(t, sandbox.Options{}).Client(t, sandbox.KeyPersonal)
	store := draft.OpenStore(t.TempDir())
	saver := draft.NewSaver(store, nil)
	t.Cleanup(func() { _ = saver.Flush() })
	clock := func() time.Time { return now }
	ed := editor.New(editor.Config{Service: c, Store: store, Saver: saver, Lang: "uk", Now: clock, BaseURL: "https://api.example.com"})
	m := New(ed, Config{Store: store, BaseURL: "https://api.example.com", Lang: "uk", Now: clock})
	m.SetSize(100, 30)
	return m, store
}

// run gives msg to m and then the answers of its commands that are the editing
// session's own (draft lookups), collecting what goes to the root.
func run(m Model, msg tea.Msg) (Model, []tea.Msg) {
	var out []tea.Msg
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		var cmd tea.Cmd
		m, cmd = m.Update(queue[0])
		queue = queue[1:]
		for _, r := range tuitest.Collect(cmd, nil) {
			switch r.(type) {
			case editDraftMsg, draftLoadedMsg:
				queue = append(queue, r)
			default:
				out = append(out, r)
			}
		}
	}
	return m, out
}

func TestNewDraftOpensAnEmptyOne(t *testing.T) {
	m, _ := newModel(t)
	m, _ = run(m, msgs.NewDraft{})
	if d := m.Draft(); d == nil || d.IsEdit() || d.BaseURL != "https://api.example.com" || d.Lang != "uk" {
		t.Fatalf("draft %+v", m.Draft())
	}
}

// e on a listing with an unsent edit resumes that edit, and says so.
func TestEditResumesTheUnsentEdit(t *testing.T) {
	m, store := newModel(t)
	d := draft.New("https://api.example.com", "", "uk", now)
	d.ListingID, d.Title = 10040, "Велосипед гірський, майже новий"
	if err := store.Save(d); err != nil {
		t.Fatal(err)
	}
	m, out := run(m, msgs.EditListing{ID: 10040})
	if got := m.Draft(); got == nil || got.ID != d.ID || got.Title != d.Title {
		t.Fatalf("opened %+v, want the stored edit %s", got, d.ID)
	}
	if n, ok := lastNotice(out); !ok || !strings.Contains(n, "resumed your unsent edit of listing 10040") {
		t.Errorf("notice %q", n)
	}
}

// A draft that cannot be read says why and goes back.
func TestResumeOfAnUnreadableDraft(t *testing.T) {
	m, _ := newModel(t)
	m, out := run(m, draftLoadedMsg{err: errors.New("drafts/x.json: unexpected end of JSON input")})
	if n, ok := lastNotice(out); !ok || !strings.Contains(n, "unexpected end of JSON") {
		t.Errorf("notice %q", n)
	}
	back := false
	for _, o := range out {
		_, b := o.(msgs.Back)
		back = back || b
	}
	if !back || m.Draft() != nil {
		t.Fatalf("back %v, draft %+v", back, m.Draft())
	}
}

func lastNotice(out []tea.Msg) (string, bool) {
	text, ok := "", false
	for _, o := range out {
		if n, is := o.(msgs.Notice); is {
			text, ok = n.Text, true
		}
	}
	return text, ok
}
