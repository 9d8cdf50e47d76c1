package sandbox

import (
	"strings"
	"testing"
)

func TestTaxonomy(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.get("/api/v1/categories?lang=en", KeyReadonly)
	wantOK(t, r, 200)
	cats := r.list("categories")
	if r.str("lang") != "en" || len(cats) != 10 || cats[0].(map[string]any)["children"] == nil {
		t.Fatalf("categories: %.300s", r.raw)
	}
	wantErr(t, e.get("/api/v1/categories?lang=pl", KeyReadonly), 400, "invalid_parameter")

	r = e.get("/api/v1/categories/30101/attributes?lang=uk", KeyReadonly)
	wantOK(t, r, 200)
	if r.num("category_id") != 30101 || len(r.list("attributes")) == 0 || strings.Contains(string(r.raw), "x_validation") {
		t.Fatalf("attributes: %.300s", r.raw)
	}
	for _, id := range []string{"999", "abc", "0"} {
		wantErr(t, e.get("/api/v1/categories/"+id+"/attributes", KeyReadonly), 404, "category_not_found")
	}

	r = e.get("/api/v1/cities/search?q=%20%D0%BA%D0%B8%D1%97%20&limit=3", KeyReadonly) // " киї "
	wantOK(t, r, 200)
	cities := r.list("cities")
	if int(r.num("count")) != len(cities) || len(cities) == 0 || len(cities) > 3 {
		t.Fatalf("cities: %s", r.raw)
	}
	for q, field := range map[string]string{"q=%D0%BA": "q", "q=%20%20": "q", "": "q", "q=kyiv&limit=51": "limit",
		"q=kyiv&limit=0": "limit", "q=kyiv&lang=de": "lang"} {
		r := e.get("/api/v1/cities/search?"+q, KeyReadonly)
		wantErr(t, r, 400, "invalid_parameter")
		if r.str("field") != field {
			t.Fatalf("%s: %s", q, r.raw)
		}
	}
}

func TestSuggestCategory(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.req("POST", "/api/v1/ai/suggest-category", KeyPersonal,
		map[string]any{"title": "iPhone 13 128GB", "description": "мобільний телефон", "lang": "en"})
	wantOK(t, r, 200)
	if r.num("category_id") == 0 || !strings.Contains(r.str("category_path"), " > ") || r.str("category_slug") == "" {
		t.Fatalf("suggest: %s", r.raw)
	}
	wantErr(t, e.req("POST", "/api/v1/ai/suggest-category", KeyPersonal, map[string]any{"title": " ", "description": ""}), 400, "required")
	wantErr(t, e.req("POST", "/api/v1/ai/suggest-category", KeyPersonal, map[string]any{"title": "qwzx vbnm"}), 422, "no_category_match")
	wantErr(t, e.req("POST", "/api/v1/ai/suggest-category", KeyPersonal, map[string]any{"title": "phone", "lang": "xx"}), 422, "invalid_value")
	wantErr(t, e.req("POST", "/api/v1/ai/suggest-category", KeyPersonal, map[string]any{"title": 7}), 400, "invalid_json")
}
