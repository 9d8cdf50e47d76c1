package api_test

import (
	"encoding/json"
	"testing"

	"github.com/listings-tui/listings/api"
)

// A listing whose id cannot be read has none (HasID), and its JSON gives the id as it
// came with "id_unreadable": true, never a 0; a readable one is written as before.
func TestListingWithoutAReadableID(t *testing.T) {
	for sent, want := range map[string]string{
		`{"id":"abc","title":"A"}`:              `{"id":"abc","id_unreadable":true,"title":"A"}`,
		`{"id":1.5,"title":"A","views":"many"}`: `{"id":1.5,"id_unreadable":true,"title":"A","views":0}`,
		`{"id":1e30,"views":"x"}`:               `{"id":1e30,"id_unreadable":true,"views":0}`,
		`{"id":{"a":1},"views":"x"}`:            `{"id":{"a":1},"id_unreadable":true,"views":0}`,
		"{\"id\":\"a\xffb\",\"views\":\"x\"}":   "{\"id\":\"a\ufffdb\",\"id_unreadable\":true,\"views\":0}",
		`{"title":"A","views":"x"}`:             `{"id":null,"id_unreadable":true,"title":"A","views":0}`,
		`{"id":-3,"views":"x"}`:                 `{"id":-3,"id_unreadable":true,"views":0}`,
		`{"id":7,"views":"x"}`:                  `{"id":7,"views":0}`,
	} {
		var l api.Listing
		if err := json.Unmarshal([]byte(sent), &l); err != nil {
			t.Fatalf("%s: %v", sent, err)
		}
		if l.HasID() != (l.ID == 7) {
			t.Errorf("%s: HasID %v", sent, l.HasID())
		}
		if got, err := json.Marshal(l); err != nil || string(got) != want {
			t.Errorf("%s: written %s (%v), want %s", sent, got, err, want)
		}
	}
	// Read at once (every field well formed), null and no id alike.
	for _, sent := range []string{`{"id":null,"title":"A"}`, `{"title":"A"}`} {
		var l api.Listing
		_ = json.Unmarshal([]byte(sent), &l)
		var back map[string]any
		if b, _ := json.Marshal(l); json.Unmarshal(b, &back) != nil || back["id"] != nil || back["id_unreadable"] != true || back["title"] != "A" {
			t.Errorf("%s: written %v", sent, back)
		}
	}
}
