package listing_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEditMany(t *testing.T) {
	t.Parallel()
	c, writes, data := bulkShop(t, 20)
	ids := activeIDs(t, c, 6)
	patch := filepath.Join(t.TempDir(), "contacts.json")
	if err := os.WriteFile(patch, []byte(`{"contact_name": "Оксана", "hide_phone": true}`), 0o600); err != nil {
		t.Fatal(err)
	}

	// The plan: six changes, all back to moderation, nothing sent.
	w := writes.Load()
	var plan []struct {
		ID     int  `json:"id"`
		Change bool `json:"change"`
	}
	c.OKJSON(&plan, strings.Join(ids, " "), "edit", "-", "--file", patch, "--dry-run", "--json")
	if writes.Load() != w || len(plan) != 6 {
		t.Fatalf("dry run: %d writes, plan %+v", writes.Load()-w, plan)
	}

	r := c.Run("", append([]string{"edit", "--file", patch, "--json"}, ids...)...)
	if r.Code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	if !strings.Contains(r.Stderr, "6 active listings go back to moderation") {
		t.Errorf("no moderation warning:\n%s", r.Stderr)
	}
	if got := writes.Load() - w; got != 6 {
		t.Errorf("%d edits, want 6", got)
	}
	var shown struct {
		Listing struct {
			ContactName string `json:"contact_name"`
			HidePhone   bool   `json:"hide_phone"`
		} `json:"listing"`
	}
	for _, id := range ids {
		c.OKJSON(&shown, "", "show", id, "--json")
		if shown.Listing.ContactName != "Оксана" || !shown.Listing.HidePhone {
			t.Errorf("listing %s after the edit: %+v", id, shown.Listing)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(data, "jobs", "*-edit.jsonl")); len(m) != 1 {
		t.Errorf("journals: %v", m)
	}

	// The ids from standard input and the patch from it too cannot both be.
	c.Fails(2, "1 2", "edit", "-", "--file", "-")
}
