package confirm

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
)

func TestRefusalRules(t *testing.T) {
	for _, c := range []struct {
		from, to api.Status
		want     string
	}{
		{api.StatusActive, api.StatusInactive, ""},
		{api.StatusInactive, api.StatusActive, ""},
		{api.StatusActive, api.StatusActive, "already active"},
		{api.StatusPending, api.StatusActive, "awaiting moderation"},
		{api.StatusBlocked, api.StatusActive, "rejected by a moderator"},
		{api.StatusSold, api.StatusActive, "moderator or admin"},
		{api.StatusArchived, api.StatusInactive, "moderator or admin"},
		{api.StatusActive, api.StatusSold, "only activation and deactivation"},
		{api.Status("frozen"), api.StatusActive, "a frozen listing cannot be activated"},
	} {
		got := refusal(c.from, c.to)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s → %s: %q, want %q", c.from, c.to, got, c.want)
		}
	}
}
