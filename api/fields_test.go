package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
)

// One malformed value costs its field, not the listing or the page: the rest is read,
// and the field is named.
func TestListingFieldsReadOneByOne(t *testing.T) {
	var page api.ListPage
	body := `{"ok":true,"count":2,"listings":[
		{"id":1,"title":"Велосипед","price":100,"currency":"UAH","status":"active","views":"many","created_at":"2026-13-45 99:00:00"},
		{"id":2,"title":"Крісло","price":"50","status":"on_hold","created_at":"2026-11-21 16:15","vip_until":"0000-00-00 00:00:00"}]}`
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		t.Fatalf("the page failed on one bad value: %v", err)
	}
	if len(page.Listings) != 2 {
		t.Fatalf("%d listings", len(page.Listings))
	}
	a, b := page.Listings[0], page.Listings[1]
	if a.ID != 1 || a.Title != "Велосипед" || a.Price.String() != "100" || a.Views != 0 || !a.CreatedAt.IsZero() {
		t.Errorf("first listing %+v", a)
	}
	var names []string
	for _, p := range a.Problems {
		names = append(names, p.Field)
	}
	if strings.Join(names, ",") != "views,created_at" {
		t.Errorf("problems %v", a.Problems)
	}
	if len(b.Problems) != 0 || b.Status != "on_hold" || b.CreatedAt.Format("15:04:05") != "16:15:00" ||
		b.VIPUntil == nil || !b.VIPUntil.IsZero() {
		t.Errorf("second listing %+v: a time without seconds, an unknown status and a zero date are readable", b)
	}
}

// A listing written back out holds what the service sent, never zero values for the
// fields it did not send.
func TestListingWrittenBackHoldsWhatCame(t *testing.T) {
	var d api.ListingDetail
	body := `{"ok":true,"listing":{"id":7,"title":"Лампа","status":"active","description":"Настільна лампа","category_id":0}}`
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(d.Listing)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"id":7,"title":"Лампа","status":"active","description":"Настільна лампа","category_id":0}` {
		t.Errorf("written back: %s", out)
	}
	if !d.Listing.Sent("category_id") || d.Listing.Sent("views") || d.Listing.Sent("price") {
		t.Error("Sent does not tell what came")
	}
	made := api.Listing{ID: 3, Title: "x"}
	if out, _ := json.Marshal(made); !strings.Contains(string(out), `"views":0`) {
		t.Errorf("a listing made here writes every field: %s", out)
	}
}
