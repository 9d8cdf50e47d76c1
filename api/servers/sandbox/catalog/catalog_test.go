package catalog

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"testing"
)

var (
	loadOnce sync.Once
	loaded   *Catalog
	loadErr  error
)

// testCatalog loads the embedded seed once for the whole package.
func testCatalog(t testing.TB) *Catalog {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = Load() })
	if loadErr != nil {
		t.Fatalf("Load: %v", loadErr)
	}
	return loaded
}

func TestLoadCounts(t *testing.T) {
	c := testCatalog(t)
	if got := len(c.nodes); got != 80 {
		t.Errorf("categories = %d, want 80", got)
	}
	if got := len(c.Leaves()); got != 64 {
		t.Errorf("leaves = %d, want 64", got)
	}
	if got := len(c.CityRefs()); got != 143 {
		t.Errorf("cities = %d, want 143", got)
	}
	total := 0
	for _, set := range c.attrs {
		total += len(set)
	}
	if total != 265 {
		t.Errorf("attributes = %d, want 265", total)
	}
}

func TestTreeShape(t *testing.T) {
	c := testCatalog(t)
	want := map[string]string{"uk": "Транспорт", "ru": "Транспорт", "en": "Transport"}
	for _, lang := range Langs {
		tree := c.Tree(lang)
		if len(tree) != 10 {
			t.Fatalf("%s: %d top-level categories, want 10", lang, len(tree))
		}
		if tree[0].ID != 1 || tree[0].Name != want[lang] {
			t.Errorf("%s: first = %+v", lang, tree[0])
		}
		count := 0
		var walk func([]Category, int)
		walk = func(cs []Category, depth int) {
			if !sort.SliceIsSorted(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID }) {
				t.Errorf("%s: children not sorted by id", lang)
			}
			for _, cat := range cs {
				count++
				if cat.Children == nil {
					t.Errorf("%s: category %d has nil children", lang, cat.ID)
				}
				if cat.Name == "" || cat.Slug == "" {
					t.Errorf("%s: category %d lacks name or slug", lang, cat.ID)
				}
				walk(cat.Children, depth+1)
			}
		}
		walk(tree, 1)
		if count != 80 {
			t.Errorf("%s: tree holds %d categories, want 80", lang, count)
		}
	}
	data, err := json.Marshal(c.Tree("en"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `{"id":101,"slug":"cars","name":"Cars","children":[]}`) {
		t.Errorf("leaf JSON lacks an empty children array: %.200s", data)
	}
	if strings.Contains(string(data), "null") {
		t.Error("tree JSON contains null")
	}
	if got := c.Tree("xx")[0].Name; got != "Транспорт" {
		t.Errorf("unknown lang falls back to %q, want uk", got)
	}
}

func TestPathAndCategory(t *testing.T) {
	c := testCatalog(t)
	tests := []struct {
		id         int
		lang, want string
	}{
		{101, "en", "Transport > Cars"},
		{30101, "uk", "Електроніка > Телефони та аксесуари > Мобільні телефони"},
		{20102, "ru", "Недвижимость > Квартиры > Долгосрочная аренда квартир"},
		{1, "en", "Transport"},
		{999, "en", ""},
	}
	for _, tt := range tests {
		if got := c.Path(tt.id, tt.lang); got != tt.want {
			t.Errorf("Path(%d, %s) = %q, want %q", tt.id, tt.lang, got, tt.want)
		}
	}
	n, ok := c.Category(30101)
	if !ok || !n.Leaf || n.ParentID != 301 || n.Level != 3 || n.Slug != "mobile-phones" || !n.AutoApprove {
		t.Errorf("Category(30101) = %+v, %v", n, ok)
	}
	n.Names["en"] = "changed"
	if again, _ := c.Category(30101); again.Names["en"] != "Mobile phones" {
		t.Error("Category exposes the catalog's own name map")
	}
	if _, ok := c.Category(0); ok {
		t.Error("Category(0) found")
	}
	leaves := c.Leaves()
	for i, l := range leaves {
		if !l.Leaf || i > 0 && leaves[i-1].ID >= l.ID {
			t.Fatalf("Leaves not leaf-only in id order at %d: %+v", i, l)
		}
	}
}

func TestAttributes(t *testing.T) {
	c := testCatalog(t)
	attrs, ok := c.Attributes(101, "uk")
	if !ok || len(attrs) != 13 {
		t.Fatalf("Attributes(101) = %d attrs, %v", len(attrs), ok)
	}
	brand := attrs[0]
	if brand.Code != "brand" || brand.Name != "Марка" || brand.Type != TypeSelect || !brand.Required ||
		len(brand.Options) != 21 || brand.Options[19] != (Option{Value: "zaz", Label: "ЗАЗ"}) {
		t.Errorf("brand = %+v", brand)
	}
	en, _ := c.Attributes(101, "en")
	if en[0].Options[19].Label != "ZAZ" || en[1].Name != "Model" {
		t.Errorf("en attributes = %+v", en[:2])
	}
	if _, ok := c.Attributes(4242, "uk"); ok {
		t.Error("unknown category reported ok")
	}
	parent, ok := c.Attributes(1, "uk")
	if !ok || parent == nil || len(parent) != 0 {
		t.Errorf("non-leaf: %v, %v; want empty list, ok", parent, ok)
	}
	if data, _ := json.Marshal(parent); string(data) != "[]" {
		t.Errorf("non-leaf JSON = %s", data)
	}
}

