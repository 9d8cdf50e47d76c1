package cmdutil

import (
	"errors"
	"fmt"
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
)

// TestHumanTranslatesInsideAWrap: an error kept English for --json is Ukrainian on
// standard error, also when a caller wrapped it with words of its own.
func TestHumanTranslatesInsideAWrap(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Ukrainian)
	cause := errors.New("404")
	err := fmt.Errorf("edit: %w", Fail(cause, "cli.err.listing_not_found", "ID", 7))
	want := "listing 7 not found: it does not exist or belongs to another account; see listings ls --status all"
	if got := err.Error(); got != "edit: "+want {
		t.Errorf("Error() %q", got)
	}
	if got := Human(err); got != "edit: оголошення 7 не знайдено: його немає або воно належить іншому акаунту; див. listings ls --status all" {
		t.Errorf("Human %q", got)
	}
	if !errors.Is(err, cause) {
		t.Error("the cause is lost")
	}
}
