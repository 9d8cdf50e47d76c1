package listing_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

func TestShowBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	var all []listingOut
	c.OKJSON(&all, "", "ls", "--status", "all", "--all", "--json", "--lang", "en")
	var blocked int
	for _, l := range all {
		if l.Status == "blocked" {
			blocked = l.ID
		}
	}
	if blocked == 0 {
		t.Fatal("the seed has no blocked listing")
	}
	out := c.OK("", "show", clitest.Itoa(blocked))
	for _, want := range []string{"status     blocked", "attributes:", "description:", "moderation:", "decision", "reason", "contact", "photos ("} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	var d struct {
		Listing    map[string]any `json:"listing"`
		Moderation *struct {
			Decision string  `json:"decision"`
			Reason   *string `json:"reason"`
		} `json:"moderation"`
	}
	c.OKJSON(&d, "", "show", clitest.Itoa(blocked), "--json")
	if d.Listing["id"] != float64(blocked) || d.Moderation == nil || d.Moderation.Decision != "blocked" || d.Moderation.Reason == nil {
		t.Errorf("show --json: %+v", d)
	}
	r := c.Fails(cmdutil.ExitError, "", "show", "999999")
	if !strings.Contains(r.Stderr, "listing 999999 not found") {
		t.Errorf("show of an unknown id:\n%s", r.Stderr)
	}
}

// TestTableTextIsCleaned: a title with escape sequences reaches the table as plain
// text, while --json keeps it exact.
func TestTableTextIsCleaned(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	title := "Kobzar \x1b]52;c;aGk=\x07 red \x1b[31medition"
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON(title), "create", "--file", "-", "--json")
	for _, args := range [][]string{{"ls"}, {"show", clitest.Itoa(created.ListingID)}} {
		out := c.OK("", args...)
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
	c.OKJSON(&d, "", "show", clitest.Itoa(created.ListingID), "--json")
	if d.Listing.Title != title {
		t.Errorf("show --json title = %q, want the exact %q", d.Listing.Title, title)
	}
}

// TestShowJSONHoldsOnlyWhatWasSent: a service that sends few fields gets them back as
// they came, not padded with zero values (a price of null, views 0, created_at null),
// and the moderation block exactly as it came.
func TestShowJSONHoldsOnlyWhatWasSent(t *testing.T) {
	t.Parallel()
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/my/listings/7" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `{"ok": true, "lang": "uk", "listing": {"id": 7, "title": "Kobzar", "status": "pending"},
			"moderation": {"decision": "pending", "queue": 3}}`)
	}))
	var d map[string]json.RawMessage
	c.OKJSON(&d, "", "show", "7", "--json")
	var got map[string]any
	if err := json.Unmarshal(d["listing"], &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got["id"] != float64(7) || got["title"] != "Kobzar" || got["status"] != "pending" {
		t.Errorf("show --json listing = %s, want only id, title and status", d["listing"])
	}
	var m any
	if err := json.Unmarshal(d["moderation"], &m); err != nil || !reflect.DeepEqual(m, map[string]any{"decision": "pending", "queue": float64(3)}) {
		t.Errorf("show --json moderation = %s, want it as it came", d["moderation"])
	}
}
