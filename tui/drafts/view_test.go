package drafts

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// sandboxList is the list of three drafts kept in memory (the sandbox's store), one
// with a title longer than any screen and a refusal.
func sandboxList(t *testing.T, w, h int) Model {
	t.Helper()
	store := draft.OpenStore("")
	long := draft.New(base, "", "uk", now.Add(-3*time.Minute))
	long.ListingID = 10053
	long.Title = "Ремонт квартир під ключ: штукатурка, шпаклівка, плитка, ламінат, електрика і сантехніка"
	long.Refusal = &draft.Refusal{Code: "attribute_invalid"}
	long.Photos = []draft.Photo{{Path: "/a.jpg"}}
	short := draft.New(base, "", "uk", now.Add(-2*time.Hour))
	short.Title = "Велосипед Trek"
	empty := draft.New(base, "", "uk", now.Add(-26*time.Hour))
	for _, d := range []*draft.Draft{long, short, empty} {
		if err := store.Save(d); err != nil {
			t.Fatal(err)
		}
	}
	m := New(store, base, func() time.Time { return now })
	m.SetSize(w, h)
	m, _ = run(m, m.Init())
	return m
}

// At 80×24 (80×22 for the view) the heading says whole where the drafts are kept, and
// each row says what happened to its draft, the title giving way.
func TestGoldenDraftsList(t *testing.T) {
	m := sandboxList(t, 80, 22)
	tuitest.CheckExactSize(t, m.View(), 80, 22)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Drafts (3)  kept until the app quits (sandbox: not on disk); enter resumes",
		"› edit 10053 Ремонт кв…", "✖ refused: attribute_invalid · 1 photo, 1 not uploaded", "Велосипед Trek  2 h ago", "untitled")
	golden.RequireEqual(t, []byte(s))
}

// At 60×15 (60×13) the heading wraps rather than losing its end, and so does the
// message of an empty list; a row still says the refusal.
func TestDraftsListAt60x15(t *testing.T) {
	m := sandboxList(t, 60, 13)
	tuitest.CheckExactSize(t, m.View(), 60, 13)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Drafts (3)  kept until the app quits (sandbox: not on disk);", "enter resumes",
		"✖ refused: attribute_invalid")
	for _, disk := range []string{"", t.TempDir()} {
		e := New(draft.OpenStore(disk), base, nil)
		e.SetSize(60, 13)
		e, _ = run(e, e.Init())
		tuitest.CheckExactSize(t, e.View(), 60, 13)
		s := strings.Join(strings.Fields(tuitest.Screen(e)), " ")
		tuitest.Contains(t, s, "enter resumes", "No drafts. n starts a new listing; what you type is kept here until it is sent.")
		tuitest.Lacks(t, s, "…")
	}
}
