package editing

import (
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Saved is what an accepted create or edit says: "✓ listing 12 created: pending
// (moderation takes about 15 minutes; it is watched)". The root says it last, after
// what the views it tells say of it.
func Saved(msg msgs.ListingSaved) string {
	what := "saved"
	if msg.Created {
		what = "created"
	}
	text := fmt.Sprintf("%s listing %d %s: %s", theme.OKMark, msg.ID, what, format.Status(msg.Status))
	if msg.Status == api.StatusPending {
		text += " (moderation takes about 15 minutes; it is watched)"
	}
	return text
}
