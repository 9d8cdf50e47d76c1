package editor

import (
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/msgs"
)

// writeJPEG makes a small photo on disk.
func writeJPEG(t *testing.T, dir, name string, c color.RGBA) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{c.R, uint8(x * 4), uint8(y * 5), 255})
		}
	}
	p := filepath.Join(dir, name)
	fh, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := jpeg.Encode(fh, img, nil); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCreateWithPhotosAndCity fills a whole listing the way a seller does, keys
// only: basics, a category found by search, its attributes, a city found by search,
// two photos from disk by a glob, then review and send. The listing must exist with
// exactly that, and the submit must cost the minimum: one request per photo and one
// create.
func TestCreateWithPhotosAndCity(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	dir := t.TempDir()
	writeJPEG(t, dir, "bike-1.jpg", color.RGBA{R: 200})
	writeJPEG(t, dir, "bike-2.jpg", color.RGBA{R: 20})

	f.openNew()
	f.typeText("Bicycle Trek Marlin 7")
	f.press("tab")
	f.typeText("Hardtail, serviced in spring, new tyres and chain.")
	f.press("tab", "/")
	f.typeText("bicy")
	f.press("enter")
	f.waitFor("the attributes", func() bool { return f.m.attrOf == 1001 })
	f.contains("Bike type *", "Rider height: from")

	f.press("tab") // price type stays sell
	f.typeText("12 500")
	f.press("tab", "right", "tab", "right", "tab") // currency USD, condition new
	f.press("down", "tab")                         // bike type: the first choice
	f.press("tab", "tab")                          // wheel, frame sizes not stated
	f.typeText("150")
	f.press("tab")
	f.typeText("185")
	f.press("tab")
	f.typeText("Trek")
	f.press("tab", "right", "tab") // electric: yes; the last field leads to the city
	if f.m.step != stepCity {
		t.Fatalf("after the details: step %d\n%s", f.m.step, f.screen())
	}
	f.typeText("київ")
	f.waitFor("the city search", func() bool { return strings.Contains(f.screen(), "warehouses") })
	f.press("enter")
	if f.m.d.CityRef != kyivRef || f.m.step != stepContacts {
		t.Fatalf("city %q, step %d", f.m.d.CityRef, f.m.step)
	}
	f.press("tab", "tab", "tab") // contacts from the profile
	if f.m.step != stepMedia {
		t.Fatalf("after contacts: step %d\n%s", f.m.step, f.screen())
	}
	f.press("p")
	f.typeText(filepath.Join(dir, "bike-*.jpg"))
	f.press("enter")
	f.waitFor("two uploads", func() bool { return len(f.m.d.Photos) == 2 && f.m.d.PendingUploads() == 0 && !f.m.media.Busy() })
	uploads := f.count("POST", "/api/v1/upload/photo")

	f.press("ctrl+s")
	f.contains("POST /api/v1/my/listings", "This costs 1 request(s): 1 create", `"city_ref": "`+kyivRef+`"`,
		`"rider_height": {`, `"bike_type":`)
	before := f.total.Load()
	f.press("enter")
	f.waitFor("the answer", func() bool { _, ok := lastOut[msgs.ListingSaved](f); return ok })
	if spent := f.total.Load() - before; spent != 1 || uploads != 2 {
		t.Errorf("the submit cost %d request(s) and %d upload(s); want 1 and 2", spent, uploads)
	}
	saved, _ := lastOut[msgs.ListingSaved](f)
	if !saved.Created || saved.Status != api.StatusActive {
		t.Errorf("saved %+v", saved)
	}

	det, err := f.client.GetListing(t.Context(), saved.ID, "en")
	if err != nil {
		t.Fatal(err)
	}
	l := det.Listing
	if l.CityRef != kyivRef || l.CategoryID != 1001 || len(l.Photos) != 2 || len(l.PhotosWM) != 2 ||
		l.Price.String() != "12500" || l.Currency != "USD" || *l.Condition != "new" {
		t.Errorf("created listing %+v", l)
	}
	for code, want := range map[string]string{"rider_height": `{"from":150,"to":185}`, "brand": `"Trek"`, "electric": "true"} {
		if got := string(l.Attributes[code]); got != want {
			t.Errorf("attribute %s = %s, want %s", code, got, want)
		}
	}
	if list, _ := f.store.List(""); len(list) != 0 {
		t.Errorf("the sent draft is still stored: %v", list)
	}
	// What the whole create cost, against the least it can: the tree, the
	// category's attributes and one city search to fill the form, one upload per
	// photo, one create (docs/performance.md).
	want := map[string]int{
		"GET /api/v1/categories": 1, "GET /api/v1/categories/1001/attributes": 1,
		"GET /api/v1/cities/search": 1, "POST /api/v1/upload/photo": 2, "POST /api/v1/my/listings": 1,
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, n := range want {
		if f.reqs[k] != n {
			t.Errorf("%s: %d request(s), want %d", k, f.reqs[k], n)
		}
	}
	t.Logf("requests of the whole create with 2 photos: %v (%d in all)", f.reqs, f.total.Load()-1)
}

// TestSecondDraftReusesTheTree: the category tree and city answers of one draft
// serve the next; a new draft starts with an empty city search.
func TestSecondDraftReusesTheTree(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openNew()
	f.press("alt+4")
	f.typeText("київ")
	f.waitFor("the city search", func() bool { return strings.Contains(f.screen(), "warehouses") })
	f.press("esc", "esc")
	f.openNew()
	f.press("alt+2")
	f.contains("Categories")
	f.press("alt+4")
	if strings.Contains(f.screen(), "київ") {
		t.Errorf("the new draft shows the old search:\n%s", f.screen())
	}
	f.typeText("київ")
	f.waitFor("the city search", func() bool { return strings.Contains(f.screen(), "warehouses") })
	if n, c := f.count("GET", "/api/v1/categories"), f.count("GET", "/api/v1/cities/search"); n != 1 || c != 1 {
		t.Errorf("two drafts cost %d tree and %d city request(s), want 1 and 1", n, c)
	}
}
