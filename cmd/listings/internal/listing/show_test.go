package listing_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
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
	if out := c.OK("", "show", "7"); !strings.Contains(out, "views      -\nvip        -\ntop        -\n") {
		t.Errorf("show of a listing without views, vip and top:\n%s", out)
	}
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

// TestShowNamesAttributes: show prints the attributes as the category names them, in
// its order, with a select's label, yes/no and from–to; --json keeps the codes.
func TestShowNamesAttributes(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	body := `{"title": "Trek Domane road bike", "description": "A road bike in good condition, serviced last spring.",
		"price": 30000, "category_id": 1001, "city_ref": "` + clitest.KyivRef + `",
		"attributes": {"electric": false, "brand": "Trek", "rider_height": {"from": 165, "to": 180}, "bike_type": "road"}}`
	var created clitest.Created
	c.OKJSON(&created, body, "create", "--file", "-", "--json")
	var defs []struct {
		Code    string `json:"code"`
		Name    string `json:"name"`
		Options []struct{ Value, Label string }
	}
	c.OKJSON(&defs, "", "attributes", "1001", "--lang", "en", "--json")
	label := map[string]string{}
	names := map[string]string{}
	for _, d := range defs {
		names[d.Code] = d.Name
		for _, o := range d.Options {
			label[d.Code+"="+o.Value] = o.Label
		}
	}
	out := c.OK("", "show", clitest.Itoa(created.ListingID), "--lang", "en")
	_, attrs, _ := strings.Cut(out, "\nattributes:\n")
	attrs, _, _ = strings.Cut(attrs, "\n\n")
	var got [][]string
	for _, line := range strings.Split(attrs, "\n") {
		name, value, _ := strings.Cut(strings.TrimSpace(line), "  ")
		got = append(got, []string{name, strings.TrimSpace(value)})
	}
	want := [][]string{
		{names["bike_type"], label["bike_type=road"]},
		{names["rider_height"], "165–180"},
		{names["brand"], "Trek"},
		{names["electric"], "no"},
	}
	if !reflect.DeepEqual(got, want) || label["bike_type=road"] == "" {
		t.Errorf("show attributes = %q, want %q:\n%s", got, want, out)
	}
	var d struct {
		Listing struct {
			Attributes map[string]any `json:"attributes"`
		} `json:"listing"`
	}
	c.OKJSON(&d, "", "show", clitest.Itoa(created.ListingID), "--json")
	if d.Listing.Attributes["bike_type"] != "road" || d.Listing.Attributes["electric"] != false {
		t.Errorf("show --json attributes = %v, want the codes", d.Listing.Attributes)
	}
}

// TestShowAttributesFallBackToCodes: an attribute code the category lacks comes after
// the others, by code; when the category's attributes cannot be read, every one is
// shown by code, stderr says why, and the command still succeeds. One request is made
// for them, in the listing's language.
func TestShowAttributesFallBackToCodes(t *testing.T) {
	t.Parallel()
	var attrAsks atomic.Int32
	var attrLang atomic.Value
	failAttrs := atomic.Bool{}
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/my/listings/7":
			fmt.Fprint(w, `{"ok": true, "lang": "ru", "listing": {"id": 7, "title": "Kobzar", "status": "active", "category_id": 1004,
				"attributes": {"zz_old": 1, "year": 1960, "genre": "poetry", "aa_new": {"x": true}}}}`)
		case "/api/v1/categories/1004/attributes":
			attrAsks.Add(1)
			attrLang.Store(r.URL.Query().Get("lang"))
			if failAttrs.Load() {
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprint(w, `{"ok": false, "error": "not_found", "hint": "no such category"}`)
				return
			}
			fmt.Fprint(w, `{"ok": true, "category_id": 1004, "attributes": [
				{"code": "genre", "name": "Жанр", "type": "select", "options": [{"value": "poetry", "label": "Поэзия"}]},
				{"code": "year", "name": "Год", "type": "number"}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	r := c.Run("", "show", "7")
	if r.Code != cmdutil.ExitOK || r.Stderr != "" || attrAsks.Load() != 1 || attrLang.Load() != "ru" {
		t.Fatalf("exit %d, %d attribute requests in %v\n%s", r.Code, attrAsks.Load(), attrLang.Load(), r.Stderr)
	}
	if !strings.Contains(r.Stdout, "attributes:\n  Жанр    Поэзия\n  Год     1960\n  aa_new  {\"x\":true}  (not an attribute of this category)\n  zz_old  1  (not an attribute of this category)\n") {
		t.Errorf("attributes:\n%s", r.Stdout)
	}
	// The same run the same day: the attributes come from the mirror's cache.
	if r = c.Run("", "show", "7"); r.Code != cmdutil.ExitOK || attrAsks.Load() != 1 || !strings.Contains(r.Stdout, "Поэзия") {
		t.Fatalf("again: exit %d, %d attribute requests in all\n%s", r.Code, attrAsks.Load(), r.Stderr)
	}
	failAttrs.Store(true)
	c.DataDir = t.TempDir() // another machine: nothing kept
	r = c.Run("", "show", "7")
	if r.Code != cmdutil.ExitOK || !strings.Contains(r.Stderr, "shown by code") || !strings.Contains(r.Stderr, "category 1004") {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	if !strings.Contains(r.Stdout, "attributes:\n  aa_new  {\"x\":true}\n  genre   poetry\n  year    1960\n  zz_old  1\n") {
		t.Errorf("attributes by code:\n%s", r.Stdout)
	}
}
