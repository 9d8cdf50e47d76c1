package bulkform

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

type fakeSvc struct{ budget api.Budget }

func (f fakeSvc) Budget() api.Budget { return f.budget }

func (fakeSvc) SearchCities(_ context.Context, q, _ string, _ int) ([]api.City, error) {
	return []api.City{{Ref: "ref-kyiv", Label: "Київ", Warehouses: 12}}, nil
}

var now = time.Date(2026, 11, 24, 15, 0, 0, 0, api.Kyiv)

var loop = tuitest.Loop[Model]{}

func newView(b api.Budget) Model {
	return New(fakeSvc{budget: b}, "en", func() time.Time { return now })
}

// mixed is a set of every status, with prices.
func mixed() []bulk.Item {
	var out []bulk.Item
	add := func(n int, st api.Status, title string) {
		for i := range n {
			out = append(out, bulk.Item{ID: len(out) + 1, Title: fmt.Sprintf("%s %d", title, i+1), Status: st,
				Price: api.PriceInt(1000), Currency: "UAH"})
		}
	}
	add(5, api.StatusActive, "Bike")
	add(4, api.StatusInactive, "Lamp")
	add(2, api.StatusPending, "Sofa")
	add(1, api.StatusSold, "Phone")
	return out
}

var personal = api.Budget{PerMinute: 60, PerDay: 1000, Known: true}

func TestPlanOfAMixedSetSaysSkipsByReasonAndModeration(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 40)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkActivate, Items: mixed()})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Activate 12 listings?", "4 of 12 listings change; 8 skipped",
		"skipped 5:", "“Bike 1”, “Bike 2”, “Bike 3” and 2 more", "skipped 2:", "“Sofa 1”, “Sofa 2”",
		"skipped 1:", "“Phone 1”", "4 requests", "y/enter start the job")
	tuitest.Lacks(t, s, "moderation (an edited")

	// A price change: the active listings go back to moderation, said loudly.
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: mixed()})
	m, _ = loop.Type(m, "-10%")
	m, _ = loop.Press(m, "tab")
	m, _ = loop.Type(m, "10")
	m, _ = loop.Press(m, "enter")
	s = tuitest.Screen(m)
	tuitest.Contains(t, s, "Change the price of 12 listings?", "11 of 12 listings change; 1 skipped",
		"!! 5 active listings go back to moderation", "“Bike 1”: UAH 1,000 → UAH 900", "11 requests")
	_, out := loop.Press(m, "y")
	if st := tuitest.Of[msgs.StartJob](out); len(st) != 1 || st[0].Verb != "price" || len(st[0].Plan.Changes) != 11 {
		t.Fatalf("y did not start the job: %v", out)
	}
	_, out = loop.Press(m, "n")
	if len(tuitest.Of[msgs.Back](out)) != 1 || len(tuitest.Of[msgs.StartJob](out)) != 0 {
		t.Fatalf("n did not cancel: %v", out)
	}
}

func TestPlanOverTheDayAndScrollingAt60x15(t *testing.T) {
	m := newView(api.Budget{PerMinute: 60, PerDay: 100, UsedToday: 90, Known: true})
	m.SetSize(60, 13) // 60×15 less the root's header and footer
	var items []bulk.Item
	for i := range 40 {
		st := api.StatusActive
		if i%3 == 0 {
			st = []api.Status{api.StatusInactive, api.StatusSold, api.StatusArchived, api.StatusBlocked}[i%4]
		}
		items = append(items, bulk.Item{ID: i + 1, Title: fmt.Sprintf("Listing %d", i+1), Status: st})
	}
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkDeactivate, Items: items})
	v := m.View()
	tuitest.CheckExactSize(t, v, 60, 13)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Deactivate 40 listings?", "y/enter", "↑/↓ more")
	for range 20 {
		m, _ = loop.Press(m, "down")
	}
	s = tuitest.Screen(m)
	tuitest.CheckExactSize(t, m.View(), 60, 13)
	tuitest.Contains(t, s, "more than is left of today's budget", "days")
}

func TestPriceFormShowsTheParseErrorInline(t *testing.T) {
	m := newView(personal)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: mixed()})
	m, _ = loop.Type(m, "-100%")
	m, out := loop.Press(m, "enter")
	tuitest.Contains(t, tuitest.Screen(m), "cannot go down by 100% or more")
	if len(out) != 0 || m.stage != stPrice {
		t.Fatalf("a bad change left the form: %v", out)
	}
	m, _ = loop.Press(m, "backspace", "backspace", "backspace", "backspace", "backspace")
	m, _ = loop.Type(m, "2500")
	m, _ = loop.Press(m, "tab")
	m, _ = loop.Type(m, "1:5")
	m, _ = loop.Press(m, "enter")
	tuitest.Contains(t, tuitest.Screen(m), `rounding "1:5"`)
}

