package watch

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// TestSandboxBlockedDecision follows a listing through the sandbox's moderation: it
// is created pending, watched, and blocked for the prohibited word in its title.
func TestSandboxBlockedDecision(t *testing.T) {
	clk := newClock()
	svc := apitest.Serve(t, sandbox.Options{Now: clk.Now, ModerationDelay: 20 * time.Second})
	c := svc.Client(t, sandbox.KeyPersonal, api.WithClock(clk.Now), api.WithSleep(clk.Sleep))
	ctx := context.Background()
	cities, err := c.SearchCities(ctx, "Київ", "uk", 1)
	if err != nil || len(cities) == 0 {
		t.Fatal(cities, err)
	}
	created, err := c.CreateListing(ctx, &api.ListingCreate{
		Title:       "Toyota headlight replica",
		Description: "A replica of the left headlight for a Toyota Corolla E150.",
		Price:       api.PriceInt(900), CategoryID: 10402, CityRef: cities[0].Ref,
		Attributes: map[string]any{"car_brand": "toyota"},
	})
	if err != nil || created.Status != api.StatusPending {
		t.Fatalf("create %+v %v", created, err)
	}

	m := New(c, nil, DefaultInterval, clk.Now)
	m, out := loop.Step(m, msgs.Watch{ID: created.ListingID, Title: "Toyota headlight replica"})
	if e := m.store.Get(created.ListingID); e == nil || e.Status != api.StatusPending || e.LastChecked.IsZero() || len(tuitest.Of[msgs.Error](out)) != 0 {
		t.Fatalf("first check: %+v %v", e, out)
	}
	var decided []msgs.Notice
	var changed []msgs.ListingChanged
	for range 60 {
		m, out = tick(m, clk, time.Second)
		decided = append(decided, tuitest.Of[msgs.Notice](out)...)
		changed = append(changed, tuitest.Of[msgs.ListingChanged](out)...)
		if len(tuitest.Of[msgs.Error](out)) != 0 {
			t.Fatalf("error: %v", out)
		}
	}
	if len(decided) != 1 || !decided[0].Bell ||
		!strings.HasPrefix(decided[0].Text, "✖ Listing ") ||
		!strings.Contains(decided[0].Text, "“Toyota headlight replica” was blocked: the listing contains the prohibited word “replica”") {
		t.Fatalf("notices %+v", decided)
	}
	if len(changed) != 1 || changed[0].Status != api.StatusBlocked || changed[0].Moderation == nil || changed[0].Moderation.Reason == nil {
		t.Fatalf("changed %+v", changed)
	}
	e := m.store.Get(created.ListingID)
	if e.Pollable() || e.Reason == "" || e.DecidedAt.IsZero() {
		t.Errorf("entry %+v", e)
	}
	if b := c.Budget(); b.UsedToday > 6 {
		t.Errorf("%d requests for one watch", b.UsedToday)
	}
}
