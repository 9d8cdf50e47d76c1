package taxonomy_test

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

func TestCategoriesBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	out := c.OK("", "categories", "--lang", "en")
	lines := strings.Split(out, "\n")
	if strings.Join(strings.Fields(lines[0]), " ") != "ID PATH SLUG LEAF" {
		t.Errorf("header: %q", lines[0])
	}
	if !clitest.ContainsLine(out, "1004", "Hobbies, leisure & sport > Books & magazines", "books", "yes") {
		t.Errorf("no leaf row for books:\n%s", out)
	}
	if !clitest.ContainsLine(out, "10", "Hobbies, leisure & sport", "hobby-sport", "no") {
		t.Errorf("no row for the root:\n%s", out)
	}

	tree := c.OK("", "categories", "--tree", "--lang", "en")
	if !strings.Contains(tree, "1004     Books & magazines") {
		t.Errorf("--tree does not indent a child:\n%s", tree)
	}

	var cats []struct {
		ID       int    `json:"id"`
		Slug     string `json:"slug"`
		Name     string `json:"name"`
		Children []struct {
			ID int `json:"id"`
		} `json:"children"`
	}
	c.OKJSON(&cats, "", "categories", "--json")
	if len(cats) < 5 || cats[0].ID != 1 || len(cats[0].Children) == 0 {
		t.Errorf("categories --json: %+v", cats)
	}
}

func TestAttributesBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	out := c.OK("", "attributes", "30101", "--lang", "en")
	if !strings.HasPrefix(strings.Join(strings.Fields(strings.SplitN(out, "\n", 2)[0]), " "), "CODE NAME TYPE REQUIRED OPTIONS") {
		t.Errorf("header:\n%s", out)
	}
	if !strings.Contains(out, "apple=Apple") || !clitest.ContainsLine(out, "brand", "select", "yes") {
		t.Errorf("attributes table:\n%s", out)
	}
	var attrs []struct {
		Code     string `json:"code"`
		Type     string `json:"type"`
		Required bool   `json:"required"`
		Options  []struct {
			Value, Label string
		} `json:"options"`
	}
	c.OKJSON(&attrs, "", "attributes", "30101", "--json")
	if len(attrs) == 0 || attrs[0].Code != "brand" || !attrs[0].Required || len(attrs[0].Options) == 0 {
		t.Errorf("attributes --json: %+v", attrs)
	}
	r := c.Fails(cmdutil.ExitError, "", "attributes", "999999")
	if !strings.Contains(r.Stderr, "category 999999 not found") {
		t.Errorf("unknown category:\n%s", r.Stderr)
	}
}

func TestCitiesBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	out := c.OK("", "cities", "київ", "--limit", "3")
	if !clitest.ContainsLine(out, clitest.KyivRef, "м. Київ, Київська обл.", "2480") || !strings.HasPrefix(out, "REF ") {
		t.Errorf("cities table:\n%s", out)
	}
	var cities []struct {
		Ref        string `json:"ref"`
		Name       string `json:"name"`
		Warehouses int    `json:"warehouses"`
	}
	c.OKJSON(&cities, "", "cities", "Kyiv", "--lang", "en", "--limit", "2", "--json")
	if len(cities) != 2 || cities[0].Ref != clitest.KyivRef || cities[0].Name != "Kyiv" {
		t.Errorf("cities --json: %+v", cities)
	}
	var none []any
	c.OKJSON(&none, "", "cities", "zzzzqqq", "--json")
	if none == nil || len(none) != 0 {
		t.Errorf("no match gives %v, want []", none)
	}
}

func TestSuggestCategoryBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	out := c.OK("", "suggest-category", "--title", "iPhone 13 128GB", "--description", "Blue, battery 89%")
	if !clitest.ContainsLine(out, "30101", "mobile-phones") {
		t.Errorf("suggest text:\n%s", out)
	}
	var sug struct {
		CategoryID   int    `json:"category_id"`
		CategoryPath string `json:"category_path"`
		CategorySlug string `json:"category_slug"`
	}
	c.OKJSON(&sug, "", "suggest-category", "--description", "iPhone 13 128GB", "--json", "--lang", "en")
	if sug.CategoryID != 30101 || !strings.Contains(sug.CategoryPath, " > ") || sug.CategorySlug != "mobile-phones" {
		t.Errorf("suggest --json: %+v", sug)
	}
	r := c.Fails(cmdutil.ExitError, "", "suggest-category", "--title", "qwxz zzqv")
	if !strings.Contains(r.Stderr, "no_category_match") || !strings.Contains(r.Stderr, "listings categories") {
		t.Errorf("no match:\n%s", r.Stderr)
	}
}

// The taxonomy and city answers are kept in the mirror for the day: the second run
// of each command the same day sends no request and prints the same.
func TestTaxonomyIsAskedOnceADay(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	count := c.Requested
	for _, args := range [][]string{
		{"categories", "--json"},
		{"attributes", "30101", "--json"},
		{"cities", "Льв", "--json"},
	} {
		first := c.OK("", args...)
		second := c.OK("", args...)
		if first != second {
			t.Errorf("%v: the second answer differs:\n%s\n%s", args, first, second)
		}
	}
	for _, part := range []string{"/categories", "/attributes", "/cities/search"} {
		if n := count(part); n != 1 {
			t.Errorf("%s: %d requests for two runs, want 1", part, n)
		}
	}
	// Another language is another answer.
	c.OK("", "categories", "--lang", "en")
	if n := count("/categories"); n != 2 {
		t.Errorf("categories in en: %d requests in all, want 2", n)
	}
}
