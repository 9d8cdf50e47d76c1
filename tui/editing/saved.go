package editing

import (
	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
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
	text := theme.OKMark + " " + i18n.T("root.listing."+what, "ID", msg.ID, "Status", format.Status(msg.Status))
	if msg.Status == api.StatusPending {
		text += " " + i18n.T("root.listing.watched")
	}
	return text
}
