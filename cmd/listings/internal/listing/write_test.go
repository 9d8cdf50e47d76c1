package listing_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/listing"
)

func TestCreateEditRoundTrip(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})

	// JSON form, from standard input; a book is approved at once.
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON("Kobzar, 1960 edition"), "create", "--file", "-", "--json")
	if created.ListingID == 0 || created.Status != "active" || !strings.Contains(created.URL, "/l/") {
		t.Fatalf("create --json: %+v", created)
	}
	id := clitest.Itoa(created.ListingID)

	// Text form, from a file.
	path := filepath.Join(t.TempDir(), "listing.json")
	if err := os.WriteFile(path, []byte(clitest.BookJSON("Lisova pisnia, 1971")), 0o600); err != nil {
		t.Fatal(err)
	}
	out := c.OK("", "create", "--file", path)
	if !strings.Contains(out, "listing_id") || !strings.Contains(out, "status      active") || !strings.Contains(out, "url") {
		t.Errorf("create text:\n%s", out)
	}

	// Only the given fields change; null clears; the active listing goes to review.
	r := c.Run(`{"price": 400, "condition": null}`, "edit", id, "--file", "-")
	if r.Code != cmdutil.ExitOK || !strings.Contains(r.Stdout, "pending") || !strings.Contains(r.Stderr, "moderation") {
		t.Fatalf("edit: exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	var d struct {
		Listing struct {
			Title  string `json:"title"`
			Price  any    `json:"price"`
			Status string `json:"status"`
		} `json:"listing"`
	}
	c.OKJSON(&d, "", "show", id, "--json")
	if d.Listing.Title != "Kobzar, 1960 edition" || d.Listing.Price != float64(400) || d.Listing.Status != "pending" {
		t.Errorf("after edit: %+v", d.Listing)
	}
	var edited struct {
		ListingID int    `json:"listing_id"`
		Status    string `json:"status"`
	}
	c.OKJSON(&edited, `{"title": "Kobzar, 1960 edition, signed"}`, "edit", id, "--file", "-", "--json")
	if edited.ListingID != created.ListingID || edited.Status != "pending" {
		t.Errorf("edit --json: %+v", edited)
	}

	// The same title, category and price again is a duplicate; the message says which.
	r = c.Fails(cmdutil.ExitError, clitest.BookJSON("Lisova pisnia, 1971"), "create", "--file", "-")
	if !strings.Contains(r.Stderr, "duplicate") || !strings.Contains(r.Stderr, "listings show ") {
		t.Errorf("duplicate:\n%s", r.Stderr)
	}
}

func TestCreateAndEditRefuseBadFiles(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	for _, tc := range []struct {
		stdin, args, want string
	}{
		{`{"titel": "Kobzar", "title": "Kobzar"}`, "create --file -", `unknown field "titel"`},
		{`{"title": "Kobzar", "foo": 1, "bar": 2}`, "create --file -", `unknown fields "bar", "foo"`},
		{`{"price_type": "free"}`, "edit 10040 --file -", `unknown field "price_type"`},
		{`{}`, "edit 10040 --file -", "nothing to change"},
		{``, "create --file -", "empty"},
		{`null`, "create --file -", "null"},
		{`[1, 2]`, "create --file -", "not a JSON object"},
		{`{"title": "x",}`, "create --file -", "invalid JSON"},
		{`{"category_id": "books"}`, "create --file -", `"category_id" must be a number`},
		{`{"hide_phone": "yes"}`, "edit 10040 --file -", `"hide_phone" must be true or false`},
		{`{"title": "a"} {"title": "b"}`, "create --file -", "not a JSON object"},
		{`{"title": "` + strings.Repeat("x", listing.MaxBodyFile) + `"}`, "create --file -", "over 1 MiB"},
	} {
		r := c.Fails(cmdutil.ExitUsage, tc.stdin, strings.Fields(tc.args)...)
		if !strings.Contains(r.Stderr, tc.want) {
			t.Errorf("%s with %.40q: the message lacks %q:\n%s", tc.args, tc.stdin, tc.want, r.Stderr)
		}
	}
	if n := c.Uploads.Load(); n != 0 {
		t.Errorf("%d uploads", n)
	}
}

