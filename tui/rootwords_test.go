package tui

import (
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
)

// The root's words made at run time (which draft, created or saved) are out of the
// reach of the catalog's test of the code's ids: every one must have its entry.
func TestRootWordsMadeAtRunTime(t *testing.T) {
	ids := []string{"root.listing.saved", "root.listing.created"}
	for _, part := range []string{"busy", "lost", "kept"} {
		ids = append(ids, "confirm.risk."+part+".open", "confirm.risk."+part+".left")
	}
	for _, id := range ids {
		if i18n.T(id) == id {
			t.Errorf("no entry %s", id)
		}
	}
}
