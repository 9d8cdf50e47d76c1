package bulk

import (
	"context"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Kind is the kind of the bulk jobs (status, price, edit) for the front ends'
// loop over kinds (api/jobs/job).
var Kind = job.NewKind(owns, load)

// Verb names the job's action for people.
func (j *Journal) Verb() string { return j.Head.Verb() }

// About says the job in a line: "price 600 listings".
func (j *Journal) About() string {
	return j.Head.Verb() + " " + format.Count(len(j.Head.Items), "listing")
}

// Items are every listing of the job with its outcome.
func (j *Journal) Items() []job.Item {
	out := make([]job.Item, len(j.Head.Items))
	for i, p := range j.Head.Items {
		out[i] = j.item(p, j.Outcome(p.ID))
	}
	return out
}

func (j *Journal) item(p Planned, o Outcome) job.Item {
	it := job.ItemOf(p.ID, o)
	it.Title = p.Title
	if j.Head.Kind == KindPrice {
		it.Price = p.NewPrice
	}
	return it
}

// Refusals are none: a bulk plan's skips are said before the job, not journaled.
func (j *Journal) Refusals() []job.Item { return nil }

// PerItem is one request a listing.
func (j *Journal) PerItem() float64 { return 1 }

// Run carries out what is left (Run), telling each listing answered.
func (j *Journal) Run(ctx context.Context, svc job.Service, tell func(job.Item)) error {
	return Run(ctx, svc, j, func(ev Event) {
		if tell != nil {
			tell(j.item(ev.Item, ev.Outcome))
		}
	})
}
