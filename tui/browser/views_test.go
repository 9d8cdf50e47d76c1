package browser

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// viewLoop also takes the views' answers (the mirror's and the config's) back.
var viewLoop = tuitest.Loop[Model]{Own: func(msg tea.Msg) bool {
	switch msg.(type) {
	case pageMsg, hitsMsg, mirrorRowsMsg, attrsMsg, viewSetsMsg, viewWritten, startedMsg:
		return true
	}
	return false
}, Skip: tuitest.Is[spinner.TickMsg]}

// memConfig is a config file in memory: the views and columns an Edit changes.
type memConfig struct{ ViewEdit }

func (c *memConfig) config(views ...string) ViewConfig {
	for _, v := range views {
		c.Views = append(c.Views, json.RawMessage(v))
	}
	if c.Columns == nil {
		c.Columns = map[string][]string{}
	}
	return ViewConfig{Views: slices.Clone(c.Views), File: "/cfg/config.json", Edit: func(edit func(*ViewEdit) error) error {
		e := ViewEdit{Views: slices.Clone(c.Views), Columns: c.Columns}
		if err := edit(&e); err != nil {
			return err
		}
		c.ViewEdit = e
		return nil
	}}
}

func (c *memConfig) names() string {
	var out []string
	for _, raw := range c.Views {
		var v struct{ Name string }
		_ = json.Unmarshal(raw, &v)
		out = append(out, v.Name)
	}
	return strings.Join(out, ",")
}

// withViews is the fixture (no mirror) with the config's views, on the first tab.
func withViews(t *testing.T, c *memConfig, w, h int, views ...string) Model {
	t.Helper()
	m := New(&fakeLister{data: fixture()}, "uk", WithViews(c.config(views...)))
	m.SetSize(w, h)
	m, _ = viewLoop.Drain(m, m.Init())
	return m
}

// Every mistake in a view is named with the view and what to write, the view is
// left out, and the others apply; nothing the file holds makes a panic.
func TestViewsInTheConfigAreChecked(t *testing.T) {
	raw := []string{
		`{"name": "cheap", "price_max": 1000}`,
		`{"name": "bad status", "status": "frozen"}`,
		`{"name": "typo", "stauts": "active"}`,
		`{"name": "a number", "price_min": "100"}`,
		`{"name": "range", "price_min": 10, "price_max": 5}`,
		`{"name": "age", "changed_since": "a week"}`,
		`{"name": "pics", "photos": 0}`,
		`{"name": "sorted", "sort": "rating"}`,
		`{"name": "active"}`,
		`{"status": "active"}`,
		`{"name": "CHEAP"}`,
		`"just text"`, `null`, `[1]`, `{"name": 5}`, `{"name": "\u001b[31mred"}`,
		`{"name": "money", "currency": "GBP"}`,
		`{"name": "ok", "status": "blocked", "changed_since": "2w", "photos": "none", "sort": "views", "reverse": true}`,
	}
	var in []json.RawMessage
	for _, r := range raw {
		in = append(in, json.RawMessage(r))
	}
	defs, problems := parseViews(in)
	if len(defs) != 2 || defs[0].name != "cheap" || defs[1].name != "ok" {
		t.Fatalf("views that apply: %+v", defs)
	}
	ok := defs[1]
	if ok.changed.Hours() != 14*24 || !ok.noPhotos || ok.order != (sortOrder{col: sortViews, desc: false}) {
		t.Errorf("the good view read as %+v", ok)
	}
	all := strings.Join(problems, "\n")
	for _, want := range []string{
		`view "bad status": status "frozen" is none: write one of active, inactive`,
		`view "typo": "stauts" is no setting of a view: docs/config.md lists them`,
		`view "a number": price_min is a number here, not string`,
		`view "range": price_min is above price_max: swap them`,
		`view "age": changed_since "a week": write days ("7d"), weeks ("2w") or hours ("36h")`,
		`view "pics": photos 0: write "none" for listings without a photo, or a number from 1 to 12`,
		`view "sorted": sort "rating" is none`,
		`view "active": "active" is a built-in tab's name`,
		`view 10: a view needs a name`,
		`view "CHEAP": a view of that name comes earlier`,
		`view 12: a view is an object`,
		`view 15: name is text in quotes here, not number`,
		`a name is plain text: no control characters`,
		`view "money": currency "GBP" is none: write UAH, USD or EUR`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no problem %q in:\n%s", want, all)
		}
	}
	var many []json.RawMessage
	for i := range maxViews + 3 {
		many = append(many, json.RawMessage(fmt.Sprintf(`{"name": "v%d"}`, i)))
	}
	if defs, problems := parseViews(many); len(defs) != maxViews || len(problems) != 1 {
		t.Errorf("%d views: %d apply, problems %v", len(many), len(defs), problems)
	}
}

