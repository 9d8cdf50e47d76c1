package bulk

import (
	"context"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Getter is what checking an item in doubt needs; *api.Client satisfies it.
type Getter interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
}

// Verify settles an item in doubt (its request was sent, its answer lost) with one
// GET, so that a change is never applied twice: a price already at its new value, or
// a status already set, is done; one still at its old value is sent again (resend);
// a price that is neither was changed by someone else meanwhile, and is left alone.
// What it learns is journaled. An item not in doubt needs no check.
func (j *Journal) Verify(ctx context.Context, g Getter, p Planned) (resend bool, err error) {
	if st := j.Outcome(p.ID).State; st != InDoubt {
		return st == NotStarted, nil
	}
	d, err := job.Call(ctx, func(ctx context.Context) (*api.ListingDetail, error) { return g.GetListing(ctx, p.ID, "") })
	if api.IsNotFound(err) {
		return false, j.Refused(p.ID, api.CodeListingNotFound, "the listing is gone: not sent again")
	}
	if err != nil {
		return false, fmt.Errorf("check listing %d before sending it again: %w", p.ID, err)
	}
	l := d.Listing
	if st := j.Head.statusOf(p); st != "" {
		if string(l.Status) == st {
			return false, j.Succeeded(p.ID, l.Status)
		}
		return true, nil
	}
	switch j.Head.Kind {
	case KindPrice:
		switch l.Price.String() {
		case p.NewPrice:
			return false, j.Succeeded(p.ID, l.Status)
		case p.OldPrice:
			return true, nil
		}
		return false, j.Refused(p.ID, "changed_meanwhile", fmt.Sprintf(
			"the price is now %s, neither %s as planned from nor %s: it was changed elsewhere, so it is not changed again",
			l.Price.String(), p.OldPrice, p.NewPrice))
	case KindEdit:
		// Setting the same fields again changes nothing: an edit already applied is
		// done, one not applied is sent.
		if e := j.Head.patchOf(p); e != nil && rules.Unheld(e, &d.Listing, true).Empty() {
			return false, j.Succeeded(p.ID, l.Status)
		}
		return true, nil
	}
	return false, fmt.Errorf("job %s: unknown kind %q", j.Head.Job, j.Head.Kind)
}

// The kinds of job a journal knows.
const (
	KindStatus = "status"
	KindPrice  = "price"
	KindEdit   = "edit"
)
