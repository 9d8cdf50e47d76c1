package sandbox

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// TestConcurrentClients runs 50 clients mixing every kind of call on the business key;
// run it with -race.
func TestConcurrentClients(t *testing.T) {
	e := newEnv(t, Options{StatePath: filepath.Join(t.TempDir(), "s.json")})
	seeded := e.listingsOf(KeyBusiness, "status=all")
	var wg sync.WaitGroup
	errs := make(chan string, 1000)
	for c := range 50 {
		wg.Go(func() {
			check := func(r resp, want int, what string) {
				if r.code != want {
					errs <- fmt.Sprintf("client %d %s: %d %s", c, what, r.code, r.raw)
				}
			}
			cr := e.req("POST", "/api/v1/my/listings", KeyBusiness, e.validBody(fmt.Sprintf("Concurrent phone number %d", c)))
			check(cr, 201, "create")
			id := int(cr.num("listing_id"))
			for i := range 2 {
				check(e.get("/api/v1/my/listings?status=all&limit=20", KeyBusiness), 200, "list")
				check(e.get(path(id), KeyBusiness), 200, "detail")
				check(e.req("PATCH", path(id), KeyBusiness, map[string]any{"price": 100 + i}), 200, "edit")
				seed := int(seeded[(c+i)%len(seeded)]["id"].(float64))
				r := e.req("POST", path(seed)+"/status", KeyBusiness, map[string]any{"status": "inactive"})
				if r.code != 200 && r.code != 422 {
					errs <- fmt.Sprintf("status: %d %s", r.code, r.raw)
				}
			}
			check(e.get("/api/v1/ping", KeyBusiness), 200, "ping")
		})
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
	if n := len(e.listingsOf(KeyBusiness, "status=all")); n != len(seeded)+50 {
		t.Fatalf("%d listings, want %d", n, len(seeded)+50)
	}
	r := e.get("/api/v1/ping", KeyBusiness)
	// 1 + 50 clients × 10 requests + the final list page and this ping.
	if want := 1 + 50*10 + 2.0; r.num("total_requests") != want {
		t.Fatalf("total_requests %v, want %v", r.body["total_requests"], want)
	}
}
