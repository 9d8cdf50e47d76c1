package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
)

type createOut struct {
	ListingID int    `json:"listing_id"`
	Slug      string `json:"slug"`
	Status    string `json:"status"`
	URL       string `json:"url"`
}

func TestCreateEditRoundTrip(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})

	// JSON form, from standard input; a book is approved at once.
	var created createOut
	c.okJSON(&created, bookJSON("Kobzar, 1960 edition"), "create", "--file", "-", "--json")
	if created.ListingID == 0 || created.Status != "active" || !strings.Contains(created.URL, "/l/") {
		t.Fatalf("create --json: %+v", created)
	}
	id := itoa(created.ListingID)

	// Text form, from a file.
	path := filepath.Join(t.TempDir(), "listing.json")
	if err := os.WriteFile(path, []byte(bookJSON("Lisova pisnia, 1971")), 0o600); err != nil {
		t.Fatal(err)
	}
	out := c.ok("", "create", "--file", path)
	if !strings.Contains(out, "listing_id") || !strings.Contains(out, "status      active") || !strings.Contains(out, "url") {
		t.Errorf("create text:\n%s", out)
	}

	// Only the given fields change; null clears; the active listing goes to review.
	r := c.run(`{"price": 400, "condition": null}`, "edit", id, "--file", "-")
	if r.code != exitOK || !strings.Contains(r.stdout, "pending") || !strings.Contains(r.stderr, "moderation") {
		t.Fatalf("edit: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	var d struct {
		Listing struct {
			Title  string `json:"title"`
			Price  any    `json:"price"`
			Status string `json:"status"`
		} `json:"listing"`
	}
	c.okJSON(&d, "", "show", id, "--json")
	if d.Listing.Title != "Kobzar, 1960 edition" || d.Listing.Price != float64(400) || d.Listing.Status != "pending" {
		t.Errorf("after edit: %+v", d.Listing)
	}
	var edited struct {
		ListingID int    `json:"listing_id"`
		Status    string `json:"status"`
	}
	c.okJSON(&edited, `{"title": "Kobzar, 1960 edition, signed"}`, "edit", id, "--file", "-", "--json")
	if edited.ListingID != created.ListingID || edited.Status != "pending" {
		t.Errorf("edit --json: %+v", edited)
	}

	// The same title, category and price again is a duplicate; the message says which.
	r = c.fails(exitError, bookJSON("Lisova pisnia, 1971"), "create", "--file", "-")
	if !strings.Contains(r.stderr, "duplicate") || !strings.Contains(r.stderr, "listings show ") {
		t.Errorf("duplicate:\n%s", r.stderr)
	}
}

func TestCreateAndEditRefuseBadFiles(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
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
		{`{"title": "` + strings.Repeat("x", maxBodyFile) + `"}`, "create --file -", "over 1 MiB"},
	} {
		r := c.fails(exitUsage, tc.stdin, strings.Fields(tc.args)...)
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s with %.40q: the message lacks %q:\n%s", tc.args, tc.stdin, tc.want, r.stderr)
		}
	}
	if n := c.uploads.Load(); n != 0 {
		t.Errorf("%d uploads", n)
	}
}

func TestCreateListsEveryFieldError(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	r := c.fails(exitError, `{"title": "ab", "category_id": 1004, "city_ref": "`+kyivRef+`"}`, "create", "--file", "-")
	for _, want := range []string{"HTTP 400", "\n  title: must be at least 5 characters", "\n  description: ", "\n  price: "} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, r.stderr)
		}
	}
}

// A refusal names each field once, even when the service's hint starts with it.
func TestCreateNamesTheFieldOnce(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	body := `{"title": "Labrador puppy", "description": "A friendly labrador puppy, eight weeks old, vaccinated.",
		"price": 100, "category_id": 701, "city_ref": "` + kyivRef + `"}`
	r := c.fails(exitError, body, "create", "--file", "-")
	if !strings.Contains(r.stderr, "attributes.breed: ") || strings.Count(r.stderr, "attributes.breed") != 1 {
		t.Errorf("the field is not named exactly once:\n%s", r.stderr)
	}
}

func TestActivateDeactivate(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	var created createOut
	c.okJSON(&created, bookJSON("Zakhar Berkut, 1958"), "create", "--file", "-", "--json")
	id := itoa(created.ListingID)

	if out := c.ok("", "deactivate", id); !strings.Contains(out, id+": active → inactive") {
		t.Errorf("deactivate: %q", out)
	}
	var res struct {
		ListingID      int    `json:"listing_id"`
		Status         string `json:"status"`
		PreviousStatus string `json:"previous_status"`
		Confirmed      bool   `json:"confirmed"`
	}
	c.okJSON(&res, "", "activate", id, "--json")
	if res.ListingID != created.ListingID || res.Status != "active" || res.PreviousStatus != "inactive" || !res.Confirmed {
		t.Errorf("activate --json: %+v", res)
	}

	// A pending listing cannot be activated through the API.
	var pending createOut
	c.okJSON(&pending, petJSON("Dry dog food, 10 kg"), "create", "--file", "-", "--json")
	if pending.Status != "pending" {
		t.Fatalf("pet supplies went %s, want pending", pending.Status)
	}
	r := c.fails(exitError, "", "activate", itoa(pending.ListingID))
	if !strings.Contains(r.stderr, "moderator") {
		t.Errorf("activate pending:\n%s", r.stderr)
	}
	r = c.fails(exitError, "", "deactivate", "999999")
	if !strings.Contains(r.stderr, "not found") {
		t.Errorf("deactivate unknown:\n%s", r.stderr)
	}
}

// TestTableTextIsCleaned: a title with escape sequences reaches the table as plain
// text, while --json keeps it exact.
func TestTableTextIsCleaned(t *testing.T) {
	t.Parallel()
	c := newCLI(t, sandbox.Options{})
	title := "Kobzar \x1b]52;c;aGk=\x07 red \x1b[31medition"
	var created createOut
	c.okJSON(&created, bookJSON(title), "create", "--file", "-", "--json")
	for _, args := range [][]string{{"ls"}, {"show", itoa(created.ListingID)}} {
		out := c.ok("", args...)
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%v printed control characters: %q", args, out)
		}
		if !strings.Contains(out, "Kobzar") || !strings.Contains(out, "edition") {
			t.Errorf("%v lacks the title:\n%s", args, out)
		}
	}
	var d struct {
		Listing struct {
			Title string `json:"title"`
		} `json:"listing"`
	}
	c.okJSON(&d, "", "show", itoa(created.ListingID), "--json")
	if d.Listing.Title != title {
		t.Errorf("show --json title = %q, want the exact %q", d.Listing.Title, title)
	}
}
