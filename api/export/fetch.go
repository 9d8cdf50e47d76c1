package export

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/format"
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
func (p Plan) Summary() []string {
	what := fmt.Sprintf("%s listings to export with their detail", format.Number(p.Listings))
	if p.Fetched > 0 {
		what += fmt.Sprintf("; %s fetched already", format.Number(p.Fetched))
	}
	return []string{what, "details: " + bulk.Cost(p.Requests, p.Duration, p.FitsToday, p.Days)}
}

// Fetch gets the detail of every listing left in the journal, bulk.Workers at a time
// within the client's budget, and journals each as it comes. A listing gone since the
// list was read (404), refused, or answered with a server error is journaled as failed
// and the job goes on; what would fail every listing (the key, the day's budget, the service
// unreachable) stops it with *bulk.ErrStopped, and ctx stops it after the requests in
// flight are answered; in both cases what is left waits for a resume. onFetched (may be
// nil) is called after each listing is journaled. Its requests are background work
// (api.Background), as a bulk job's.
func Fetch(ctx context.Context, g bulk.Getter, j *Journal, onFetched func(id int)) error {
	ctx = api.Background(ctx)
	err := bulk.Each(ctx, j.Left(), func(p bulk.Planned) error {
		if err := fetchOne(ctx, g, j, p.ID); err != nil {
			return err
		}
		if onFetched != nil {
			onFetched(p.ID)
		}
		return nil
	})
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.Canceled) {
		return &bulk.ErrStopped{Cause: err}
	}
	return err
}

// fetchOne gets one detail; its error stops the job.
func fetchOne(ctx context.Context, g bulk.Getter, j *Journal, id int) error {
	d, err := g.GetListing(ctx, id, j.Head.Export.Lang)
	switch {
	case err == nil:
		raw, err := json.Marshal(d.Listing) // the fields the service sent, and only those
		if err != nil {
			return fmt.Errorf("listing %d: %w", id, err)
		}
		return j.Fetched(id, raw)
	case errors.Is(err, api.ErrWaitAbandoned) || ctx.Err() != nil:
		// Ctrl+C, during the request or while it waited for the budget: nothing to
		// record, the listing is fetched on resume.
		return context.Canceled
	case errors.Is(err, context.Canceled), api.IsUnreachable(err), bulk.StopsJob(err):
		return err
	case api.IsNotFound(err):
		return j.Refused(id, CodeGone, "deleted since the list was read")
	}
	// Refused, or a server error the client's retries did not get past: this listing
	// is left out and the others go on; a resume tries it again.
	code, hint := "error", err.Error()
	if e, ok := api.AsError(err); ok {
		code, hint = e.Code, e.Hint
	}
	return j.Refused(id, code, hint)
}
