package editing

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
)

// A create says created, an edit saved; a pending listing says it is watched.
func TestSavedSaysWhatHappened(t *testing.T) {
	c := Saved(msgs.ListingSaved{ID: 12, Created: true, Status: api.StatusPending})
	if !strings.Contains(c, "listing 12 created") || !strings.Contains(c, "it is watched") {
		t.Fatalf("create: %q", c)
	}
	e := Saved(msgs.ListingSaved{ID: 12, Status: api.StatusActive})
	if !strings.Contains(e, "listing 12 saved") || strings.Contains(e, "watched") {
		t.Fatalf("edit: %q", e)
	}
}