// At start the app names the file and each view left out, in the notice.
func TestViewProblemsAreSaidAtStart(t *testing.T) {
	m := New(&fakeLister{data: fixture()}, "uk", WithViews((&memConfig{}).config(`{"name": "x", "photos": "many"}`)))
	var notice string
	for _, msg := range loop.Collect(m.configNotice()) {
		if n, ok := msg.(msgs.Notice); ok {
			notice = n.Text
		}
	}
	tuitest.Contains(t, notice, `tui.views in /cfg/config.json: view "x": photos "many"`, "left out")
}

// Without a mirror, a view whose filters the rows hold shows the rows that pass
// them, counted as the tab's other counts are, in its own sort; the built-in tabs
// get their order back.
func TestAViewFiltersTheRows(t *testing.T) {
	c := &memConfig{}
	m := withViews(t, c, 100, 20,
		`{"name": "cheap UAH", "price_max": 10000, "currency": "UAH", "sort": "price"}`,
		`{"name": "kyiv", "city": "КИЇВ"}`,
		`{"name": "promoted words", "promoted": true, "search": "macbook m2"}`,
		`{"name": "blocked", "status": "blocked"}`)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "cheap UAH", "kyiv", "promoted words", "blocked")
	m, _ = viewLoop.Press(m, "s") // the built-in tabs' order: title
	for _, c := range []struct {
		want  string
		ids   []int
		order string
	}{
		{"[cheap UAH 2]", []int{10005, 10008}, "price ↑"},
		{"[kyiv 2]", []int{10010, 10004}, "service order"},
		{"[promoted words 1]", []int{10006}, "service order"},
		{"[blocked 1]", []int{10007}, "service order"},
	} {
		m, _ = viewLoop.Press(m, "v")
		s := tuitest.Screen(m)
		tuitest.Contains(t, s, c.want, "sort: "+c.order, fmt.Sprintf("1/%d", len(c.ids)))
		if got := visibleIDs(m); !slices.Equal(got, c.ids) {
			t.Errorf("%s: %v, want %v", c.want, got, c.ids)
		}
	}
	m, _ = viewLoop.Press(m, "v") // round to the first view
	tuitest.Contains(t, tuitest.Screen(m), "[cheap UAH 2]")
	m, _ = viewLoop.Press(m, "shift+tab", "shift+tab")
	tuitest.Contains(t, tuitest.Screen(m), "[all 7]", "sort: title ↑")
}

// A view that filters on what only a mirror holds says so, names the filters and
// what to run, and shows no row and no count.
func TestAViewThatNeedsTheMirrorSaysSo(t *testing.T) {
	m := withViews(t, &memConfig{}, 100, 20, `{"name": "no photos", "photos": "none", "changed_since": "7d"}`)
	m, _ = viewLoop.Press(m, "v")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "[no photos]", "This view filters on what only a complete local mirror holds",
		"there is no mirror here: run listings sync", "Filters only the mirror decides: changed 7d, no photos")
	if len(visibleIDs(m)) != 0 || m.position() != "" {
		t.Errorf("rows shown: %v %q", visibleIDs(m), m.position())
	}
}

