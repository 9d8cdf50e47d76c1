package listing

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
)

// TestColumnHeads: every field's header is in the catalog (its id is made at run
// time, out of the catalog test's sight), in English the field's name in capitals as
// before the catalog.
func TestColumnHeads(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, f := range listFields {
		if got, want := columnHead(f), strings.ToUpper(strings.ReplaceAll(f, "_", " ")); got != want {
			t.Errorf("%s: %q, want %q", f, got, want)
		}
		if i18n.For(i18n.English).T("cli.col."+f) == "cli.col."+f {
			t.Errorf("%s: no cli.col.%s in the catalog", f, f)
		}
	}
	i18n.Use(i18n.Ukrainian)
	if got := columnHead("created_at"); got != "СТВОРЕНО" {
		t.Errorf("uk created_at: %q", got)
	}
}
