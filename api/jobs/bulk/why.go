package bulk

import (
	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// A listing skipped, and a price change refused, say why as a rules.Why: the CLI
// prints its English, the app its own language's words for the id.
func init() {
	rules.Register(map[string]string{
		"bulk.skip.already":         "already {{.Status}}: nothing to do",
		"bulk.move.already":         "already {{.Status}}",
		"bulk.summary":              "{{.Changes}} of {{.Total}} listings change; {{.Skipped}} skipped",
		"bulk.summary.skipped":      "skipped {{.N}}: {{.Why}}",
		"bulk.skip.api_only":        "only activation and deactivation can be done through the API",
		"bulk.skip.pending":         "awaiting moderation",
		"bulk.skip.blocked":         "rejected by a moderator: edit it to resubmit",
		"bulk.skip.website":         "only a moderator or admin can do it on the website",
		"bulk.skip.not_activated":   "a {{.Status}} listing cannot be activated",
		"bulk.skip.not_deactivated": "a {{.Status}} listing cannot be deactivated",
		"bulk.skip.not_editable":    "the listing is {{.Status}}: it cannot be edited through the API; manage it on the website",
		"bulk.skip.free":            "it is offered for free: it has no price",
		"bulk.skip.exchange":        "it is offered in exchange: it has no price",
		"bulk.skip.zero":            "a price of 0: free or exchange, which has no price",
		"bulk.skip.below_zero":      "the new price would be {{.Price}}: not changed",
		"bulk.skip.same_price":      "already at {{.Price}}",
		"bulk.skip.held":            "it has these values already: nothing to send",
		"bulk.skip.no_action":       "no action",
		"bulk.price.invalid":        "price {{.Value}}: write a number of 0 or more, e.g. 3000 or 1499.99",
		"bulk.price.not_number":     "the price {{.Value}} is not a number",
		"bulk.change.invalid":       "change {{.Value}}: write a signed amount or percentage, e.g. -10%, +5% or +200",
		"bulk.change.too_low":       "change {{.Value}}: a price cannot go down by 100% or more",
		"bulk.rounding.invalid":     "rounding {{.Value}}: write a step such as 10 or 100, an ending such as 0.99, or step:ending such as 100:99",
	})
}

// CheckMoveWhy is api.CheckMove's reason as a Why, word for word (api knows no
// rules), for a front end to say in its language.
func CheckMoveWhy(from, to api.Status) rules.Why {
	if from == to && (to == api.StatusActive || to == api.StatusInactive) {
		return rules.Because("bulk.move.already", "Status", string(to))
	}
	return moveWhy(from, to)
}

// moveWhy says why a listing of status from is not moved to status to, in the words
// of api.CheckMove, whose cases it follows.
func moveWhy(from, to api.Status) rules.Why {
	switch {
	case to != api.StatusActive && to != api.StatusInactive:
		return rules.Because("bulk.skip.api_only")
	case from == to:
		return rules.Because("bulk.skip.already", "Status", string(to))
	case from == api.StatusPending:
		return rules.Because("bulk.skip.pending")
	case from == api.StatusBlocked:
		return rules.Because("bulk.skip.blocked")
	case from == api.StatusSold || from == api.StatusArchived:
		return rules.Because("bulk.skip.website")
	case to == api.StatusActive:
		return rules.Because("bulk.skip.not_activated", "Status", string(from))
	}
	return rules.Because("bulk.skip.not_deactivated", "Status", string(from))
}
