package main

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// TestKill9DuringPriceJob is the bulk issue's kill test with a real process: a
// 30-listing price job (−10 %) is killed with SIGKILL while its requests are in
// flight (the service has applied them and their answers never come back), and
// `listings jobs resume` then finishes it. Every listing is edited exactly once, at
// its planned price: the requests whose answers were lost are checked with a GET,
// not sent again. The business key keeps the test quick: on a personal key the
// plan's reads and the resume's would wait for the minute (the budget is tested in
// api/jobs/bulk).
func TestKill9DuringPriceJob(t *testing.T) {
	h := newEditHolder(t, true)
	c, err := api.New(h.URL, api.StaticKey(sandbox.KeyBusiness))
	if err != nil {
		t.Fatal(err)
	}
	page, err := c.ListListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 100})
	if err != nil || len(page.Listings) < 30 {
		t.Fatalf("active listings: %v %v", err, page)
	}
	var ids []string
	for _, l := range page.Listings[:30] {
		ids = append(ids, strconv.Itoa(l.ID))
	}

	data := t.TempDir()
	env := []string{"LISTINGS_BASE_URL=" + h.URL, "LISTINGS_API_KEY=" + sandbox.KeyBusiness,
		"LISTINGS_DATA_DIR=" + data, "LISTINGS_CACHE_DIR=" + t.TempDir()}
	stderr := h.killAtHeld(t, env, append([]string{"price", "--by", "-10%"}, ids...)...)

	names, _ := filepath.Glob(filepath.Join(data, "jobs", "*-price.jsonl"))
	if len(names) != 1 {
		t.Fatalf("journals: %v\n%s", names, stderr)
	}
	before, err := bulk.Peek(names[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, left := before.Counts(); left == 0 {
		t.Fatalf("the kill left nothing to resume:\n%s", stderr)
	}

	r := runBin(t, env, "", "jobs", "resume", before.Head.Job)
	if r.code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, p := range before.Head.Items {
		d, err := c.GetListing(t.Context(), p.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if h.editsOf(p.ID) != 1 || d.Listing.Price.String() != p.NewPrice {
			t.Errorf("listing %d: edited %d times, price %s, planned %s → %s",
				p.ID, h.editsOf(p.ID), d.Listing.Price.String(), p.OldPrice, p.NewPrice)
		}
	}
	t.Logf("%d planned; the kill left %d in doubt or unsent", len(before.Head.Items), len(before.Left()))
}
