package bulk

import (
	"testing"

	"github.com/listings-tui/listings/api"
)

// moveWhy follows api.CheckMove's cases: for every pair of statuses its English is
// CheckMove's reason, so the CLI's plan reads as it did and the app's words match
// the rule that is applied.
func TestMoveWhyIsCheckMovesReason(t *testing.T) {
	all := []api.Status{api.StatusActive, api.StatusInactive, api.StatusPending, api.StatusBlocked,
		api.StatusSold, api.StatusArchived, "unheard_of"}
	for _, from := range all {
		for _, to := range all {
			mv, why := api.CheckMove(from, to)
			if mv == api.MoveAllowed {
				continue
			}
			if got := CheckMoveWhy(from, to).String(); got != why {
				t.Errorf("%s → %s: CheckMoveWhy %q, CheckMove says %q", from, to, got, why)
			}
			if mv == api.MoveNoop {
				why += ": nothing to do"
			}
			if got := moveWhy(from, to).String(); got != why {
				t.Errorf("%s → %s: %q, CheckMove says %q", from, to, got, why)
			}
		}
	}
	_, why := api.CheckEdit(api.StatusSold)
	if got := editable(api.StatusSold).String(); got != why {
		t.Errorf("sold: %q, CheckEdit says %q", got, why)
	}
}