// ctrl+s in the filter saves the tab's status, the words and the sort as a view:
// the name asked, the config written, the tab added and shown, the filter's words
// now the view's.
func TestSaveTheFilterAsAView(t *testing.T) {
	c := &memConfig{}
	m := withViews(t, c, 100, 20, `{"name": "old one", "status": "sold"}`)
	m, _ = viewLoop.Press(m, "S", "/")
	m, _ = viewLoop.Type(m, "iphone")
	m, _ = viewLoop.Press(m, "ctrl+s")
	tuitest.Contains(t, tuitest.Screen(m), "view name:")
	if ids := actionIDs(m); !slices.Contains(ids, "browser.view.name.ok") || slices.Contains(ids, "browser.filter.keep") {
		t.Errorf("in reach while naming: %v", ids)
	}
	for _, bad := range []struct{ name, says string }{
		{"active", "is a built-in tab's name"},
		{"OLD ONE", `a view named "OLD ONE" exists`},
	} {
		m, _ = viewLoop.Type(m, bad.name)
		m, _ = viewLoop.Press(m, "enter")
		tuitest.Contains(t, tuitest.Screen(m), bad.says)
		for range bad.name {
			m, _ = viewLoop.Press(m, "backspace")
		}
	}
	m, _ = viewLoop.Type(m, "phones")
	m, out := viewLoop.Press(m, "enter")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "[phones 1]", "sort: service order, reversed")
	tuitest.Lacks(t, s, "view name:", "/ iphone")
	if got := c.names(); got != "old one,phones" {
		t.Errorf("the config's views: %s", got)
	}
	if v := string(c.Views[1]); v != `{"name":"phones","status":"active","search":"iphone","reverse":true}` {
		t.Errorf("the view written: %s", v)
	}
	if n := tuitest.Of[msgs.Notice](out); len(n) != 1 || n[0].Text != "view phones saved in /cfg/config.json" {
		t.Errorf("notices %v", n)
	}
}

// Renaming a view moves its columns in the config; deleting asks first, n keeps it,
// y takes it out of the config and the tab line, and the tab before it shows.
func TestRenameAndDeleteAView(t *testing.T) {
	c := &memConfig{}
	c.Columns = map[string][]string{"cheap": {"title", "price"}}
	m := withViews(t, c, 100, 20, `{"name": "cheap", "price_max": 1000, "odd": 1}`, `{"name": "kyiv", "city": "київ"}`)
	if c.Views == nil || len(m.viewProblems) != 1 {
		t.Fatalf("problems %v", m.viewProblems) // "odd" is no setting: left out of the app, kept in the file
	}
	c.Views = append(c.Views[:0], json.RawMessage(`{"name": "cheap", "price_max": 1000}`), c.Views[1])
	m = withViews(t, c, 100, 20)
	m, _ = viewLoop.Press(m, "v")
	m, _ = m.Run("browser.view.rename")
	tuitest.Contains(t, tuitest.Screen(m), "view name: cheap")
	m, _ = viewLoop.Press(m, "backspace", "backspace", "backspace", "backspace", "backspace")
	m, _ = viewLoop.Type(m, "under 1000")
	m, _ = viewLoop.Press(m, "enter")
	tuitest.Contains(t, tuitest.Screen(m), "[under 1000 ")
	if c.names() != "under 1000,kyiv" || len(c.Columns["under 1000"]) != 2 || c.Columns["cheap"] != nil {
		t.Errorf("after the rename: %s %v", c.names(), c.Columns)
	}
	m, _ = m.Run("browser.view.delete")
	tuitest.Contains(t, tuitest.Screen(m), "delete the view under 1000 from the config? y delete · n keep")
	m, _ = viewLoop.Press(m, "n")
	m, _ = m.Run("browser.view.delete")
	m, _ = viewLoop.Press(m, "y")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "[moderation", "kyiv")
	tuitest.Lacks(t, s, "under 1000")
	if c.names() != "kyiv" || c.Columns["under 1000"] != nil {
		t.Errorf("after the delete: %s %v", c.names(), c.Columns)
	}
}

