package confirm

import (
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
)

// The question's words are made from the verb at run time, out of the reach of the
// catalog's test of the code's ids: every one must have its entry.
func TestEveryVerbHasItsWords(t *testing.T) {
	for _, v := range []string{"activate", "deactivate"} {
		for _, part := range []string{"cannot", "ask", "consequence", "sending", "op", "done"} {
			if id := "confirm." + part + "." + v; i18n.T(id) == id {
				t.Errorf("no entry %s", id)
			}
		}
	}
}
