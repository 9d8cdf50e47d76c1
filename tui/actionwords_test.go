package tui

import (
	"encoding/json"
	"testing"

	"github.com/listings-tui/listings/assets"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/rootkeys"
)

// actionWords is every action's and fold's English words by catalog id
// (action.<id>), from every table; two tables giving one id two words is an error.
func actionWords(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	add := func(id action.ID, desc string) {
		if desc == "" {
			return
		}
		cid := "action." + string(id)
		if prev, ok := out[cid]; ok && prev != desc {
			t.Errorf("%s is %q in one table and %q in another", id, prev, desc)
		}
		out[cid] = desc
	}
	tables := []action.Catalog{GlobalActions()}
	for _, c := range viewTables() {
		tables = append(tables, c)
	}
	for _, c := range tables {
		for _, e := range c.Entries() {
			add(e.ID, e.Desc)
			if e.Fold != (action.Fold{}) {
				if e.Fold.ID == "" {
					t.Errorf("%s: a fold without an id (%q)", e.ID, e.Fold.Desc)
				}
				add(e.Fold.ID, e.Fold.Desc)
			}
		}
	}
	return out
}

// The help, the footer and the palette show action.<id> from the catalog: English's
// must be the table's Desc (which docs/config.md's reference lists), Ukrainian and
// Russian must have every one, and no catalog may keep the words of an action no
// table has any more.
func TestActionWordsInEveryLanguage(t *testing.T) {
	want := actionWords(t)
	if len(want) < 100 {
		t.Fatalf("%d actions: the tables were not read", len(want))
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		b, err := assets.I18n.ReadFile("i18n/" + string(l) + "/action.json")
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		for id, desc := range want {
			switch w, ok := got[id]; {
			case !ok:
				t.Errorf("%s lacks %s (%q)", l, id, desc)
			case l == i18n.English && w != desc:
				t.Errorf("en's %s is %q, the table's Desc %q", id, w, desc)
			}
		}
		for id := range got {
			if _, ok := want[id]; !ok {
				t.Errorf("%s has %s, which no table has", l, id)
			}
		}
	}
}

// The root's actions are shown in the interface's language.
func TestActionShownInTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Ukrainian)
	reach := rootkeys.Table.Reach(rootkeys.State{LoggedIn: true, Selection: true}, nil)
	got := map[action.ID]string{}
	for _, b := range reach {
		got[b.ID] = b.Desc
	}
	if got[rootkeys.Quit] != "вийти" || got[rootkeys.New] != "нове оголошення" {
		t.Errorf("quit %q, new %q: not in Ukrainian", got[rootkeys.Quit], got[rootkeys.New])
	}
	if w := action.Words("no.such", "as it was"); w != "as it was" {
		t.Errorf("an id without an entry shows %q, want its Desc", w)
	}
}
