package sandbox

import (
	"testing"
)

func TestSeedDeterministic(t *testing.T) {
	a, b := newEnv(t, Options{}), newEnv(t, Options{})
	for _, key := range []string{KeyPersonal, KeyBusiness} {
		ra := a.get("/api/v1/my/listings?status=all&limit=100", key)
		rb := b.get("/api/v1/my/listings?status=all&limit=100", key)
		if string(ra.raw) != string(rb.raw) {
			t.Fatal("two seeds with the same clock differ")
		}
	}
}

func TestSeedAttrsMatchEntries(t *testing.T) {
	_, entries := seedOrder()
	titles := map[string]bool{}
	for _, e := range entries {
		titles[e.en[0]] = true
	}
	for title := range seedAttrs() {
		if !titles[title] {
			t.Errorf("seedAttrs names no seeded listing: %q", title)
		}
	}
}

func TestSeedIDsInterleaved(t *testing.T) {
	owners, _ := seedOrder()
	switches := 0
	for i := 1; i < len(owners); i++ {
		if owners[i] != owners[i-1] {
			switches++
		}
	}
	if switches < 20 {
		t.Fatalf("owners switch only %d times", switches)
	}
}