// The config's edit works on the file as it is: views the app left out stay as
// written, a name the file has already is refused, and so is a thirteenth view.
func TestApplyEditKeepsTheFile(t *testing.T) {
	e := &ViewEdit{Views: []json.RawMessage{json.RawMessage(`{"name":"x","odd":true}`)}, Columns: map[string][]string{}}
	if err := applyEdit(e, naming{op: opSave, def: viewDef{name: "X"}}); err == nil {
		t.Error("a second view named x was saved")
	}
	if err := applyEdit(e, naming{op: opRename, def: viewDef{name: "y"}, old: "x"}); err != nil ||
		string(e.Views[0]) != `{"name":"y","odd":true}` {
		t.Errorf("renamed: %s %v", e.Views[0], err)
	}
	for i := range maxViews - 1 {
		if err := applyEdit(e, naming{op: opSave, def: viewDef{name: fmt.Sprint("v", i)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := applyEdit(e, naming{op: opSave, def: viewDef{name: "one more"}}); err == nil ||
		!strings.Contains(err.Error(), "holds 12 views") {
		t.Errorf("a thirteenth view: %v", err)
	}
	if err := applyEdit(e, naming{op: opDelete, old: "gone"}); err == nil {
		t.Error("a view the file lacks was deleted")
	}
}

// goldenViews is the fixture at 80×24 with a view of the rows and one of the
// mirror, after keys.
func goldenViews(t *testing.T, keys ...string) {
	t.Helper()
	m := withViews(t, &memConfig{}, 80, 24, `{"name": "cheap UAH", "price_max": 10000, "currency": "UAH", "sort": "price"}`,
		`{"name": "no photos", "photos": "none"}`)
	m, _ = viewLoop.Press(m, keys...)
	tuitest.CheckSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

func TestGoldenViewTab(t *testing.T) { goldenViews(t, "v", "down") }

func TestGoldenViewWithoutMirror(t *testing.T) { goldenViews(t, "v", "v") }

// actionIDs are the ids of the actions in reach.
func actionIDs(m Model) []string {
	var out []string
	for _, b := range m.Actions() {
		out = append(out, string(b.ID))
	}
	return out
}

// Twelve views do not fit 80 columns: the tabs before the one on screen give way
// to it (‹), and a click on the tab line still lands on the tab drawn there.
func TestManyViewsKeepTheTabOnScreen(t *testing.T) {
	var views []string
	for i := range maxViews {
		views = append(views, fmt.Sprintf(`{"name": "view number %02d"}`, i+1))
	}
	m := withViews(t, &memConfig{}, 80, 24, views...)
	for range maxViews {
		m, _ = viewLoop.Press(m, "v")
	}
	tuitest.CheckSize(t, m.View(), 80, 24)
	line := strings.Split(tuitest.Screen(m), "\n")[0]
	tuitest.Contains(t, line, "[view number 12 7]", "‹")
	x := strings.Index(line, "‹") // the first tab, given way
	m, _ = viewLoop.Step(m, tea.MouseMsg{X: x, Y: tabsY, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	tuitest.Contains(t, strings.Split(tuitest.Screen(m), "\n")[0], "[active")
}

// On a view's tab, ctrl+s and enter save the view over itself with the words typed
// and the sort on screen: its tab keeps its place, the filter is cleared.
func TestSaveAViewOverItself(t *testing.T) {
	c := &memConfig{}
	m := withViews(t, c, 100, 20, `{"name": "cheap", "price_max": 30000}`, `{"name": "kyiv", "city": "київ"}`)
	m, _ = viewLoop.Press(m, "v")
	tuitest.Contains(t, tuitest.Screen(m), "[cheap 6]")
	m, _ = viewLoop.Press(m, "/")
	m, _ = viewLoop.Type(m, "iphone")
	m, _ = viewLoop.Press(m, "enter", "s", "s", "ctrl+s", "enter")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "[cheap 1]", "sort: price ↑", "kyiv")
	tuitest.Lacks(t, s, "/ iphone")
	if got := string(c.Views[0]); got != `{"name":"cheap","search":"iphone","price_max":30000,"sort":"price"}` || c.names() != "cheap,kyiv" {
		t.Errorf("the config: %s (%s)", got, c.names())
	}
}

// The views' actions run out of reach (a caller of Run that did not ask the table)
// do nothing rather than fail.
func TestViewActionsOutOfReachDoNothing(t *testing.T) {
	m := loaded(t, &fakeLister{data: fixture()}, 80, 24)
	for _, id := range []string{"browser.view.next", "browser.view.rename", "browser.view.delete"} {
		if got, cmd := m.Run(action.ID(id)); cmd != nil || tuitest.Screen(got) != tuitest.Screen(m) {
			t.Errorf("%s did something without a view", id)
		}
	}
}
