package mirror

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/listings-tui/listings/api"
)

// The attributes of a listing opened once are read back from its stored detail, by
// key, whatever their JSON type; a listing without a detail has none.
func TestAttributesFromStoredDetails(t *testing.T) {
	ctx := context.Background()
	db := searchFixture(t) // listing 5 has a detail without attributes
	r, _, _, err := db.Get(ctx, 6)
	if err != nil {
		t.Fatal(err)
	}
	full := api.ListingFull{Listing: r.Listing}
	attrs := `{"brand":"Trek","year":2021,"new":true,"size":{"from":1,"to":3},"none":null}`
	if err := json.Unmarshal([]byte(attrs), &full.Attributes); err != nil {
		t.Fatal(err)
	}
	if err := db.PutDetail(ctx, &full, "uk"); err != nil {
		t.Fatal(err)
	}
	keys, err := db.AttrKeys(ctx)
	if err != nil || fmt.Sprint(keys) != "[brand new none size year]" {
		t.Fatalf("keys %v %v", keys, err)
	}
	for key, want := range map[string]string{
		"brand": "map[6:Trek]", "year": "map[6:2021]", "new": "map[6:yes]",
		"size": `map[6:{"from":1,"to":3}]`, "none": "map[]", "colour": "map[]",
	} {
		got, err := db.AttrValues(ctx, key)
		if err != nil || fmt.Sprint(got) != want {
			t.Errorf("%s: %v %v, want %s", key, got, err, want)
		}
	}
}
