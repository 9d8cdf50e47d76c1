// Package bulk owns work on many listings at once, the part that knows no terminal:
// what an action on a set of listings will do before anything is sent (the plan:
// what changes, what is skipped and why by the spec's state rules, which active
// listings an edit sends back to moderation, the requests and the time under the
// key's limits), and the price arithmetic of a bulk price change. The TUI's marks and
// the CLI's many-id commands both plan here; the job that carries a plan out is built
// on it.
package bulk

import (
	"reflect"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Item is what a plan knows of one listing: what the list view (or the mirror) says.
// PriceType is "" when unknown, as in the list view.
type Item struct {
	ID        int
	Title     string
	Status    api.Status
	Price     api.Price
	Currency  string
	PriceType string
	Condition *string // nil when the list did not say
	// Full is the listing's detail when the caller read it: an edit then leaves out
	// every field it already holds, not only those the list shows.
	Full *api.ListingFull
}

// ItemOf is the plan's view of a listing of the list.
func ItemOf(l api.Listing) Item {
	return Item{ID: l.ID, Title: l.Title, Status: l.Status, Price: l.Price, Currency: l.Currency, Condition: l.Condition}
}

// ItemOfDetail is the plan's view of a listing whose detail was read.
func ItemOfDetail(l *api.ListingFull) Item {
	it := ItemOf(l.Listing)
	it.PriceType, it.Full = l.PriceType, l
	return it
}

// listing is what the item says of its listing, for rules.Unheld.
func (it Item) listing() (*api.ListingFull, bool) {
	if it.Full != nil {
		return it.Full, true
	}
	return &api.ListingFull{Listing: api.Listing{ID: it.ID, Title: it.Title, Price: it.Price, Currency: it.Currency,
		Condition: it.Condition}}, false
}

// Action is one bulk action; exactly one of its parts is set.
type Action struct {
	Status api.Status       // activate (active) or deactivate (inactive)
	Price  *PriceChange     // a new price for each
	Edit   bool             // the same fields for every listing (condition, city, contacts, …)
	Patch  *api.ListingEdit // with Edit: the fields set on each
}

// Change is a listing the action will change.
type Change struct {
	Item
	NewPrice     api.Price // with a price action
	ToModeration bool      // an active listing an edit sends back to moderation
	// Patch is an edit's fields for this listing when it holds some of the action's
	// already (rules.Unheld): only the others are sent. nil sends the action's.
	Patch *api.ListingEdit
}

// Skip is a listing the action leaves alone, and why: Reason in English, Why as an
// id and its values for an interface that says it in its own language.
type Skip struct {
	Item
	Reason string
	Why    rules.Why
}

// Plan is what an action will do, said before anything is sent.
type Plan struct {
	Action   Action
	Changes  []Change
	Skips    []Skip
	Requests int // one per change: no API call does batches
	// ToModeration counts the active listings the action sends back to moderation
	// (the spec: an edited active listing becomes pending).
	ToModeration int
	Duration     time.Duration // how long the requests take under the key's limits
	FitsToday    bool          // the day's budget holds them all
	Days         int           // Kyiv days the work spans
}

// Make plans a on items under the budget b at now. Repeated ids count once.
func Make(items []Item, a Action, b api.Budget, now time.Time) Plan {
	p := Plan{Action: a}
	seen := make(map[int]bool, len(items))
	for _, it := range items {
		if it.ID <= 0 || seen[it.ID] {
			continue
		}
		seen[it.ID] = true
		c, why := a.decide(it)
		if !why.OK() {
			p.Skips = append(p.Skips, Skip{Item: it, Reason: why.String(), Why: why})
			continue
		}
		if c.ToModeration {
			p.ToModeration++
		}
		p.Changes = append(p.Changes, c)
	}
	p.Requests = len(p.Changes)
	p.Duration, p.FitsToday, p.Days = b.Estimate(p.Requests, now)
	return p
}

// decide is the rule for one listing: the change, or why there is none.
func (a Action) decide(it Item) (Change, rules.Why) {
	c := Change{Item: it}
	switch {
	case a.Status != "":
		switch mv, _ := api.CheckMove(it.Status, a.Status); mv {
		case api.MoveAllowed:
			return c, rules.Why{}
		default:
			return c, moveWhy(it.Status, a.Status)
		}
	case a.Price != nil:
		if why := editable(it.Status); !why.OK() {
			return c, why
		}
		zero := it.Price.IsZero() || it.Price.Float64() == 0
		switch {
		case it.PriceType == api.PriceFree:
			return c, rules.Because("bulk.skip.free")
		case it.PriceType == api.PriceExchange:
			return c, rules.Because("bulk.skip.exchange")
		case zero && it.PriceType == "":
			return c, rules.Because("bulk.skip.zero")
		}
		np, err := a.Price.Apply(it.Price)
		switch {
		case err != nil:
			return c, err.(rules.Why)
		case np.Float64() <= 0:
			return c, rules.Because("bulk.skip.below_zero", "Price", format.Price(np, it.Currency, api.PriceSell))
		case np.String() == it.Price.String():
			return c, rules.Because("bulk.skip.same_price", "Price", format.Price(np, it.Currency, api.PriceSell))
		}
		c.NewPrice = np
	case a.Edit:
		if why := editable(it.Status); !why.OK() {
			return c, why
		}
		if a.Patch != nil {
			l, detail := it.listing()
			patch := rules.Unheld(a.Patch, l, detail)
			switch {
			case patch.Empty():
				return c, rules.Because("bulk.skip.held")
			case !reflect.DeepEqual(patch, a.Patch):
				c.Patch = patch
			}
		}
	default:
		return c, rules.Because("bulk.skip.no_action")
	}
	e, _ := api.CheckEdit(it.Status)
	c.ToModeration = e == api.EditToModeration
	return c, rules.Why{}
}

// editable says why a listing of status is not edited (api.CheckEdit, the rule the
// import and the form follow too), or nothing.
func editable(s api.Status) rules.Why {
	if e, _ := api.CheckEdit(s); e == api.EditRefused {
		return rules.Because("bulk.skip.not_editable", "Status", string(s))
	}
	return rules.Why{}
}

// Summary says the plan in a few lines, for the confirmation: what changes, what goes
// back to moderation (said loudly), what is skipped by reason, and the cost.
func (p Plan) Summary() []string { return p.SummaryIn(nil) }

// SummaryIn is Summary in the words say gives a Why (nil: English).
func (p Plan) SummaryIn(say func(rules.Why) string) []string {
	if say == nil {
		say = rules.Why.String
	}
	total := len(p.Changes) + len(p.Skips)
	out := []string{say(rules.Because("bulk.summary", "Changes", rules.Num(len(p.Changes)), "Total", rules.Num(total),
		"Skipped", rules.Num(len(p.Skips)), "Count", total))}
	if w := job.ModerationWhy(p.ToModeration); !w.OK() {
		out = append(out, say(w))
	}
	reasons := map[string]int{}
	var order []Skip
	for _, s := range p.Skips {
		if reasons[s.Reason] == 0 {
			order = append(order, s)
		}
		reasons[s.Reason]++
	}
	for _, s := range order {
		var why any = s.Reason
		if !s.Why.OK() {
			why = s.Why
		}
		out = append(out, say(rules.Because("bulk.summary.skipped", "N", rules.Num(reasons[s.Reason]), "Why", why)))
	}
	return append(out, say(job.CostWhy(p.Requests, p.Duration, p.FitsToday, p.Days)))
}
