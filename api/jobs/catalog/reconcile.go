package catalog

import (
	"context"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// A create whose answer was lost may have made its listing. The service has no
// idempotency key, and answers duplicate only under its own rule (not stated by the
// spec), so before it is sent again the listing is looked for: among the account's
// newest listings, one created since a little before the create was sent, with the
// row's title and price, not already recorded for another row, and whose detail
// has the row's category and city.

// reconcilePages bounds the look: a create in doubt is among the newest listings,
// unless hundreds were created since (the list's order is not stated; the sandbox's
// is newest first).
const reconcilePages = 3

// skew is how much earlier than the send the service's clock may date the listing.
const skew = 10 * time.Minute

// reconcile looks for the listing a create in doubt made and records it (found);
// found false leaves the row to be sent again.
func reconcile(ctx context.Context, svc Sender, j *Journal, r Row) (found bool, err error) {
	o := j.Outcome(r.Line)
	since := time.Unix(o.SentAt, 0).Add(-skew)
	claimed := j.claimed()
	lang := j.Head.Lang
	p := api.ListParams{Lang: lang, Status: api.StatusAll, Limit: 100, Fields: []string{"id", "title", "price", "status", "url", "created_at"}}
	for page := 0; page < reconcilePages; page++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		lp, err := svc.ListListings(ctx, p)
		if err != nil {
			return false, fmt.Errorf("look for the listing of row %d, whose create's answer was lost: %w", r.Line, err)
		}
		older := 0
		for _, l := range lp.Listings {
			if !l.CreatedAt.IsZero() && l.CreatedAt.Before(since) {
				older++
				continue
			}
			// One whose id cannot be read cannot be recorded as the row's listing.
			if !l.HasID() || claimed[l.ID] || norm(l.Title) != norm(r.Create.Title) || !rules.SamePrice(l.Price, r.Create.Price) {
				continue
			}
			d, err := svc.GetListing(ctx, l.ID, lang)
			if err != nil {
				return false, fmt.Errorf("look for the listing of row %d: %w", r.Line, err)
			}
			if d.Listing.CategoryID == r.Create.CategoryID && (d.Listing.CityRef == "" || d.Listing.CityRef == r.Create.CityRef) {
				return true, j.Record(job.Event{Row: r.Line, Ev: "found", ID: l.ID, Status: string(l.Status), URL: l.URL})
			}
		}
		if lp.NextCursor == nil || older == len(lp.Listings) {
			break
		}
		p.Cursor = *lp.NextCursor
	}
	return false, nil
}

// claimed are the listings the journal already records for its rows.
func (j *Journal) claimed() map[int]bool {
	out := map[int]bool{}
	for _, k := range j.Head.Keys() {
		if o := j.Outcome(k); o.ListingID > 0 {
			out[o.ListingID] = true
		}
	}
	return out
}
