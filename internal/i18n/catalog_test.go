package i18n

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/listings-tui/listings/assets"
)

// raw is l's whole catalog, id by id, as the files hold it; an id in two files is
// an error, since which one wins would depend on the order they are read in.
func raw(l Lang) (map[string]json.RawMessage, error) {
	names, err := files(l)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	where := map[string]string{}
	for _, name := range names {
		b, err := assets.I18n.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for id, v := range m {
			if prev, dup := where[id]; dup {
				return nil, fmt.Errorf("%s: %q is also in %s", name, id, prev)
			}
			out[id], where[id] = v, name
		}
	}
	return out, nil
}

// TestIDsLiveInTheirArea: a lookup reads the file its id's first word names, else
// common.json (book). An id in another file would pass every test that reads the
// catalog whole and show as its id in the app, so every id of an area file starts
// with the area's name, and no id of common.json with another area's.
func TestIDsLiveInTheirArea(t *testing.T) {
	for _, l := range []Lang{English, Ukrainian, Russian} {
		names, err := files(l)
		if err != nil {
			t.Fatal(err)
		}
		areas := map[string]bool{}
		for _, n := range names {
			areas[strings.TrimSuffix(path.Base(n), ".json")] = true
		}
		for _, n := range names {
			area := strings.TrimSuffix(path.Base(n), ".json")
			b, err := assets.I18n.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			for id := range m {
				first, _, _ := strings.Cut(id, ".")
				switch {
				case area != "common" && first != area:
					t.Errorf("%s: %q belongs in %s.json, where a lookup looks for it", n, id, first)
				case area == "common" && areas[first] && first != "common":
					t.Errorf("%s: %q belongs in %s.json, where a lookup looks for it", n, id, first)
				}
			}
		}
	}
}

// And a lookup finds what the whole catalog holds: every English id, by the book.
func TestEveryEntryIsFoundByItsLookup(t *testing.T) {
	en := catalog(t, English)
	For(English) // makes the bundle that ensure adds to
	for id := range en {
		if strings.HasPrefix(id, "number.") || id == "price" {
			continue // templates of numbers, read by Number and Price
		}
		mu.Lock()
		found := ensure(English, id)
		mu.Unlock()
		if !found {
			t.Errorf("%q is in the catalog but its lookup does not find it", id)
		}
	}
}
