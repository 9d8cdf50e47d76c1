package bulk_test

import (
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
)

func price(t *testing.T, s string) api.Price {
	t.Helper()
	p, err := api.ParsePrice(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPriceChanges(t *testing.T) {
	for _, c := range []struct{ set, by, round, old, want string }{
		{"3000", "", "", "2500", "3000"},
		{"", "-10%", "", "1000", "900"},
		{"", "-10%", "", "1499.99", "1349.99"}, // 1349.991 to cents
		{"", "+5%", "10", "2347", "2460"},      // 2464.35 to the nearest 10
		{"", "-10%", "0.99", "2500", "2249.99"},
		{"", "+200", "", "1500.5", "1700.5"},
		{"", "-10%", "100:99", "2700", "2399"}, // 2430 → the nearest …99
		{"", "-200", "", "150", "-50"},         // the plan refuses it, Apply only computes
	} {
		pc, err := bulk.ParsePriceChange(c.set, c.by, c.round)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		got, err := pc.Apply(price(t, c.old))
		if err != nil || got.String() != c.want {
			t.Errorf("%+v: %s, %v; want %s", c, got.String(), err, c.want)
		}
	}
	for _, bad := range [][3]string{{"", "", ""}, {"100", "-5%", ""}, {"abc", "", ""}, {"", "10%", ""}, {"", "-100%", ""},
		{"", "-5%", "0"}, {"", "-5%", "10:15"}, {"-5", "", ""}} {
		if _, err := bulk.ParsePriceChange(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func items() []bulk.Item {
	return []bulk.Item{
		{ID: 1, Status: api.StatusActive, Price: api.PriceInt(1000), Currency: "UAH"},
		{ID: 2, Status: api.StatusInactive, Price: api.PriceInt(2000), Currency: "UAH"},
		{ID: 3, Status: api.StatusPending, Price: api.PriceInt(3000), Currency: "UAH"},
		{ID: 4, Status: api.StatusBlocked, Price: api.PriceInt(400), Currency: "USD"},
		{ID: 5, Status: api.StatusSold, Price: api.PriceInt(500), Currency: "UAH"},
		{ID: 6, Status: api.StatusActive, Price: api.PriceInt(0), Currency: "UAH"},
		{ID: 7, Status: api.StatusActive, Price: api.PriceInt(0), Currency: "UAH", PriceType: api.PriceExchange},
		{ID: 1, Status: api.StatusActive, Price: api.PriceInt(1000), Currency: "UAH"}, // twice: once
	}
}

func ids(cs []bulk.Change) []int {
	var out []int
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func TestStatusPlansFollowTheSpec(t *testing.T) {
	b := api.Budget{PerMinute: 60, PerDay: 5000}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, api.Kyiv)
	p := bulk.Make(items(), bulk.Action{Status: api.StatusInactive}, b, now)
	if got := ids(p.Changes); len(got) != 3 || got[0] != 1 || got[1] != 6 || got[2] != 7 {
		t.Fatalf("deactivate changes %v: only the active ones", got)
	}
	reasons := map[int]string{}
	for _, s := range p.Skips {
		reasons[s.ID] = s.Reason
	}
	if !strings.Contains(reasons[2], "already inactive") || !strings.Contains(reasons[3], "moderation") ||
		!strings.Contains(reasons[5], "moderator or admin") || p.ToModeration != 0 || p.Requests != 3 {
		t.Fatalf("plan %+v", p)
	}
	a := bulk.Make(items(), bulk.Action{Status: api.StatusActive}, b, now)
	if got := ids(a.Changes); len(got) != 1 || got[0] != 2 {
		t.Fatalf("activate changes %v: only the inactive one", got)
	}
}

func TestPricePlanSkipsWhatHasNoPriceAndWarnsOfModeration(t *testing.T) {
	pc, _ := bulk.ParsePriceChange("", "-10%", "10")
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, api.Kyiv)
	p := bulk.Make(items(), bulk.Action{Price: &pc}, api.Budget{PerMinute: 60, PerDay: 5000}, now)
	if got := ids(p.Changes); len(got) != 4 || got[0] != 1 || got[1] != 2 || got[2] != 3 || got[3] != 4 {
		t.Fatalf("price changes %v", got)
	}
	if p.Changes[0].NewPrice.String() != "900" || p.Changes[3].NewPrice.String() != "360" {
		t.Errorf("new prices %v, %v", p.Changes[0].NewPrice, p.Changes[3].NewPrice)
	}
	if p.ToModeration != 1 {
		t.Errorf("%d to moderation, want the one active listing", p.ToModeration)
	}
	text := strings.Join(p.Summary(), "\n")
	for _, want := range []string{"4 of 7 listings change; 3 skipped", "! 1 active listing goes back to moderation",
		"skipped 1: a price of 0", "skipped 1: it is offered in exchange: it has no price", "the listing is sold: it cannot be edited through the API", "4 requests, at once"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
}

// The cost says the time under the key's limits, and the days when the day's budget
// does not hold it.
func TestPlanCost(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 30, 0, api.Kyiv)
	var many []bulk.Item
	for i := range 130 {
		many = append(many, bulk.Item{ID: i + 1, Status: api.StatusActive})
	}
	b := api.Budget{PerMinute: 60, PerDay: 5000, UsedMinute: 10, MinuteResetsAt: now.Add(30 * time.Second)}
	p := bulk.Make(many, bulk.Action{Status: api.StatusInactive}, b, now)
	// 50 go now; the window slides, so the other 80 need two more minutes at most.
	if p.Requests != 130 || p.Duration != 2*time.Minute || !p.FitsToday || p.Days != 1 {
		t.Fatalf("cost: %d requests, %v, fits %v, %d days", p.Requests, p.Duration, p.FitsToday, p.Days)
	}
	b.UsedToday = 4950
	p = bulk.Make(many, bulk.Action{Status: api.StatusInactive}, b, now)
	if p.FitsToday || p.Days != 2 || !strings.Contains(strings.Join(p.Summary(), "\n"), "over 2 days") {
		t.Fatalf("over the day: %+v\n%s", p, strings.Join(p.Summary(), "\n"))
	}
}

// A bulk edit sends each listing only what it does not hold yet (rules.Unheld): a
// listing that holds every value is skipped, not sent back to moderation for nothing,
// and one that holds some gets a patch of the others.
func TestEditSendsOnlyWhatListingsLack(t *testing.T) {
	used, ref := "used", "db5c88f5-391c-11dd-90d9-001a92567626"
	full := func(id int, phone string) *api.ListingFull {
		return &api.ListingFull{Listing: api.Listing{ID: id, Status: api.StatusActive, Currency: "UAH", Condition: &used},
			CityRef: ref, ContactPhone: phone}
	}
	its := []bulk.Item{
		{ID: 1, Status: api.StatusActive, Currency: "UAH", Condition: &used},                     // list: holds condition; city unknown
		bulk.ItemOfDetail(full(2, "+380671234567")),                                              // holds both, the phone written otherwise
		bulk.ItemOfDetail(full(3, "+380501234567")),                                              // holds the city only
		{ID: 4, Status: api.StatusActive, Currency: "UAH"},                                       // list, condition unknown
		bulk.ItemOfDetail(&api.ListingFull{Listing: api.Listing{ID: 5, Status: api.StatusSold}}), // refused by its status
	}
	patch := &api.ListingEdit{CityRef: api.Set(ref), ContactPhone: api.Set("067 123 45 67")}
	p := bulk.Make(its, bulk.Action{Edit: true, Patch: patch}, api.Budget{}, time.Now())
	changed := map[int]*api.ListingEdit{}
	for _, c := range p.Changes {
		changed[c.ID] = c.Patch
	}
	if _, ok := changed[2]; ok || len(p.Changes) != 3 || len(p.Skips) != 2 {
		t.Fatalf("changes %v, skips %v", p.Changes, p.Skips)
	}
	if e := changed[3]; e == nil || e.CityRef.IsSet() || !e.ContactPhone.IsSet() {
		t.Errorf("listing 3 gets %+v, want only the phone", e)
	}
	if changed[1] != nil || changed[4] != nil {
		t.Errorf("listings known by the list only get the whole patch: %+v %+v", changed[1], changed[4])
	}
	if p.Skips[0].ID != 2 || !strings.Contains(p.Skips[0].Reason, "has these values already") {
		t.Errorf("skips %+v", p.Skips)
	}
	h := bulk.HeaderOf("job", p)
	if h.Items[1].Patch == nil || h.Items[1].Patch.CityRef.IsSet() {
		t.Errorf("the journal does not keep listing 3's own patch: %+v", h.Items[1])
	}
}
