package bulkform

import (
	"fmt"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// priced is one active listing per price, in UAH.
func priced(prices ...string) []bulk.Item {
	var out []bulk.Item
	for i, p := range prices {
		pr, err := api.ParsePrice(p)
		if err != nil {
			panic(err)
		}
		out = append(out, bulk.Item{ID: i + 1, Title: fmt.Sprintf("Item %d", i+1), Status: api.StatusActive, Price: pr, Currency: "UAH"})
	}
	return out
}

func TestUsualRounding(t *testing.T) {
	free := bulk.Item{ID: 9, Status: api.StatusActive, PriceType: api.PriceFree}
	for _, c := range []struct {
		items []bulk.Item
		want  string
	}{
		{priced("4299", "3299", "2499"), "100:99"},
		{priced("4299", "2899", "1299"), "10:9"}, // 100 is too coarse for 1 299
		{priced("4300", "12000", "2500"), "100"},
		{priced("1500", "400", "12000", "6000", "2600", "2300", "850", "1499.99"), "10"}, // one off the grid
		{priced("1499.99", "299.99", "89.99"), "0.99"},
		{priced("4084", "1237", "733"), "1"},
		{priced("12.35", "8.10", "3.99"), ""},
		{priced("150", "120", "30", "45"), "1"}, // tens move a 30 too far
		{append(priced(), free), ""},
		{nil, ""},
	} {
		if got, why := usualRounding(c.items); got != c.want || (got != "" && why == "") {
			t.Errorf("%v: %q (%s), want %q", prices(c.items), got, why, c.want)
		}
	}
}

func prices(items []bulk.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Price.String())
	}
	return out
}

// −5 % of 4 299 is not offered as 4 084.05: the form fills in the rounding the
// listings' prices follow, says why, and shows a few of them old → new as the change
// is typed, before the plan; the rounding can be replaced or cleared, and the preview
// follows.
func TestPriceFormOffersTheUsualRoundingAndShowsTheResult(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 22)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: priced("4299", "2899", "1299", "599")})
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "round:  10:9", "usual: prices end in 9 · typing replaces it")

	m, _ = loop.Type(m, "-5%")
	if m.stage != stPrice {
		t.Fatal("typing left the form")
	}
	s = tuitest.Screen(m)
	tuitest.Contains(t, s, "for example, with the rounding:",
		"“Item 1”", "UAH 4,299 → UAH 4,089  -4.9%",
		"“Item 2”", "UAH 2,899 → UAH 2,759  -4.8%",
		"“Item 3”", "UAH 1,299 → UAH 1,239  -4.6%")
	tuitest.Lacks(t, s, "4 084.05", "Item 4") // three examples

	// Typing into the suggestion replaces it.
	m, _ = loop.Press(m, "tab")
	m, _ = loop.Type(m, "100")
	s = tuitest.Screen(m)
	tuitest.Contains(t, s, "round:  100 ", "UAH 4,299 → UAH 4,100", "empty: to the cent")
	m, _ = loop.Press(m, "backspace", "backspace", "backspace")
	tuitest.Contains(t, tuitest.Screen(m), "UAH 4,299 → UAH 4,084.05  -5%")

	// What enter plans is what was shown.
	m, _ = loop.Type(m, "10")
	m, _ = loop.Press(m, "enter")
	if m.stage != stPlan || m.plan.Changes[0].NewPrice.String() != "4080" {
		t.Fatalf("the plan: %+v\n%s", m.plan.Changes, tuitest.Screen(m))
	}
	tuitest.Contains(t, tuitest.Screen(m), "“Item 1”: UAH 4,299 → UAH 4,080")
}

// A price typed whole is not rounded by the suggestion, and the form says so; a
// rounding the user typed applies to it.
func TestPriceFormKeepsATypedPrice(t *testing.T) {
	m := newView(personal)
	m.SetSize(80, 22)
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: priced("4299", "3299", "2499")})
	m, _ = loop.Type(m, "3000")
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "round:  100:99", "not used: a price you type stays as typed", "UAH 4,299 → UAH 3,000")
	m, _ = loop.Press(m, "tab")
	m, _ = loop.Type(m, "100:99")
	tuitest.Contains(t, tuitest.Screen(m), "UAH 4,299 → UAH 2,999")
	m, _ = loop.Press(m, "tab", "ctrl+u")
	m, _ = loop.Type(m, "-")
	tuitest.Contains(t, tuitest.Screen(m), `change "-": write a signed amount`) // said as it is typed, not red yet
}

// The form, its hint and its examples fit 60×15 (60×13 for the view) and the titles,
// not the prices, give way.
func TestPriceFormAt60x15(t *testing.T) {
	m := newView(personal)
	m.SetSize(60, 13)
	items := priced("4299", "2899", "1299")
	items[0].Title = "Велосипед Trek Marlin 7, рама L, 2021 року, в ідеальному стані"
	m, _ = m.Open(msgs.Bulk{Verb: msgs.BulkPrice, Items: items})
	m, _ = loop.Type(m, "-5%")
	tuitest.CheckExactSize(t, m.View(), 60, 13)
	s := tuitest.Screen(m)
	tuitest.Contains(t, s, "usual: prices end in 9 · typing replaces it", "“Велосипед Trek", "UAH 4,299 → UAH 4,089  -4.9%",
		"UAH 1,299 → UAH 1,239  -4.6%")
	if strings.Contains(s, "Велосипед Trek Marlin 7, рама L, 2021 року, в ідеальному стані") {
		t.Error("the long title was not shortened")
	}
}