func TestFieldsFormSendsOnlyWhatIsSet(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 30)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
	m, _ = loop.Press(m, "enter") // on the condition, unchanged: city search opens? no: enter on condition plans
	tuitest.Contains(t, tuitest.Screen(m), "every field is unchanged")
	m, _ = loop.Press(m, "right", "right") // condition: used
	m, _ = loop.Press(m, "down", "К")      // city: typing searches
	if !m.picking {
		t.Fatal("typing on the city did not open the picker")
	}
	m, _ = loop.Step(m, citypick.Chosen{City: api.City{Ref: "ref-kyiv", Label: "Київ"}})
	m, _ = loop.Press(m, "down", "down") // contact phone
	m, _ = loop.Type(m, "12ab")
	m, _ = loop.Press(m, "ctrl+s")
	tuitest.Contains(t, tuitest.Screen(m), "contact phone:")
	m, _ = loop.Press(m, "backspace", "backspace", "backspace", "backspace")
	m, _ = loop.Type(m, "+380501234567")
	m, _ = loop.Press(m, "ctrl+s")
	if m.stage != stPlan {
		t.Fatalf("no plan:\n%s", tuitest.Screen(m))
	}
	e := m.plan.Action.Patch
	if c, _ := e.Condition.Get(); c != "used" || !e.CityRef.IsSet() || !e.ContactPhone.IsSet() ||
		e.ContactName.IsSet() || e.HidePhone.IsSet() || e.Currency.IsSet() || e.Price.IsSet() {
		t.Fatalf("the patch: %+v", e)
	}
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "Edit 12 listings?", "!! 5 active listings go back to moderation",
		"sets: condition used, city Київ, contact phone +380501234567")
	if !strings.Contains(s, "skipped 1:") {
		t.Errorf("the sold listing is not skipped:\n%s", s)
	}
}

func TestEveryStageFitsAnySize(t *testing.T) {
	for _, size := range [][2]int{{20, 3}, {40, 8}, {60, 13}, {120, 40}} {
		for _, v := range []msgs.BulkVerb{msgs.BulkDeactivate, msgs.BulkPrice, msgs.BulkEdit} {
			m := newView(personal)
			m.SetSize(size[0], size[1])
			m, _ = m.Open(msgs.Bulk{Verb: v, Items: mixed()})
			tuitest.CheckExactSize(t, m.View(), size[0], size[1])
			if v == msgs.BulkEdit {
				m, _ = loop.Press(m, "down", "К") // the city picker
				tuitest.CheckExactSize(t, m.View(), size[0], size[1])
			}
		}
	}
}

// The fields form: ? is the root's help where no text input has focus (no field
// takes the letters there), enter makes the
// plan on every field (the city too), and esc asks before throwing away what was
// set (and leaves at once when nothing was).
func TestFieldsFormHelpEnterAndEsc(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 30)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
	if action.Typing(m.Actions()) {
		t.Error("the condition takes the letters: ? would not reach the help")
	}
	m, _ = loop.Press(m, "right", "down", "enter") // condition new; enter on the city
	if m.picking || m.stage != stPlan {
		t.Fatalf("enter on the city did not make the plan (picking %v, stage %v)", m.picking, m.stage)
	}
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
	m, _ = loop.Press(m, "right")
	m, out := loop.Press(m, "esc")
	if len(tuitest.Of[msgs.Back](out)) != 0 || !strings.Contains(tuitest.Screen(m), "Discard what you set?") {
		t.Fatalf("esc with a field set did not ask: %v\n%s", out, tuitest.Screen(m))
	}
	m, out = loop.Press(m, "n")
	if len(out) != 0 || strings.Contains(tuitest.Screen(m), "Discard") || m.form.pick[fCondition] != 1 {
		t.Fatalf("n did not keep the form: %v", out)
	}
	m, _ = loop.Press(m, "esc")
	if _, out = loop.Press(m, "y"); len(tuitest.Of[msgs.Back](out)) != 1 {
		t.Fatalf("y did not discard: %v", out)
	}
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkEdit, Items: mixed()})
	if _, out = loop.Press(m, "esc"); len(tuitest.Of[msgs.Back](out)) != 1 {
		t.Fatalf("esc on an untouched form did not leave: %v", out)
	}
}
