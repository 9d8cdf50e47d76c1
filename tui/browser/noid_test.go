package browser

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// titles are the titles of the current tab's visible rows, in order.
func titles(m Model) []string {
	rows := &m.srcs[m.def(m.cur).src].rows
	var out []string
	for _, x := range m.tabs[m.cur].vis {
		out = append(out, rows.at(x).title)
	}
	return out
}

// Two listings whose ids cannot be read, on one page of a service, are two rows
// marked "(id ?)" (both were id 0, and the second was taken for the first moved
// between pages); nothing is asked of the service by them, while listing 5, sent
// twice, is one row.
func TestBrowserKeepsListingsWhoseIDCannotBeRead(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true,"count":5,"listings":[
			{"id":"abc","title":"Перша","price":100,"currency":"UAH","status":"active"},
			{"id":"abc","title":"Друга","price":200,"currency":"UAH","status":"active"},
			{"id":null,"title":"Третя","price":300,"currency":"UAH","status":"active"},
			{"id":5,"title":"П'ята","price":500,"currency":"UAH","status":"active","url":"https://example.test/l/5"},
			{"id":5,"title":"П'ята","price":500,"currency":"UAH","status":"active","url":"https://example.test/l/5"}]}`))
	}))
	defer hs.Close()
	c, err := api.New(hs.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	m := New(c, "uk")
	m.SetSize(100, 12)
	m, _ = loop.Drain(m, m.Init())
	got := titles(m)
	slices.Sort(got)
	if want := []string{"Друга", "П'ята", "Перша", "Третя"}; !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
	screen := tuitest.Screen(m)
	for _, want := range []string{"(id ?) Перша", "(id ?) Друга", "(id ?) Третя"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "(id ?) П'ята") {
		t.Errorf("listing 5 marked:\n%s", screen)
	}

	m.tabs[m.cur].cursor = slices.Index(titles(m), "Друга")
	m.clampCursor()
	if _, ok := m.SelectedID(); ok {
		t.Error("a listing without an id is selected for e")
	}
	for _, k := range []string{"enter", "a", "x", "w", " ", "$", "E"} {
		_, out := loop.Press(m, k)
		if n := tuitest.Of[msgs.Notice](out); len(out) != 1 || len(n) != 1 || !strings.Contains(n[0].Text, "an id that cannot be read") {
			t.Errorf("%q on it: %#v", k, out)
		}
	}
	if m, _ = loop.Press(m, "*"); m.marks.len() != 1 {
		t.Errorf("* marked %d listings, want listing 5 alone", m.marks.len())
	}
}

// On a complete mirror, which cannot hold listings without a readable id, those of a
// fresh first page are each a row of their own beside the mirror's.
func TestMirrorFillKeepsListingsWhoseIDCannotBeRead(t *testing.T) {
	data := gen(30, 300, api.StatusActive)
	m, f := startedOnMirror(t, data)
	noID := []api.Listing{{Title: "Перша", Status: api.StatusActive}, {Title: "Друга", Status: api.StatusActive}}
	f.mu.Lock()
	f.data = append(noID, data...)
	f.mu.Unlock()
	m, _ = mirrorLoop.Press(m, "r")
	if !m.mirrorMode() {
		t.Fatal("not on the mirror")
	}
	got := titles(m)
	if len(got) != 32 || !slices.Contains(got, "Перша") || !slices.Contains(got, "Друга") {
		t.Errorf("%d rows: %q", len(got), got)
	}
}