// TestAttributesNeverLeakValidation marshals every attribute list and checks that
// only the API's fields appear.
func TestAttributesNeverLeakValidation(t *testing.T) {
	c := testCatalog(t)
	allowed := map[string]bool{"code": true, "name": true, "type": true, "required": true, "options": true}
	for _, n := range c.nodes {
		for _, lang := range Langs {
			attrs, _ := c.Attributes(n.ID, lang)
			data, err := json.Marshal(attrs)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"x_validation", `"max_length":`, `"pattern":`, `"min":`, `"max":`, `"unit":`, `"step":`, `"integer":`} {
				if strings.Contains(string(data), bad) {
					t.Fatalf("category %d %s leaks %s: %s", n.ID, lang, bad, data)
				}
			}
			var objs []map[string]json.RawMessage
			if err := json.Unmarshal(data, &objs); err != nil {
				t.Fatal(err)
			}
			for _, o := range objs {
				for k := range o {
					if !allowed[k] {
						t.Errorf("category %d: unexpected field %q", n.ID, k)
					}
				}
				if req, ok := o["required"]; ok && string(req) != "true" {
					t.Errorf("category %d: required=%s present", n.ID, req)
				}
				_, hasOpts := o["options"]
				if hasOpts != (string(o["type"]) == `"select"`) {
					t.Errorf("category %d: options present=%v for type %s", n.ID, hasOpts, o["type"])
				}
			}
		}
	}
}

func TestSeedConsistencyChecks(t *testing.T) {
	parent := func(id int) *int { return &id }
	names := map[string]string{"uk": "н", "ru": "н", "en": "n"}
	good := []seedCategory{
		{ID: 1, Level: 1, Slug: "a", Name: names},
		{ID: 101, ParentID: parent(1), Level: 2, Slug: "b", Name: names, IsLeaf: true},
	}
	cases := map[string][]seedCategory{
		"missing parent": {good[0], {ID: 102, ParentID: parent(7), Level: 2, Slug: "c", Name: names, IsLeaf: true}},
		"duplicate id":   {good[0], good[1], good[1]},
		"wrong level":    {good[0], {ID: 101, ParentID: parent(1), Level: 3, Slug: "b", Name: names, IsLeaf: true}},
		"childless":      {good[0], good[1], {ID: 2, Level: 1, Slug: "c", Name: names}},
		"missing name":   {good[0], {ID: 101, ParentID: parent(1), Level: 2, Slug: "b", Name: map[string]string{"uk": "x"}, IsLeaf: true}},
	}
	for name, cats := range cases {
		if err := (&Catalog{}).buildTree(cats); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	c := &Catalog{}
	if err := c.buildTree(good); err != nil {
		t.Fatal(err)
	}
	attr := seedAttribute{Code: "x", Type: TypeText, Name: names}
	attrCases := map[string]map[string][]seedAttribute{
		"unknown category": {"5": {attr}},
		"non-leaf":         {"1": {attr}},
		"bad key":          {"abc": {attr}},
		"repeated code":    {"101": {attr, attr}},
		"bad type":         {"101": {{Code: "x", Type: "colour", Name: names}}},
		"select no opts":   {"101": {{Code: "x", Type: TypeSelect, Name: names}}},
		"bad pattern":      {"101": {{Code: "x", Type: TypeText, Name: names, XValidation: &seedValidation{Pattern: "("}}}},
		"min above max":    {"101": {{Code: "x", Type: TypeNumber, Name: names, XValidation: &seedValidation{Min: ptr(5.0), Max: ptr(1.0)}}}},
	}
	for name, sets := range attrCases {
		if err := c.buildAttributes(sets); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestConcurrentUse runs the read paths side by side; with -race it proves the
// catalog is read-only after Load.
func TestConcurrentUse(t *testing.T) {
	c := testCatalog(t)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				lang := Langs[(g+i)%len(Langs)]
				c.Tree(lang)
				c.SearchCities("Київ", lang, 10)
				c.Suggest("Toyota Camry", "седан", lang)
				data, _ := json.Marshal(c.SampleAttributes(101, g*100+i))
				var body map[string]json.RawMessage
				_ = json.Unmarshal(data, &body)
				if errs := c.ValidateAttributes(101, body); len(errs) != 0 {
					t.Errorf("sample invalid: %+v", errs)
				}
			}
		}(g)
	}
	wg.Wait()
}

func TestZeroCatalogIsSafe(t *testing.T) {
	var c Catalog
	if len(c.Tree("uk")) != 0 || len(c.SearchCities("Київ", "uk", 5)) != 0 || c.Path(1, "uk") != "" {
		t.Error("zero catalog returned data")
	}
	if _, ok := c.Suggest("Toyota", "", "uk"); ok {
		t.Error("zero catalog suggested")
	}
	if errs := c.ValidateAttributes(101, map[string]json.RawMessage{"x": json.RawMessage(`1`)}); len(errs) != 1 {
		t.Errorf("zero catalog validation: %+v", errs)
	}
}
