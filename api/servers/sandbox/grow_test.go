package sandbox

import (
	"strings"
	"testing"
)

func TestGrowClonesTheAccountsListings(t *testing.T) {
	s, err := New(Options{Grow: []Grow{{Key: "business", Listings: 1000}}})
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ls := s.st.byOwner[userBusiness]
	if len(ls) != 1000 {
		t.Fatalf("business has %d listings, want 1000", len(ls))
	}
	seen := map[int]bool{}
	for i, l := range ls {
		if seen[l.ID] {
			t.Fatalf("id %d repeated", l.ID)
		}
		seen[l.ID] = true
		if i > 0 && ls[i-1].ID >= l.ID {
			t.Fatalf("ids out of order at %d", i)
		}
		if len([]rune(l.Title)) > 120 || len([]rune(l.Title)) < 5 {
			t.Fatalf("listing %d: title %q breaks the create rules", l.ID, l.Title)
		}
	}
	last := ls[len(ls)-1]
	if last.Status != statusActive || !strings.HasSuffix(last.Title, " #1000") || !strings.HasSuffix(last.Titles["en"], " #1000") {
		t.Fatalf("last clone: status %s, title %q / %q", last.Status, last.Title, last.Titles["en"])
	}
	if n := len(s.st.byOwner[userPersonal]); n >= 1000 {
		t.Fatalf("the personal account grew too: %d", n)
	}
}

func TestGrowIsIdempotentAndChecked(t *testing.T) {
	s, err := New(Options{Grow: []Grow{{Key: "personal", Listings: 100}, {Key: "personal", Listings: 50}}})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.st.byOwner[userPersonal]); n != 100 {
		t.Fatalf("personal has %d listings, want 100", n)
	}
	for _, bad := range []string{"business", "business=0", "business=x", "nobody=10", "business=999999999"} {
		if _, err := ParseGrow(bad); err == nil {
			t.Errorf("ParseGrow(%q) accepted", bad)
		}
	}
	if g, err := ParseGrow("business=10000"); err != nil || g.Key != "business" || g.Listings != 10000 {
		t.Fatalf("ParseGrow = %+v, %v", g, err)
	}
}
