package export

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Plan is what a --detail export costs, said before it starts: one GET per listing
// whose detail is not in the journal yet, paced by the key's budget.
type Plan struct {
	Listings  int // to export
	Fetched   int // details already journaled (a resume)
	Requests  int // GETs left
	Duration  time.Duration
	FitsToday bool
	Days      int
}

// MakePlan plans fetching the details of listings, fetched of them being journaled
// already, under the budget b at now.
func MakePlan(listings, fetched int, b api.Budget, now time.Time) Plan {
	p := Plan{Listings: listings, Fetched: fetched, Requests: max(0, listings-fetched)}
	p.Duration, p.FitsToday, p.Days = b.Estimate(p.Requests, now)
	return p
}

// Summary says the plan in a line or two.
func (p Plan) Summary() []string { return p.SummaryIn(nil) }

// SummaryIn is Summary in the words say gives a Why (nil: English).
func (p Plan) SummaryIn(say func(rules.Why) string) []string {
	if say == nil {
		say = rules.Why.String
	}
	what := job.Because("export.what", "N", rules.Num(p.Listings), "Count", p.Listings)
	if p.Fetched > 0 {
		what = job.Because("export.what_fetched", "N", rules.Num(p.Listings), "Fetched", rules.Num(p.Fetched), "Count", p.Listings)
	}
	return []string{say(what), say(job.Because("export.details", "Cost", job.CostWhy(p.Requests, p.Duration, p.FitsToday, p.Days)))}
}

// Fetch gets the detail of every listing left in the journal, job.Workers at a time
// within the client's budget, and journals each as it comes. A listing gone since the
// list was read (404), refused, or answered with a server error is journaled as failed
// and the job goes on; what would fail every listing (the key, the day's budget, the service
// unreachable) stops it with *job.ErrStopped, and ctx stops it after the requests in
// flight are answered; in both cases what is left waits for a resume. onFetched (may be
// nil) is called after each listing is journaled. Its requests are background work
// (api.Background), as a bulk job's.
func Fetch(ctx context.Context, g bulk.Getter, j *Journal, onFetched func(id int)) error {
	ctx = api.Background(ctx)
	err := job.Each(ctx, j.Left(), func(p bulk.Planned) error {
		if err := fetchOne(ctx, g, j, p.ID); err != nil {
			return err
		}
		if onFetched != nil {
			onFetched(p.ID)
		}
		return nil
	})
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.Canceled) {
		return &job.ErrStopped{Cause: err}
	}
	return err
}

// fetchOne gets one detail under the pause rule (job.Call); its error stops the job.
// A listing gone since the list was read (404) is recorded as such; what else the
// answer says is settled as every job's item is (job.Settle): a refusal or a server
// error the client's retries did not get past leaves this listing out while the
// others go on, and a resume tries it again.
func fetchOne(ctx context.Context, g bulk.Getter, j *Journal, id int) error {
	d, err := job.Call(ctx, func(ctx context.Context) (*api.ListingDetail, error) {
		return g.GetListing(ctx, id, j.Head.Export.Lang)
	})
	switch {
	case err == nil:
		raw, err := json.Marshal(d.Listing) // the fields the service sent, and only those
		if err != nil {
			return fmt.Errorf("listing %d: %w", id, err)
		}
		return j.Fetched(id, raw)
	case api.IsNotFound(err):
		return j.Refused(id, CodeGone, "deleted since the list was read")
	}
	return j.Settle(id, err)
}
