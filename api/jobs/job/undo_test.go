package job_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// patches counts the PATCHes the sandbox received, by listing.
type patches struct {
	srv *sandbox.Server
	mu  sync.Mutex
	n   map[int]int
}

func (p *patches) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPatch {
		id, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/api/v1/my/listings/"))
		p.mu.Lock()
		p.n[id]++
		p.mu.Unlock()
	}
	apitest.Relay(w, r, p.srv)
}

// take returns the counts so far and starts again.
func (p *patches) take() (total int, by map[int]int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	by, p.n = p.n, map[int]int{}
	for _, n := range by {
		total += n
	}
	return total, by
}

// The case: a price job cuts 600 prices by 10 % by mistake. Since, five
// listings had their price changed by another edit, and moderation decided every one
// the job sent it: most approved (active again), some blocked (the sandbox's seeded
// prohibited words, and one given such a word after the job). The undo plans every
// other price back (each back to moderation, said in the plan) and names the changed
// and the blocked ones; run, it sends exactly one PATCH for each listing it plans,
// and every price is as it was before the job but those left alone.
func TestUndoOf600PricesPutsEveryPriceBack(t *testing.T) {
	clk := apitest.NewClock()
	p := &patches{srv: apitest.Sandbox(t, clk, sandbox.Grow{Key: "business", Listings: 700}), n: map[int]int{}}
	c := apitest.Connect(t, p, clk)(sandbox.KeyBusiness)
	ctx := context.Background()
	var items []bulk.Item
	for page, err := range c.AllListings(ctx, api.ListParams{Status: api.StatusActive, Limit: 100}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Listings {
			if !l.Price.IsZero() && l.Price.Float64() > 10 {
				items = append(items, bulk.ItemOf(l))
			}
		}
	}
	if len(items) < 600 {
		t.Fatalf("%d active listings with a price", len(items))
	}
	items = items[:600]
	before := map[int]string{}
	for _, it := range items {
		before[it.ID] = it.Price.String()
	}
	pc, _ := bulk.ParsePriceChange("", "-10%", "")
	plan := bulk.Make(items, bulk.Action{Price: &pc}, c.Budget(), clk.Now())
	if len(plan.Changes) != 600 {
		t.Fatalf("plan: %d changes, skips %v", len(plan.Changes), plan.Skips[:min(3, len(plan.Skips))])
	}
	dir := t.TempDir()
	j, err := bulk.CreateJob(dir, "price", clk.Now(), bulk.HeaderOf("", plan))
	if err != nil {
		t.Fatal(err)
	}
	if err := bulk.Run(ctx, c, j, nil); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if n, _ := p.take(); n != 600 {
		t.Fatalf("the price job sent %d PATCHes", n)
	}

	// Since the job: five prices edited elsewhere, one listing given a prohibited
	// word (a moderator blocks it), and every review decided.
	changed := map[int]bool{}
	for _, it := range items[10:15] {
		if _, err := c.EditListing(ctx, it.ID, &api.ListingEdit{Price: api.Set(api.PriceInt(12345))}); err != nil {
			t.Fatal(err)
		}
		changed[it.ID] = true
	}
	blocked := items[20].ID
	if _, err := c.EditListing(ctx, blocked, &api.ListingEdit{Title: api.Set("Підробка, не купуйте цей товар")}); err != nil {
		t.Fatal(err)
	}
	_ = clk.Sleep(ctx, time.Hour)
	decided := map[int]bool{} // blocked by a moderator since the job
	for _, it := range items {
		d, err := c.GetListing(ctx, it.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if d.Listing.Status == api.StatusBlocked {
			decided[it.ID] = true
		}
	}
	if !decided[blocked] || len(decided) > 100 {
		t.Fatalf("blocked since the job: %d, the one given a prohibited word among them: %v", len(decided), decided[blocked])
	}
	alone := len(changed) // changed since, or blocked since, or both
	for id := range decided {
		if !changed[id] {
			alone++
		}
	}
	want := 600 - alone
	p.take()

	pj, err := bulk.Open(j.Path)
	if err != nil {
		t.Fatal(err)
	}
	up, err := pj.Undo(ctx, c, clk.Now())
	pj.Close()
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	toMod := 0
	for _, r := range up.Rows {
		switch {
		case r.Skip != "":
			skipped = append(skipped, strconv.Itoa(r.ID)+": "+r.Skip)
		case r.ToModeration:
			toMod++
		}
	}
	if up.Requests != want || len(skipped) != 600-want || toMod != want || up.Reads == 0 || up.Reads > 20 {
		t.Fatalf("undo plan: %d requests (want %d), %d reads, %d to moderation, left alone %v", up.Requests, want, up.Reads, toMod, skipped)
	}
	summary := strings.Join(up.Summary, "\n")
	for _, line := range []string{fmt.Sprintf("%d listings back", want), fmt.Sprintf("%d left alone", 600-want),
		fmt.Sprintf("%d active listings go back to moderation", want)} {
		if !strings.Contains(summary, line) {
			t.Errorf("the plan does not say %q:\n%s", line, summary)
		}
	}

	uj, err := up.Start(dir, c.BaseURL(), clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := uj.Run(ctx, c, nil); err != nil {
		t.Fatal(err)
	}
	uj.Close()
	total, by := p.take()
	if total != want {
		t.Errorf("the undo sent %d PATCHes, want %d", total, want)
	}
	for id, n := range by {
		if n != 1 {
			t.Errorf("listing %d PATCHed %d times by the undo", id, n)
		}
	}
	for _, it := range items {
		d, err := c.GetListing(ctx, it.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		got := d.Listing.Price.String()
		switch {
		case changed[it.ID] && got != "12345":
			t.Errorf("listing %d, changed since the job, is at %s", it.ID, got)
		case !changed[it.ID] && !decided[it.ID] && got != before[it.ID]:
			t.Errorf("listing %d is at %s, was %s before the job", it.ID, got, before[it.ID])
		}
	}
	if uj.Info().Undoes != j.Head.Job || uj.Verb() != "price" {
		t.Errorf("the undo's job: %+v %s", uj.Info(), uj.Verb())
	}
}
