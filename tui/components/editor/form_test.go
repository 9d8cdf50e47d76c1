package editor

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func leaves(cs []api.Category, out *[]int) {
	for _, c := range cs {
		if len(c.Children) == 0 {
			*out = append(*out, c.ID)
		}
		leaves(c.Children, out)
	}
}

// openDetails opens a draft in category id on the details step.
func (f *fixture) openDetails(id int) {
	f.t.Helper()
	d := draft.New(f.base, "", "en", now)
	d.Title, d.Description, d.CategoryID, d.CityRef = "A listing title", "A description that is long enough.", id, kyivRef
	var cmd tea.Cmd
	f.m, cmd = f.m.Open(d)
	f.start(cmd)
	f.waitFor("the attributes", func() bool { return f.m.attrOf == id })
	f.m, cmd = f.m.Update(tuitest.Key("alt+3"))
	f.start(cmd)
}

// fillDetails fills every field of the details step by keys, as a seller would:
// a price, then per attribute a text, a number, a select's first choice, yes, or a
// range; it returns what each attribute was given.
func (f *fixture) fillDetails() map[string]string {
	f.t.Helper()
	want := map[string]string{}
	f.press("tab") // price type: sell
	f.typeText("100")
	f.press("tab", "tab", "tab") // currency, condition
	for _, a := range f.m.attrs {
		switch a.Type {
		case api.AttrSelect:
			if len(a.Options)+1 <= 4 {
				f.press("right")
			} else {
				f.press("down")
			}
			want[a.Code] = `"` + a.Options[0].Value + `"`
		case api.AttrBoolean:
			f.press("right")
			want[a.Code] = "true"
		case api.AttrNumber:
			f.typeText("42")
			want[a.Code] = "42"
		case api.AttrRange:
			f.typeText("10")
			f.press("tab")
			f.typeText("20,5")
			want[a.Code] = `{"from":10,"to":20.5}`
		default:
			f.typeText("Some text")
			want[a.Code] = `"Some text"`
		}
		if f.m.step == stepDetails {
			f.press("tab")
		}
	}
	return want
}

// TestFormForEveryCategory builds the details form of every leaf of the seed and
// checks each attribute has its field, marked when required; then fills one form
// per attribute type by keys and checks the body the draft would send.
func TestFormForEveryCategory(t *testing.T) {
	testrace.Heavy(t)
	f := newFixture(t, sandbox.KeyBusiness) // 600 requests a minute: this test makes about 80
	tree, err := f.client.Categories(t.Context(), "en")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	leaves(tree, &ids)
	if len(ids) < 60 {
		t.Fatalf("%d leaves", len(ids))
	}
	seen := map[string]int{} // attribute type → a category that has it
	for _, id := range ids {
		f.openDetails(id)
		sf := f.m.forms[stepDetails]
		n := 0
		for _, a := range f.m.attrs {
			seen[a.Type] = id
			n++
			if a.Type == api.AttrRange {
				n++
			}
			found := false
			for _, ff := range sf.fields {
				if strings.HasPrefix(ff.key, draft.AttributeField(a.Code)) {
					found = true
				}
			}
			if !found {
				t.Errorf("category %d: no field for %s (%s)", id, a.Code, a.Type)
			}
			if a.Required && !strings.Contains(sf.form.View()+f.fullForm(), a.Name+" *") {
				t.Errorf("category %d: %s is required but not marked", id, a.Name)
			}
		}
		if got := len(sf.fields) - 4; got != n {
			t.Errorf("category %d: %d attribute fields, want %d", id, got, n)
		}
	}
	for _, typ := range []string{api.AttrText, api.AttrNumber, api.AttrSelect, api.AttrBoolean, api.AttrRange} {
		id, ok := seen[typ]
		if !ok {
			t.Fatalf("the seed has no %s attribute", typ)
		}
		t.Run(typ, func(t *testing.T) {
			f.t = t
			f.openDetails(id)
			want := f.fillDetails()
			if p := f.m.problems; len(p) != 0 {
				t.Fatalf("problems after filling %d: %v", id, p)
			}
			body, err := f.m.previewDraft().CreateBody(f.m.attrs)
			if err != nil {
				t.Fatal(err)
			}
			for code, w := range want {
				got, _ := json.Marshal(body.Attributes[code])
				if string(got) != w {
					t.Errorf("category %d: %s sent as %s, want %s", id, code, got, w)
				}
			}
		})
	}
}

// fullForm renders the whole details form, not only what its viewport shows.
func (f *fixture) fullForm() string {
	var b strings.Builder
	for _, ff := range f.m.forms[stepDetails].fields {
		b.WriteString(ff.key + "\n")
	}
	for _, a := range f.m.attrs {
		if a.Required {
			b.WriteString(a.Name + " *\n")
		}
	}
	return b.String()
}

func TestValidationMessages(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openDetails(1001)
	f.press("alt+1")
	f.typeText("abc") // appended to "A listing title": fine
	for range len("A listing titleabc") {
		f.press("backspace")
	}
	f.typeText("Bike")
	f.press("tab")
	f.contains("✖ the title is 4 characters; write at least 5")
	f.press("alt+3", "tab")
	f.typeText("12a")
	f.press("tab", "tab", "tab", "tab", "tab", "tab") // leave bike type unchosen
	f.typeText("190")
	f.press("tab")
	f.typeText("150")
	f.press("alt+5", "tab")
	f.typeText("call me")
	f.press("ctrl+s")
	f.contains("To fix before sending", "Title (Basics): the title is 4 characters",
		"Price (Details): \"12a\" is not a price", "Bike type (Details): Bike type is required",
		"Rider height (Details): from (190) is greater than to (150)",
		"Contact phone (Contacts): \"call me\" is not a phone number")
	before := f.total.Load()
	f.press("enter")
	if f.m.step != stepBasics || f.total.Load() != before {
		t.Fatalf("enter with problems: step %d, %d request(s) spent", f.m.step, f.total.Load()-before)
	}
}

// TestCategoryChangeKeepsWhatApplies moves a phone listing to another category:
// the model (a text both have) stays, the brand (a select whose value the new
// category lacks) does not apply there, and comes back with the old category.
func TestCategoryChangeKeepsWhatApplies(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openDetails(30101)
	f.press("tab", "tab", "tab", "tab", "down", "tab") // brand: the first choice
	f.typeText("iPhone 13")
	brandValue := f.m.d.Attributes["brand"].Text
	if brandValue == "" || f.m.d.Attributes["model"].Text != "iPhone 13" {
		t.Fatalf("filled: %v", f.m.d.Attributes)
	}
	f.press("alt+2", "/")
	f.typeText("tablet")
	f.press("enter")
	f.waitFor("the new attributes", func() bool { return f.m.attrOf == f.m.d.CategoryID && f.m.attrOf != 30101 })
	var model, brand *attrBinding
	for _, b := range f.m.binds {
		switch b.a.Code {
		case "model":
			model = b
		case "brand":
			brand = b
		}
	}
	if model == nil || model.text != "iPhone 13" {
		t.Errorf("model after the change: %+v", model)
	}
	if brand != nil && brand.text == brandValue && !draft.Applies(brand.a, draft.AttrValue{Text: brandValue}) {
		t.Errorf("brand kept a value the new category does not offer")
	}
	if f.m.d.Attributes["brand"].Text != brandValue {
		t.Errorf("the draft forgot the brand: %v", f.m.d.Attributes)
	}
}
