package mirror

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// The taxonomy and city answers are asked once a day: a second round the same day,
// from a new DB on the same file (another run), sends no request and answers the
// same; the next Kyiv day asks again. Errors are not kept.
func TestCachedClientAsksOnceADay(t *testing.T) {
	ctx := context.Background()
	c, requests := sandboxClient(t, 0)
	path := filepath.Join(t.TempDir(), "m.db")
	round := func(now time.Time) (int64, []any) {
		t.Helper()
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.now = func() time.Time { return now }
		cc := NewCachedClient(db, c)
		before := requests.Load()
		cats, err := cc.Categories(ctx, "uk")
		must(t, err)
		attrs, err := cc.Attributes(ctx, cats[0].Children[0].ID, "uk")
		must(t, err)
		cities, err := cc.SearchCities(ctx, " Льв ", "uk", 5)
		must(t, err)
		if _, err := cc.SearchCities(ctx, "Л", "uk", 5); err == nil {
			t.Error("a one-letter query answered")
		}
		if _, err := cc.Attributes(ctx, 999999, "uk"); err == nil {
			t.Error("an unknown category answered")
		}
		return requests.Load() - before, []any{cats, attrs, cities}
	}
	day := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	first, a := round(day)
	second, b := round(day.Add(2 * time.Hour))
	if first < 3 || second != 1 { // the unknown category is asked again: errors are not kept
		t.Errorf("requests: %d the first time, %d the second (want 1: the unknown category)", first, second)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the cached answers differ:\n%#v\n%#v", a, b)
	}
	if next, _ := round(day.Add(24 * time.Hour)); next != first {
		t.Errorf("the next day: %d requests, want %d", next, first)
	}
	// Without a mirror, every call goes to the service.
	before := requests.Load()
	for range 2 {
		_, err := NewCachedClient(nil, c).Categories(ctx, "uk")
		must(t, err)
	}
	if n := requests.Load() - before; n != 2 {
		t.Errorf("without a mirror: %d requests", n)
	}
}
