package draft

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

var now = time.Date(2026, 3, 12, 12, 0, 0, 0, api.Kyiv)

// kyivRef is a city of the seed (Київ).
const kyivRef = "8d5a980d-391c-11dd-90d9-001a92567626"

func client(t *testing.T) *api.Client {
	t.Helper()
	return apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)}).Client(t, sandbox.KeyPersonal, api.WithRetry(0, 0))
}

func filled() *Draft {
	d := New("http://127.0.0.1:1", "", "en", now)
	d.Title = "Bicycle Trek Marlin 7"
	d.Description = "Hardtail, serviced in spring, new tyres and chain."
	d.Price = "12 500,50"
	d.CategoryID = 1001
	d.CityRef = kyivRef
	return d
}

func TestProblems(t *testing.T) {
	attrs := []api.Attribute{
		{Code: "kind", Name: "Kind", Type: api.AttrSelect, Required: true, Options: []api.AttributeOption{{Value: "a", Label: "A"}}},
		{Code: "n", Name: "Number", Type: api.AttrNumber},
		{Code: "r", Name: "Range", Type: api.AttrRange},
		{Code: "b", Name: "Flag", Type: api.AttrBoolean},
		{Code: "t", Name: "Text", Type: api.AttrText, Required: true},
	}
	d := New("", "", "uk", now)
	d.Title, d.Description, d.Price = "abc", strings.Repeat("я", 5001), "12a"
	d.ContactPhone = "call me"
	d.Attributes = map[string]AttrValue{"n": {Text: "1e5"}, "r": {From: "10", To: "2"}, "b": {Text: "maybe"}, "t": {Text: "   "}}
	p := d.Problems(attrs)
	want := map[string]string{
		FieldTitle:             "at least 5",
		FieldDescription:       "shorten it to 5000",
		FieldPrice:             "not a price",
		FieldCategory:          "choose a category",
		FieldCity:              "choose a city",
		FieldContactPhone:      "not a phone number",
		AttributeField("kind"): "Kind is required",
		AttributeField("n"):    "not a number",
		AttributeField("r"):    "greater than to",
		AttributeField("b"):    "yes or no",
		AttributeField("t"):    "Text is required",
	}
	for f, w := range want {
		if !strings.Contains(p[f].String(), w) {
			t.Errorf("%s: %q, want %q", f, p[f], w)
		}
	}
	if len(p) != len(want) {
		t.Errorf("problems %v", p)
	}
	// Exchange and free need no price.
	d.PriceType = api.PriceFree
	if m := d.Problems(nil)[FieldPrice]; !m.OK() {
		t.Errorf("free listing: %q", m)
	}
}

