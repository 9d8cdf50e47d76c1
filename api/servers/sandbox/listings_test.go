package sandbox

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestSeedShape(t *testing.T) {
	e := newEnv(t, Options{})
	count := func(key string) map[string]int {
		m := map[string]int{}
		for _, l := range e.listingsOf(key, "status=all") {
			m[l["status"].(string)]++
		}
		return m
	}
	p := count(KeyPersonal)
	total := 0
	for _, n := range p {
		total += n
	}
	if total < 45 || p["active"] < 25 {
		t.Fatalf("personal seed %v", p)
	}
	b := count(KeyBusiness)
	for _, st := range []string{"active", "inactive", "sold", "archived", "pending", "blocked"} {
		if p[st] == 0 || b[st] == 0 {
			t.Fatalf("state %s missing: personal %v business %v", st, p, b)
		}
	}
	// The readonly key belongs to the same seller.
	if len(e.listingsOf(KeyReadonly, "status=all")) != total {
		t.Fatal("readonly sees other listings")
	}
}

func TestPagingThreePages(t *testing.T) {
	e := newEnv(t, Options{})
	var ids []int
	cursor := ""
	pages := 0
	for {
		r := e.get("/api/v1/my/listings?status=all&limit=20"+cursor, KeyPersonal)
		wantOK(t, r, 200)
		pages++
		ls := r.list("listings")
		if int(r.num("count")) != len(ls) {
			t.Fatalf("count %v for %d", r.body["count"], len(ls))
		}
		for _, l := range ls {
			ids = append(ids, int(l.(map[string]any)["id"].(float64)))
		}
		nc, ok := r.body["next_cursor"]
		if len(ls) < 20 {
			if ok {
				t.Fatalf("next_cursor on a short page: %v", nc)
			}
			break
		}
		if int(nc.(float64)) != ids[len(ids)-1] {
			t.Fatalf("next_cursor %v is not the last id %d", nc, ids[len(ids)-1])
		}
		cursor = fmt.Sprintf("&cursor=%d", int(nc.(float64)))
	}
	if pages != 3 || len(ids) < 45 {
		t.Fatalf("%d pages, %d listings", pages, len(ids))
	}
	if !slices.IsSortedFunc(ids, func(a, b int) int { return b - a }) {
		t.Fatal("not id descending")
	}
	if len(slices.Compact(slices.Clone(ids))) != len(ids) {
		t.Fatal("duplicates across pages")
	}
	// Business ids are interleaved with personal ones, so gaps prove nothing; but every
	// personal listing must be seen: compare with one big page.
	all := e.get("/api/v1/my/listings?status=all&limit=100", KeyPersonal).list("listings")
	if len(all) != len(ids) {
		t.Fatalf("paged %d, one page %d", len(ids), len(all))
	}
}

func TestListDefaultsAndFilters(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.get("/api/v1/my/listings", KeyPersonal)
	if r.str("lang") != "uk" || len(r.list("listings")) != 20 {
		t.Fatalf("defaults %s", r.raw)
	}
	for _, st := range []string{"active", "sold", "archived", "inactive"} {
		ls := e.listingsOf(KeyPersonal, "status="+st)
		if len(ls) == 0 {
			t.Fatalf("no %s", st)
		}
		for _, l := range ls {
			if l["status"] != st {
				t.Fatalf("status=%s returned %v", st, l["status"])
			}
		}
	}
	bad := map[string]string{"lang=de": "lang", "status=pending": "status", "status=blocked": "status",
		"limit=0": "limit", "limit=101": "limit", "limit=x": "limit", "cursor=abc": "cursor", "cursor=-4": "cursor"}
	for q, field := range bad {
		r := e.get("/api/v1/my/listings?"+q, KeyPersonal)
		wantErr(t, r, 400, "invalid_parameter")
		if r.str("field") != field {
			t.Fatalf("%s: field %s", q, r.raw)
		}
	}
}

