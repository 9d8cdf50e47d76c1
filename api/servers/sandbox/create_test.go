package sandbox

import (
	"fmt"
	"strings"
	"testing"
)

func TestCreateValidation(t *testing.T) {
	e := newEnv(t, Options{})
	photos := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("http://example.com/media/p%d.webp", i)
		}
		return out
	}
	cases := []struct {
		name   string
		mutate func(b map[string]any)
		field  string
		code   string
	}{
		{"title missing", func(b map[string]any) { delete(b, "title") }, "title", "required"},
		{"title null", func(b map[string]any) { b["title"] = nil }, "title", "required"},
		{"title spaces", func(b map[string]any) { b["title"] = "    " }, "title", "required"},
		{"title short", func(b map[string]any) { b["title"] = " Лев " }, "title", "too_short"},
		{"title long", func(b map[string]any) { b["title"] = strings.Repeat("ї", 121) }, "title", "too_long"},
		{"description short", func(b map[string]any) { b["description"] = "Коротко" }, "description", "too_short"},
		{"description long", func(b map[string]any) { b["description"] = strings.Repeat("я", 5001) }, "description", "too_long"},
		{"description missing", func(b map[string]any) { delete(b, "description") }, "description", "required"},
		{"price missing", func(b map[string]any) { delete(b, "price") }, "price", "required"},
		{"price null", func(b map[string]any) { b["price"] = nil }, "price", "required"},
		{"price negative", func(b map[string]any) { b["price"] = -1 }, "price", "invalid_value"},
		{"price_type bad", func(b map[string]any) { b["price_type"] = "auction" }, "price_type", "invalid_value"},
		{"currency bad", func(b map[string]any) { b["currency"] = "GBP" }, "currency", "invalid_value"},
		{"condition bad", func(b map[string]any) { b["condition"] = "broken" }, "condition", "invalid_value"},
		{"category missing", func(b map[string]any) { delete(b, "category_id") }, "category_id", "required"},
		{"category unknown", func(b map[string]any) { b["category_id"] = 999999 }, "category_id", "category_not_found"},
		{"category not leaf", func(b map[string]any) { b["category_id"] = 3 }, "category_id", "category_not_leaf"},
		{"city missing", func(b map[string]any) { delete(b, "city_ref") }, "city_ref", "required"},
		{"city unknown", func(b map[string]any) { b["city_ref"] = "00000000-0000-0000-0000-000000000000" }, "city_ref", "city_not_found"},
		{"too many photos", func(b map[string]any) { b["photos"] = photos(13) }, "photos", "too_many_photos"},
		{"photo not a URL", func(b map[string]any) { b["photos"] = []string{"file.webp"} }, "photos", "invalid_value"},
		{"photos_wm mismatch", func(b map[string]any) { b["photos"] = photos(2); b["photos_wm"] = photos(1) }, "photos_wm", "photos_wm_mismatch"},
		{"attributes absent", func(b map[string]any) { delete(b, "attributes") }, "attributes.brand", "attribute_required"},
		{"attribute invalid", func(b map[string]any) { b["attributes"].(map[string]any)["battery_health"] = 500 }, "attributes.battery_health", "attribute_invalid"},
		{"attribute unknown", func(b map[string]any) { b["attributes"].(map[string]any)["zzz"] = 1 }, "attributes.zzz", "unknown_attribute"},
		{"phone bad", func(b map[string]any) { b["contact_phone"] = "call me" }, "contact_phone", "invalid_value"},
		{"video not a URL", func(b map[string]any) { b["video_url"] = "video.mp4" }, "video_url", "invalid_value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := e.validBody("Valid title " + c.name)
			c.mutate(b)
			r := e.req("POST", "/api/v1/my/listings", KeyPersonal, b)
			status := 422 // a business rule; a missing field is malformed (spec: 400)
			if c.code == "required" {
				status = 400
			}
			wantErr(t, r, status, c.code)
			if r.str("field") != c.field {
				t.Fatalf("field %s: %s", r.str("field"), r.raw)
			}
			errs := r.list("errors")
			if len(errs) == 0 || errs[0].(map[string]any)["error"] != c.code {
				t.Fatalf("errors %s", r.raw)
			}
		})
	}
	// All failures are listed, in the order of the create table.
	r := e.req("POST", "/api/v1/my/listings", KeyPersonal, map[string]any{"title": "x"})
	var got []string
	for _, x := range r.list("errors") {
		got = append(got, x.(map[string]any)["field"].(string))
	}
	if strings.Join(got, ",") != "title,description,price,category_id,city_ref" {
		t.Fatalf("errors order %v", got)
	}
	// Wrong JSON types are 400 with the field.
	for field, v := range map[string]any{"price": "100", "category_id": 30101.5, "photos": "x",
		"hide_phone": "yes", "attributes": []int{1}, "delivery": 3} {
		b := e.validBody("Type check " + field)
		b[field] = v
		r := e.req("POST", "/api/v1/my/listings", KeyPersonal, b)
		wantErr(t, r, 400, "invalid_json")
		if r.str("field") != field {
			t.Fatalf("%s: %s", field, r.raw)
		}
	}
}