func TestCreateListsEveryFieldError(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	// What the spec states is checked here (TestCreateChecksTheSpecFirst); the
	// attributes are the service's to judge, and it names every one it refuses.
	body := `{"title": "Labrador puppy", "description": "A friendly labrador puppy, eight weeks old, vaccinated.",
		"price": 100, "category_id": 701, "city_ref": "` + clitest.KyivRef + `", "attributes": {"nope": 1, "sex": "x"}}`
	r := c.Fails(cmdutil.ExitError, body, "create", "--file", "-")
	for _, want := range []string{"HTTP 422", "\n  attributes.breed: ", "\n  attributes.sex: ", "\n  attributes.nope: "} {
		if !strings.Contains(r.Stderr, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, r.Stderr)
		}
	}
}

// A refusal names each field once, even when the service's hint starts with it.
func TestCreateNamesTheFieldOnce(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	body := `{"title": "Labrador puppy", "description": "A friendly labrador puppy, eight weeks old, vaccinated.",
		"price": 100, "category_id": 701, "city_ref": "` + clitest.KyivRef + `"}`
	r := c.Fails(cmdutil.ExitError, body, "create", "--file", "-")
	if !strings.Contains(r.Stderr, "attributes.breed: ") || strings.Count(r.Stderr, "attributes.breed") != 1 {
		t.Errorf("the field is not named exactly once:\n%s", r.Stderr)
	}
}

func TestActivateDeactivate(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON("Zakhar Berkut, 1958"), "create", "--file", "-", "--json")
	id := clitest.Itoa(created.ListingID)

	if out := c.OK("", "deactivate", id); !strings.Contains(out, id+": active → inactive") {
		t.Errorf("deactivate: %q", out)
	}
	var res struct {
		ListingID      int    `json:"listing_id"`
		Status         string `json:"status"`
		PreviousStatus string `json:"previous_status"`
		Confirmed      bool   `json:"confirmed"`
	}
	c.OKJSON(&res, "", "activate", id, "--json")
	if res.ListingID != created.ListingID || res.Status != "active" || res.PreviousStatus != "inactive" || !res.Confirmed {
		t.Errorf("activate --json: %+v", res)
	}

	// A pending listing cannot be activated through the API.
	var pending clitest.Created
	c.OKJSON(&pending, clitest.PetJSON("Dry dog food, 10 kg"), "create", "--file", "-", "--json")
	if pending.Status != "pending" {
		t.Fatalf("pet supplies went %s, want pending", pending.Status)
	}
	r := c.Fails(cmdutil.ExitError, "", "activate", clitest.Itoa(pending.ListingID))
	if !strings.Contains(r.Stderr, "moderator") {
		t.Errorf("activate pending:\n%s", r.Stderr)
	}
	r = c.Fails(cmdutil.ExitError, "", "deactivate", "999999")
	if !strings.Contains(r.Stderr, "not found") {
		t.Errorf("deactivate unknown:\n%s", r.Stderr)
	}
}

// Setting the status a listing already has changes nothing, and the answer says so.
func TestStatusAlreadySet(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON("Kaidasheva simia, 1963"), "create", "--file", "-", "--json")
	id := clitest.Itoa(created.ListingID)
	if out := c.OK("", "activate", id); strings.TrimSpace(out) != id+": active → active (already active; nothing changed)" {
		t.Errorf("activate an active listing: %q", out)
	}
	var res struct {
		Status         string `json:"status"`
		PreviousStatus string `json:"previous_status"`
	}
	c.OKJSON(&res, "", "activate", id, "--json")
	if res.Status != "active" || res.PreviousStatus != "active" {
		t.Errorf("activate --json of an active listing: %+v", res)
	}
}

