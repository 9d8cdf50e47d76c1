package listing_test

import (
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
