package browser

import (
	"slices"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// markedIDs are the ids a bulk action would get, in the order they were marked.
func markedIDs(m Model) []int {
	var ids []int
	for _, it := range m.markedItems() {
		ids = append(ids, it.ID)
	}
	return ids
}

// rowLine is the screen line of the row titled sub.
func rowLine(t *testing.T, m Model, sub string) string {
	t.Helper()
	for _, l := range strings.Split(tuitest.Screen(m), "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	t.Fatalf("no row %q on screen:\n%s", sub, tuitest.Screen(m))
	return ""
}

func TestSpaceMarksAndMovesDown(t *testing.T) {
	f := &fakeLister{data: gen(5, 100, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "space", "space")
	if got := markedIDs(m); !slices.Equal(got, []int{100, 99}) {
		t.Fatalf("marked %v, want [100 99]", got)
	}
	if m.tabs[0].cursor != 2 {
		t.Errorf("cursor %d after two marks, want 2", m.tabs[0].cursor)
	}
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, theme.MarkedMark+" 2 marked")
	if l := rowLine(t, m, "Listing 00100"); !strings.Contains(l, theme.MarkedMark+" Listing 00100") {
		t.Errorf("a marked row shows no mark: %q", l)
	}
	if l := rowLine(t, m, "Listing 00098"); strings.Contains(l, theme.MarkedMark) {
		t.Errorf("an unmarked row shows the mark: %q", l)
	}
	// space on a marked row unmarks it.
	m, _ = loop.Press(m, "k", "space")
	if got := markedIDs(m); !slices.Equal(got, []int{100}) {
		t.Fatalf("after unmarking 99: %v", got)
	}
	tuitest.Contains(t, tuitest.Screen(m), theme.MarkedMark+" 1 marked")
}

func TestMarkAllOfTabAndFilterThenClear(t *testing.T) {
	f := &fakeLister{data: gen(12, 100, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "bike") // ids divisible by 4: 100, 96, 92
	m, _ = loop.Press(m, "enter", "*")
	if got := markedIDs(m); !slices.Equal(got, []int{100, 96, 92}) {
		t.Fatalf("* under the filter marked %v, want the 3 bikes", got)
	}
	// With a filter, esc clears the filter, not the marks.
	m, _ = loop.Press(m, "esc")
	if m.query != "" || m.marks.len() != 3 {
		t.Fatalf("esc with a filter: query %q, %d marks", m.query, m.marks.len())
	}
	tuitest.Contains(t, tuitest.Screen(m), "3 marked")
	// * marks the rest; pressed again, with all marked, it unmarks them.
	m, _ = loop.Press(m, "*")
	if m.marks.len() != 12 {
		t.Fatalf("* marked %d, want 12", m.marks.len())
	}
	m, _ = loop.Press(m, "ctrl+a")
	if m.marks.len() != 0 {
		t.Fatalf("ctrl+a with all marked left %d marks", m.marks.len())
	}
	m, _ = loop.Press(m, "*")
	m, _ = loop.Press(m, "esc")
	if m.marks.len() != 0 {
		t.Fatalf("esc without a filter left %d marks", m.marks.len())
	}
	tuitest.Lacks(t, tuitest.Screen(m), "marked")
}

func TestMarkAllSaysWhenMoreAreNotLoaded(t *testing.T) {
	m := loaded(t, &fakeLister{data: gen(150, 1000, api.StatusActive)}, 80, 24)
	m, out := loop.Press(m, "*")
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || !strings.Contains(n[0].Text, "the 100 rows loaded so far") || m.marks.len() != 100 {
		t.Fatalf("* over a list with more pages: %v, %d marked", out, m.marks.len())
	}
}

func TestMarksSurviveTabsSortFilterAndRefresh(t *testing.T) {
	data := append(gen(4, 200, api.StatusActive), gen(3, 100, api.StatusInactive)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 100, 24)
	m, _ = loop.Press(m, "space", "space") // 200, 199 of the active tab
	m, _ = loop.Press(m, "tab")            // inactive
	m, _ = loop.Press(m, "space")          // 100
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "3 marked (2 off this tab)")
	m, _ = loop.Press(m, "s", "S") // sort and reverse
	m, _ = loop.Press(m, "r")      // refresh
	m, _ = loop.Press(m, "shift+tab")
	if got := markedIDs(m); !slices.Equal(got, []int{200, 199, 100}) {
		t.Fatalf("after tab, sort, refresh: %v", got)
	}
	tuitest.Contains(t, tuitest.Screen(m), "3 marked (1 off this tab)")
	if l := rowLine(t, m, "Listing 00199"); !strings.Contains(l, theme.MarkedMark) {
		t.Errorf("the mark is gone after sort and refresh: %q", l)
	}
	// A filter that hides a marked row counts it off the tab, and keeps it.
	m, _ = loop.Press(m, "/")
	m, _ = loop.Type(m, "00200")
	tuitest.Contains(t, tuitest.Screen(m), "3 marked (2 off this tab)")
	// The language changes every row: the marks stay.
	m, _ = loop.Step(m, msgs.LangChanged{Lang: "en"})
	if m.marks.len() != 3 {
		t.Fatalf("a reload dropped marks: %d", m.marks.len())
	}
}

func TestBulkKeysActOnMarksElseOnTheRow(t *testing.T) {
	data := append(gen(2, 200, api.StatusActive), gen(1, 100, api.StatusInactive)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 100, 24)
	// Without marks, x asks for one status change as before.
	_, out := loop.Press(m, "x")
	if rs := tuitest.Of[msgs.RequestStatus](out); len(rs) != 1 || rs[0].ID != 200 {
		t.Fatalf("x without marks: %v", out)
	}
	// $ and E without marks plan for the row under the cursor.
	_, out = loop.Press(m, "$")
	if b := tuitest.Of[msgs.Bulk](out); len(b) != 1 || b[0].Verb != msgs.BulkPrice || len(b[0].Items) != 1 || b[0].Items[0].ID != 200 {
		t.Fatalf("$ without marks: %v", out)
	}
	m, _ = loop.Press(m, "space", "space")
	m, _ = loop.Press(m, "tab", "space") // and the inactive one
	for k, verb := range map[string]msgs.BulkVerb{"a": msgs.BulkActivate, "x": msgs.BulkDeactivate, "$": msgs.BulkPrice, "E": msgs.BulkEdit} {
		_, out := loop.Press(m, k)
		b := tuitest.Of[msgs.Bulk](out)
		if len(b) != 1 || b[0].Verb != verb || len(b[0].Items) != 3 || len(tuitest.Of[msgs.RequestStatus](out)) != 0 {
			t.Fatalf("%s with 3 marks: %v", k, out)
		}
		if it := b[0].Items[2]; it.ID != 100 || it.Status != api.StatusInactive || it.Title == "" || it.Price.IsZero() {
			t.Errorf("%s: the item lacks what a plan needs: %+v", k, it)
		}
	}
	// A status learnt since marking is what the plan sees.
	m, _ = loop.Step(m, msgs.ListingChanged{ID: 100, Status: api.StatusActive})
	_, out = loop.Press(m, "x")
	if b := tuitest.Of[msgs.Bulk](out); len(b) != 1 || b[0].Items[2].Status != api.StatusActive {
		t.Fatalf("the item's status is not the latest: %+v", b)
	}
}

func TestWatchMarkedAwaitingModeration(t *testing.T) {
	data := append(gen(2, 200, api.StatusPending), gen(1, 100, api.StatusActive)...)
	f := &fakeLister{data: data}
	m := loaded(t, f, 100, 24)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all
	m, _ = loop.Press(m, "*")
	_, out := loop.Press(m, "w")
	w := tuitest.Of[msgs.Watch](out)
	n := tuitest.Of[msgs.Notice](out)
	if len(w) != 2 || len(n) != 1 || !strings.Contains(n[0].Text, "1 not awaiting") {
		t.Fatalf("w with marks: %v", out)
	}
}