func TestListViewFields(t *testing.T) {
	e := newEnv(t, Options{})
	ls := e.listingsOf(KeyPersonal, "status=all")
	dt := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)
	var decimal, vip, nullCond bool
	for _, l := range ls {
		if len(l) != len(listFields) {
			t.Fatalf("fields %v", l)
		}
		for _, f := range listFields {
			if _, ok := l[f]; !ok {
				t.Fatalf("missing %s", f)
			}
		}
		if !dt.MatchString(l["created_at"].(string)) {
			t.Fatalf("created_at %v", l["created_at"])
		}
		if p := l["price"].(float64); p != float64(int(p)) {
			decimal = true
		}
		vip = vip || l["vip"] == true
		nullCond = nullCond || l["condition"] == nil
		photos := l["photos"].([]any)
		if len(photos) > 0 && l["photo"] != photos[0] {
			t.Fatalf("photo is not photos[0]: %v", l)
		}
		if len(photos) == 0 && l["photo"] != nil {
			t.Fatalf("photo without photos: %v", l)
		}
		if len(photos) > 4 {
			t.Fatalf("%d photos", len(photos))
		}
	}
	if !decimal || !vip || !nullCond {
		t.Fatalf("seed lacks variety: decimal %v vip %v null condition %v", decimal, vip, nullCond)
	}
}

func TestFieldsParam(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.get("/api/v1/my/listings?fields=title,price,bogus&limit=3", KeyPersonal)
	wantOK(t, r, 200)
	for _, x := range r.list("listings") {
		l := x.(map[string]any)
		if len(l) != 3 || l["id"] == nil || l["title"] == nil || l["price"] == nil {
			t.Fatalf("fields: %v", l)
		}
	}
	if _, ok := r.body["next_cursor"]; !ok {
		t.Fatal("next_cursor missing with fields")
	}
	r = e.get("/api/v1/my/listings?fields=&limit=1", KeyPersonal)
	if l := r.list("listings")[0].(map[string]any); len(l) != 1 {
		t.Fatalf("empty fields: %v", l)
	}
}

func TestLang(t *testing.T) {
	e := newEnv(t, Options{})
	titles := map[string]string{}
	for _, lang := range []string{"uk", "ru", "en"} {
		r := e.get("/api/v1/my/listings?limit=1&lang="+lang, KeyPersonal)
		if r.str("lang") != lang {
			t.Fatalf("lang %s", r.raw)
		}
		titles[lang] = r.list("listings")[0].(map[string]any)["title"].(string)
	}
	if titles["uk"] == titles["en"] {
		t.Fatalf("titles not translated: %v", titles)
	}
	d := e.get("/api/v1/my/listings/10013?lang=en", KeyPersonal).obj("listing")
	if !strings.Contains(d["category_path"].(string), " > ") {
		t.Fatalf("category_path %v", d["category_path"])
	}
}

func TestDetail(t *testing.T) {
	e := newEnv(t, Options{})
	id := e.firstWithStatus(KeyPersonal, "active")
	r := e.get(fmt.Sprintf("/api/v1/my/listings/%d", id), KeyPersonal)
	wantOK(t, r, 200)
	d := r.obj("listing")
	for _, f := range append(slices.Clone(listFields), "description", "city_ref", "category_id",
		"category_path", "price_type", "attributes", "contact_name", "contact_phone", "hide_phone",
		"photos_wm", "photos_3d", "video_url", "video_thumbnail", "delivery", "updated_at") {
		if _, ok := d[f]; !ok {
			t.Fatalf("detail lacks %s", f)
		}
	}
	if _, ok := r.body["moderation"]; ok {
		t.Fatal("moderation on an active listing")
	}
	blocked := e.firstWithStatus(KeyPersonal, "blocked")
	m := e.get(fmt.Sprintf("/api/v1/my/listings/%d", blocked), KeyPersonal).obj("moderation")
	if m["decision"] != "blocked" || m["reason"] == nil || m["reviewed_at"] == nil {
		t.Fatalf("blocked moderation %v", m)
	}
	pending := e.firstWithStatus(KeyPersonal, "pending")
	m = e.get(fmt.Sprintf("/api/v1/my/listings/%d", pending), KeyPersonal).obj("moderation")
	if m["decision"] != "pending" || m["reason"] != nil || m["reviewed_at"] != nil {
		t.Fatalf("pending moderation %v", m)
	}
	other := e.firstWithStatus(KeyBusiness, "active")
	for _, p := range []string{fmt.Sprint(other), "999999", "abc", "0", "-1", "1e3"} {
		wantErr(t, e.get("/api/v1/my/listings/"+p, KeyPersonal), 404, "listing_not_found")
	}
	wantErr(t, e.get(fmt.Sprintf("/api/v1/my/listings/%d?lang=xx", id), KeyPersonal), 400, "invalid_parameter")
}