// TestCreateChecksTheSpecFirst: what the spec requires of a create body, and the
// limits it states, are checked before anything is sent; the message names each
// field. edit checks the fields it gives.
func TestCreateChecksTheSpecFirst(t *testing.T) {
	t.Parallel()
	var sent atomic.Int32
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"ok": true, "listing_id": 10040, "status": "pending"}`)
	}))
	good := map[string]any{
		"title": "Kobzar, 1960 edition", "description": "Hardcover, good condition, no missing pages.",
		"price": 450, "category_id": 1004, "city_ref": clitest.KyivRef,
	}
	with := func(kv ...any) string {
		m := maps.Clone(good)
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(m, kv[i].(string))
				continue
			}
			m[kv[i].(string)] = kv[i+1]
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	urls := func(n int) []string { return slices.Repeat([]string{"https://media.example/p.webp"}, n) }
	for _, tc := range []struct{ body, want string }{
		{with("title", nil), "title: required (5 to 120 characters)"},
		{with("title", "  Kob "), "title: 3 characters; use 5 to 120"},
		{with("title", strings.Repeat("я", 121)), "title: 121 characters; use 5 to 120"},
		{with("description", nil), "description: required (20 to 5000 characters)"},
		{with("description", "Too short."), "description: 10 characters; use 20 to 5000"},
		{with("price", nil), "price: required unless price_type is exchange or free"},
		{with("price", nil, "price_type", "sell"), "price: required unless"},
		{with("price_type", "swap"), `price_type: "swap" is not one of sell, exchange, free`},
		{with("currency", "GBP"), `currency: "GBP" is not one of UAH, USD, EUR`},
		{with("condition", "mint"), `condition: "mint" is not one of new, used`},
		{with("category_id", nil), "category_id: required"},
		{with("city_ref", " "), "city_ref: required"},
		{with("photos", urls(13), "photos_wm", urls(13)), "photos: 13 photos; a listing has at most 12"},
		{with("photos", urls(3), "photos_wm", urls(2)), "photos_wm: 2 URLs for 3 photos"},
	} {
		r := c.Fails(cmdutil.ExitUsage, tc.body, "create", "--file", "-")
		if !strings.Contains(r.Stderr, "nothing was sent") || !strings.Contains(r.Stderr, "\n  "+tc.want) {
			t.Errorf("%s: the message lacks %q:\n%s", tc.body, tc.want, r.Stderr)
		}
	}
	// Every problem at once, one line each.
	r := c.Fails(cmdutil.ExitUsage, `{"title": "ab", "currency": "GBP"}`, "create", "--file", "-")
	if n := strings.Count(r.Stderr, "\n  "); n != 6 {
		t.Errorf("%d problems named, want 6 (title, description, price, currency, category_id, city_ref):\n%s", n, r.Stderr)
	}
	if n := sent.Load(); n != 0 {
		t.Fatalf("%d requests were sent for refused bodies", n)
	}
	// Free and exchange need no price.
	for _, pt := range []string{"free", "exchange"} {
		if r := c.Run(with("price", nil, "price_type", pt), "create", "--file", "-"); r.Code == cmdutil.ExitUsage {
			t.Errorf("price_type %s without a price was refused:\n%s", pt, r.Stderr)
		}
	}

	for _, tc := range []struct{ body, want string }{
		{`{"title": "Kob"}`, "title: 3 characters; use 5 to 120"},
		{`{"description": ""}`, "description: 0 characters; use 20 to 5000"},
		{`{"currency": "GBP"}`, `currency: "GBP" is not one of UAH, USD, EUR`},
		{`{"photos": ["a", "b"], "photos_wm": ["a"]}`, "photos_wm: 1 URLs for 2 photos"},
	} {
		r := c.Fails(cmdutil.ExitUsage, tc.body, "edit", "10040", "--file", "-")
		if !strings.Contains(r.Stderr, "\n  "+tc.want) {
			t.Errorf("edit %s: the message lacks %q:\n%s", tc.body, tc.want, r.Stderr)
		}
	}
	if n := sent.Load(); n != 2 {
		t.Fatalf("%d requests were sent for refused edits", n-2)
	}
	// Only the fields given: a price alone needs no title, a null is the service's.
	for _, body := range []string{`{"price": 400}`, `{"condition": null}`, `{"photos_wm": ["a"]}`} {
		if r := c.Run(body, "edit", "10040", "--file", "-"); r.Code == cmdutil.ExitUsage {
			t.Errorf("edit %s was refused:\n%s", body, r.Stderr)
		}
	}
	if n := sent.Load(); n != 5 {
		t.Errorf("%d requests for the 5 bodies that pass, want 5", n)
	}
}
