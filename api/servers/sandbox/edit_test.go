package sandbox

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

func path(id int) string { return fmt.Sprintf("/api/v1/my/listings/%d", id) }

func TestEditStateRules(t *testing.T) {
	e := newEnv(t, Options{})
	edit := map[string]any{"price": 1234.5}
	cases := []struct{ from, want string }{
		{"active", "pending"}, {"pending", "pending"}, {"blocked", "pending"}, {"inactive", "inactive"},
	}
	for _, c := range cases {
		for method, key := range map[string]string{"PUT": KeyBusiness, "PATCH": KeyPersonal} {
			id := e.firstWithStatus(key, c.from)
			r := e.req(method, path(id), key, edit)
			wantOK(t, r, 200)
			if r.str("status") != c.want || int(r.num("listing_id")) != id {
				t.Fatalf("%s from %s: %s", method, c.from, r.raw)
			}
			d := e.get(path(id), key).obj("listing")
			if d["price"] != 1234.5 || d["updated_at"] != "2026-11-21 10:00:05" {
				t.Fatalf("after edit %v", d)
			}
			if c.from == "blocked" {
				if m := e.get(path(id), key).obj("moderation"); m["decision"] != "pending" || m["reason"] != nil {
					t.Fatalf("resubmitted moderation %v", m)
				}
			}
		}
	}
	for _, st := range []string{"sold", "archived"} {
		id := e.firstWithStatus(KeyBusiness, st)
		wantErr(t, e.req("PATCH", path(id), KeyBusiness, edit), 422, "not_editable")
	}
	other := e.firstWithStatus(KeyPersonal, "active")
	wantErr(t, e.req("PATCH", path(other), KeyBusiness, edit), 404, "listing_not_found")
	wantErr(t, e.req("PATCH", path(other), KeyBusiness, map[string]any{}), 400, "invalid_json")
	wantErr(t, e.req("PATCH", path(other), KeyBusiness, map[string]any{"views": 5}), 400, "invalid_json")
}

func TestEditPartial(t *testing.T) {
	e := newEnv(t, Options{})
	b := e.validBody("Samsung Galaxy S21 Ultra")
	b["contact_name"] = "Олена"
	b["photos"] = []string{"https://cdn.test/1.webp", "https://cdn.test/2.webp"}
	b["photos_wm"] = []string{"https://cdn.test/1w.webp", "https://cdn.test/2w.webp"}
	b["video_url"] = "https://cdn.test/v.mp4"
	id := e.create(KeyPersonal, b)
	before := e.get(path(id), KeyPersonal).obj("listing")

	r := e.req("PATCH", path(id), KeyPersonal, map[string]any{
		"title": "Samsung Galaxy S21 Ultra 256", "contact_name": nil, "condition": nil,
		"photos": []string{"https://cdn.test/3.webp"}, "delivery": map[string]any{"nova_poshta": true},
	})
	wantOK(t, r, 200)
	d := e.get(path(id), KeyPersonal).obj("listing")
	if d["title"] != "Samsung Galaxy S21 Ultra 256" || d["slug"] != "samsung-galaxy-s21-ultra-256" {
		t.Fatalf("title/slug %v %v", d["title"], d["slug"])
	}
	if d["contact_name"] != profileName || d["condition"] != nil {
		t.Fatalf("null did not clear: %v %v", d["contact_name"], d["condition"])
	}
	if fmt.Sprint(d["photos"]) != "[https://cdn.test/3.webp]" || len(d["photos_wm"].([]any)) != 0 {
		t.Fatalf("photos %v wm %v", d["photos"], d["photos_wm"])
	}
	// Fields not sent stay.
	for _, f := range []string{"description", "price", "city_ref", "category_id", "attributes", "video_url", "created_at"} {
		if fmt.Sprint(d[f]) != fmt.Sprint(before[f]) {
			t.Fatalf("%s changed: %v -> %v", f, before[f], d[f])
		}
	}
	if d["delivery"].(map[string]any)["nova_poshta"] != true {
		t.Fatalf("delivery %v", d["delivery"])
	}
	// Required fields refuse null; wrong types are 400.
	for _, f := range []string{"title", "description", "price", "category_id", "city_ref"} {
		r := e.req("PATCH", path(id), KeyPersonal, map[string]any{f: nil})
		wantErr(t, r, 400, "required")
		if r.str("field") != f {
			t.Fatalf("%s: %s", f, r.raw)
		}
	}
	wantErr(t, e.req("PATCH", path(id), KeyPersonal, map[string]any{"price": "10"}), 400, "invalid_json")
	// A failed edit changes nothing.
	if got := e.get(path(id), KeyPersonal).obj("listing"); fmt.Sprint(got) != fmt.Sprint(d) {
		t.Fatalf("failed edit changed the listing")
	}
	// A new category checks the kept attributes against it.
	r = e.req("PATCH", path(id), KeyPersonal, map[string]any{"category_id": 401})
	wantErr(t, r, 422, "attribute_required")
	if r.str("field") != "attributes.furniture_type" {
		t.Fatalf("field %s", r.raw)
	}
	r = e.req("PATCH", path(id), KeyPersonal, map[string]any{"category_id": 401,
		"attributes": map[string]any{"furniture_type": e.s.cat.SampleAttributes(401, 1)["furniture_type"]}})
	wantOK(t, r, 200)
	// photos_wm alone must match the current photos.
	wantErr(t, e.req("PATCH", path(id), KeyPersonal, map[string]any{"photos_wm": []string{"https://a.test/1", "https://a.test/2"}}),
		422, "photos_wm_mismatch")
}

func TestEditRestartsReview(t *testing.T) {
	e := newEnv(t, Options{ModerationDelay: 20 * time.Second})
	car := e.validBody("Volkswagen Passat B8 2017")
	car["category_id"] = 101
	car["attributes"] = e.s.cat.SampleAttributes(101, 3)
	id := e.create(KeyPersonal, car)
	e.clock.Advance(15 * time.Second)
	wantOK(t, e.req("PATCH", path(id), KeyPersonal, map[string]any{"price": 9000}), http.StatusOK)
	e.clock.Advance(15 * time.Second)
	if st := e.get(path(id), KeyPersonal).obj("listing")["status"]; st != "pending" {
		t.Fatalf("review did not restart: %v", st)
	}
	e.clock.Advance(6 * time.Second)
	if st := e.get(path(id), KeyPersonal).obj("listing")["status"]; st != "active" {
		t.Fatalf("not decided: %v", st)
	}
}