// TestCreateThenEditAgainstSandbox sends a draft's create body to the sandbox, reads
// the listing back as an edit draft, changes two things, and checks the edit carries
// only those.
func TestCreateThenEditAgainstSandbox(t *testing.T) {
	c := client(t)
	ctx := t.Context()
	attrs, err := c.Attributes(ctx, 1001, "en")
	if err != nil {
		t.Fatal(err)
	}
	d := filled()
	d.Attributes = map[string]AttrValue{}
	for _, a := range attrs {
		switch a.Type {
		case api.AttrSelect:
			d.Attributes[a.Code] = AttrValue{Text: a.Options[0].Value}
		case api.AttrRange:
			d.Attributes[a.Code] = AttrValue{From: "150", To: "185"}
		case api.AttrBoolean:
			d.Attributes[a.Code] = AttrValue{Text: "true"}
		case api.AttrText:
			d.Attributes[a.Code] = AttrValue{Text: "Trek"}
		}
	}
	if p := d.Problems(attrs); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	d.Photos = []Photo{{Path: "/tmp/a.jpg"}}
	if _, err := d.CreateBody(attrs); err != ErrNotUploaded {
		t.Fatalf("pending photo: %v", err)
	}
	if d.Cost(attrs) != 2 {
		t.Errorf("cost %d", d.Cost(attrs))
	}
	d.Photos = nil
	body, err := d.CreateBody(attrs)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.CreateListing(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.GetListing(ctx, res.ListingID, "en")
	if err != nil {
		t.Fatal(err)
	}
	l := got.Listing
	if l.Price.String() != "12500.5" && l.Price.String() != "12500.50" || l.CityRef != kyivRef {
		t.Errorf("price %v city %q", l.Price, l.CityRef)
	}
	if string(l.Attributes["rider_height"]) != `{"from":150,"to":185}` {
		t.Errorf("range sent as %s", l.Attributes["rider_height"])
	}

	e := ForEdit("", "", "en", &l, now)
	if _, ch, err := e.EditBody(attrs); err != nil || len(ch) != 0 {
		t.Fatalf("untouched edit: %v %v", ch, err)
	}
	if !e.Unchanged(attrs) || e.Cost(attrs) != 0 {
		t.Errorf("an untouched edit: unchanged %v, cost %d (it is not sent)", e.Unchanged(attrs), e.Cost(attrs))
	}
	e.Title = "Bicycle Trek Marlin 7, size L"
	if e.Unchanged(attrs) || e.Cost(attrs) != 1 {
		t.Errorf("an edit of the title: unchanged %v, cost %d", e.Unchanged(attrs), e.Cost(attrs))
	}
	v := e.Attributes["electric"]
	v.Text = "false"
	e.Attributes["electric"] = v
	edit, ch, err := e.EditBody(attrs)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(edit)
	var sent map[string]json.RawMessage
	_ = json.Unmarshal(b, &sent)
	if len(sent) != 2 || sent["title"] == nil || sent["attributes"] == nil || len(ch) != 2 {
		t.Fatalf("edit sends %s, changes %v", b, ch)
	}
	if _, err := c.EditListing(ctx, l.ID, edit); err != nil {
		t.Fatal(err)
	}
}

func TestRefusalLandsOnField(t *testing.T) {
	c := client(t)
	attrs, err := c.Attributes(t.Context(), 303, "en")
	if err != nil {
		t.Fatal(err)
	}
	d := filled()
	d.CategoryID = 303
	d.Attributes = map[string]AttrValue{"device_type": {Text: attrs[0].Options[0].Value}, "screen_diagonal": {Text: "500"}}
	body, err := d.CreateBody(attrs)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateListing(t.Context(), body)
	r := RefusalFrom(err, now)
	if r.Code != api.CodeAttributeInvalid || !strings.HasPrefix(r.Fields["attributes.screen_diagonal"], "Screen size must be") {
		t.Fatalf("refusal %+v", r)
	}
}

func TestApplies(t *testing.T) {
	sel := api.Attribute{Code: "brand", Type: api.AttrSelect, Options: []api.AttributeOption{{Value: "apple"}}}
	cases := []struct {
		a    api.Attribute
		v    AttrValue
		want bool
	}{
		{sel, AttrValue{Text: "apple"}, true},
		{sel, AttrValue{Text: "samsung"}, false},
		{api.Attribute{Type: api.AttrNumber}, AttrValue{Text: "12"}, true},
		{api.Attribute{Type: api.AttrNumber}, AttrValue{Text: "Trek"}, false},
		{api.Attribute{Type: api.AttrText}, AttrValue{Type: api.AttrSelect, Text: "apple"}, true},
		{api.Attribute{Type: api.AttrText}, AttrValue{Type: api.AttrRange, From: "1"}, false},
		{api.Attribute{Type: api.AttrBoolean}, AttrValue{Text: "true"}, true},
		{api.Attribute{Type: api.AttrRange}, AttrValue{Text: "5"}, false},
	}
	for _, c := range cases {
		if got := Applies(c.a, c.v); got != c.want {
			t.Errorf("Applies(%s, %+v) = %v", c.a.Type, c.v, got)
		}
	}
}
