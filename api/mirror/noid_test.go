package mirror

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/listings-tui/listings/api"
)

// onePage is a service of one page.
type onePage struct{ page api.ListPage }

func (o *onePage) ListListings(context.Context, api.ListParams) (*api.ListPage, error) {
	return &o.page, nil
}

// A sync keeps the listings it can key and counts those whose ids cannot be read,
// which it cannot (two of them are not one listing of id 0).
func TestSyncCountsListingsWithoutAReadableID(t *testing.T) {
	d := openTemp(t)
	src := &onePage{}
	if err := json.Unmarshal([]byte(`{"count":3,"listings":[
		{"id":"abc","title":"Перша","status":"active"},
		{"id":null,"title":"Друга","status":"active"},
		{"id":7,"title":"Сьома","status":"active"}]}`), &src.page); err != nil {
		t.Fatal(err)
	}
	res, err := d.Sync(context.Background(), src, SyncOptions{Lang: "uk"})
	if err != nil || res.NoID != 2 || res.Listings != 3 || res.Added != 1 {
		t.Fatalf("%+v, %v", res, err)
	}
	if n, err := d.Count(context.Background()); err != nil || n != 1 {
		t.Errorf("%d listings kept, %v", n, err)
	}
}
