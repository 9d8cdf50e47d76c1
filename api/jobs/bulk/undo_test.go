package bulk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// An edit of three listings read in detail (their values before it kept in the
// journal), one of which had its contact name edited again since: the undo sets
// the two others' fields back (the active one, pending since the edit, has its
// review start again, said) and names the third with the field that moved; a
// journal of an earlier version, without the values before, undoes nothing.
func TestUndoOfAnEdit(t *testing.T) {
	clk := apitest.NewClock()
	c := apitest.Connect(t, apitest.Sandbox(t, clk, sandbox.Grow{Key: "business", Listings: 10}), clk)(sandbox.KeyBusiness)
	ctx := context.Background()
	page, err := c.ListListings(ctx, api.ListParams{Status: api.StatusInactive, Limit: 100})
	if err != nil || len(page.Listings) < 1 {
		t.Fatalf("inactive listings: %v", err)
	}
	var items []bulk.Item
	before := map[int]api.ListingFull{}
	all, err := c.ListListings(ctx, api.ListParams{Status: api.StatusActive, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range append(page.Listings[:1], all.Listings[:2]...) {
		d, err := c.GetListing(ctx, l.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		items, before[l.ID] = append(items, bulk.ItemOfDetail(&d.Listing)), d.Listing
	}
	patch := &api.ListingEdit{ContactName: api.Set("Оксана Петрівна"), HidePhone: api.Set(true)}
	p := bulk.Make(items, bulk.Action{Edit: true, Patch: patch}, c.Budget(), clk.Now())
	h := bulk.HeaderOf("", p)
	if h.Items[0].Old == nil || !h.Items[0].Old.ContactName.IsSet() {
		t.Fatalf("the header keeps no value before: %+v", h.Items[0])
	}
	j, err := bulk.CreateJob(t.TempDir(), "edit", clk.Now(), h)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := bulk.Run(ctx, c, j, nil); err != nil {
		t.Fatal(err)
	}
	moved := items[1].ID
	if _, err := c.EditListing(ctx, moved, &api.ListingEdit{ContactName: api.Set("Іван")}); err != nil {
		t.Fatal(err)
	}
	// A journal written before the values were kept: nothing to put back, said.
	old := bulk.HeaderOf("", p)
	for i := range old.Items {
		old.Items[i].Old = nil
	}
	oj, err := bulk.CreateJob(t.TempDir(), "edit", clk.Now(), old)
	if err != nil {
		t.Fatal(err)
	}
	defer oj.Close()
	for _, it := range old.Items {
		_ = oj.Succeeded(it.ID, "")
	}
	op, err := oj.Undo(ctx, c, clk.Now())
	if err != nil || op.Requests != 0 || !strings.Contains(op.Rows[0].Skip+op.Rows[2].Skip, "not kept") {
		t.Errorf("an earlier journal's undo: %v %+v", err, op)
	}

	up, err := j.Undo(ctx, c, clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if up.Requests != 2 || up.Rows[0].Change != "sets back contact_name, hide_phone" || up.Rows[0].ToModeration ||
		!strings.Contains(up.Rows[1].Skip, "contact_name") || !strings.HasSuffix(up.Rows[2].Change, "its review starts again)") {
		t.Fatalf("plan: %+v", up.Rows)
	}
	uj, err := up.Start(t.TempDir(), c.BaseURL(), clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer uj.Close()
	if err := uj.Run(ctx, c, nil); err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		d, err := c.GetListing(ctx, it.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		b := before[it.ID]
		if it.ID != moved && (d.Listing.ContactName != b.ContactName || d.Listing.HidePhone != b.HidePhone) {
			t.Errorf("listing %d: %q %v, was %q %v", it.ID, d.Listing.ContactName, d.Listing.HidePhone, b.ContactName, b.HidePhone)
		}
	}

}
