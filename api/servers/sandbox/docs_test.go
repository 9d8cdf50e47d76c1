package sandbox

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
)

// TestTheDocQuotesTheSpecAndStatesItsOwnRules: docs/sandbox.md tells the spec's words
// from the sandbox's choices. Every quote in its table's middle column is the spec's,
// word for word; and the rules the spec does not state are written as the sandbox
// applies them.
func TestTheDocQuotesTheSpecAndStatesItsOwnRules(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "sandbox.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "## Documented choices")
	if !ok {
		t.Fatal("docs/sandbox.md has no Documented choices")
	}

	// The spec is beside the repository (../shared/spec), not in it.
	spec, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "spec", "listings-api-v1.md"))
	if err == nil {
		flat := strings.Join(strings.Fields(string(spec)), " ")
		quote := regexp.MustCompile(`"([^"]+)"`)
		for _, line := range strings.Split(table, "\n") {
			cells := strings.Split(line, " | ")
			if len(cells) != 3 {
				continue
			}
			for _, m := range quote.FindAllStringSubmatch(cells[1], -1) {
				if q := strings.Join(strings.Fields(m[1]), " "); !strings.Contains(flat, q) {
					t.Errorf("docs/sandbox.md quotes %q, which the spec does not say (row %s)", q, cells[0])
				}
			}
		}
	} else {
		t.Logf("the spec is not beside the repository (%v): its quotes are not checked", err)
	}

	for _, own := range []string{
		"at most 100 characters",                   // contactNameMax
		"7 to 15 digits",                           // validPhone
		"absolute `http` or `https` URLs",          // absoluteURL
		"a photo file of at most 12 000 000 bytes", // media.MaxPhotoBytes
		"a video file of at most 50 000 000",       // media.MaxVideoBytes
		"`all` returns every state",                // the list filter
		"a negative one is 422 `invalid_value`",    // price
		"exactly one per photo, else 422 `photos_wm_mismatch`",
	} {
		if !strings.Contains(table, own) {
			t.Errorf("docs/sandbox.md does not state the sandbox's rule %q", own)
		}
	}
	if contactNameMax != 100 || media.MaxPhotoBytes != 12_000_000 || media.MaxVideoBytes != 50_000_000 {
		t.Error("a bound changed: update docs/sandbox.md and this test")
	}
	if !validPhone("+380 (50) 123-45-67") || validPhone("123456") || validPhone("1234567890123456") {
		t.Error("the phone rule changed: update docs/sandbox.md")
	}
}