func TestCreateSuccess(t *testing.T) {
	e := newEnv(t, Options{})
	b := e.validBody("  Телефон Samsung Galaxy A52, 128 ГБ  ")
	b["unknown_field"] = "ignored"
	b["photos"] = []string{"http://example.com/media/a.webp", "https://cdn.test/b.webp"}
	b["photos_wm"] = []string{"http://example.com/media/a_wm.webp", "https://cdn.test/b_wm.webp"}
	r := e.req("POST", "/api/v1/my/listings", KeyPersonal, b)
	wantOK(t, r, 201)
	id := int(r.num("listing_id"))
	if r.str("status") != "active" || r.str("slug") != "telefon-samsung-galaxy-a52-128-hb" ||
		r.str("url") != fmt.Sprintf("http://example.com/l/%d-%s", id, r.str("slug")) {
		t.Fatalf("create: %s", r.raw)
	}
	d := e.get(fmt.Sprintf("/api/v1/my/listings/%d?lang=en", id), KeyPersonal).obj("listing")
	if d["title"] != "Телефон Samsung Galaxy A52, 128 ГБ" || d["price"] != 1499.99 ||
		d["contact_name"] != profileName || d["contact_phone"] != profilePhone || d["price_type"] != "sell" {
		t.Fatalf("detail %v", d)
	}
	// Own media follow the host of each request; foreign URLs stay as sent.
	r2 := e.req("GET", fmt.Sprintf("/api/v1/my/listings/%d", id), KeyPersonal, nil, "Host", "other.test:81")
	ph := r2.obj("listing")["photos"].([]any)
	if ph[0] != "http://other.test:81/media/a.webp" || ph[1] != "https://cdn.test/b.webp" {
		t.Fatalf("photos %v", ph)
	}
	if id <= firstListingID {
		t.Fatalf("id %d", id)
	}
	// A category outside the auto-approved ones goes to moderation.
	car := e.validBody("Volkswagen Passat B8 2017")
	car["category_id"] = 101
	car["attributes"] = e.s.cat.SampleAttributes(101, 3)
	r = e.req("POST", "/api/v1/my/listings", KeyPersonal, car)
	wantOK(t, r, 201)
	if r.str("status") != "pending" {
		t.Fatalf("car: %s", r.raw)
	}
	// Exchange and free need no price and carry 0.
	free := e.validBody("Віддам телефон на запчастини")
	delete(free, "price")
	free["price_type"] = "free"
	id = e.create(KeyPersonal, free)
	d = e.get(fmt.Sprintf("/api/v1/my/listings/%d", id), KeyPersonal).obj("listing")
	if d["price"] != 0.0 || d["price_type"] != "free" {
		t.Fatalf("free %v", d)
	}
}

func TestDuplicate(t *testing.T) {
	e := newEnv(t, Options{})
	first := e.create(KeyPersonal, e.validBody("Samsung Galaxy A52 128GB"))
	r := e.req("POST", "/api/v1/my/listings", KeyPersonal, e.validBody("  samsung galaxy a52 128gb "))
	wantErr(t, r, 422, "duplicate")
	if int(r.num("existing_listing_id")) != first {
		t.Fatalf("dup %s", r.raw)
	}
	// Another price, or another owner, is not a duplicate.
	b := e.validBody("Samsung Galaxy A52 128GB")
	b["price"] = 1500
	e.create(KeyPersonal, b)
	e.create(KeyBusiness, e.validBody("Samsung Galaxy A52 128GB"))
	// An inactive listing still counts; a seeded title in another language too.
	wantOK(t, e.req("POST", fmt.Sprintf("/api/v1/my/listings/%d/status", first), KeyPersonal,
		map[string]any{"status": "inactive"}), 200)
	wantErr(t, e.req("POST", "/api/v1/my/listings", KeyPersonal, e.validBody("Samsung Galaxy A52 128GB")), 422, "duplicate")
}
