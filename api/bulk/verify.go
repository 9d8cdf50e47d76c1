package bulk

import (
	"context"
	"fmt"

	"github.com/listings-tui/listings/api"
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
	d, err := g.GetListing(ctx, p.ID, "")
	if api.IsNotFound(err) {
		return false, j.Refused(p.ID, api.CodeListingNotFound, "the listing is gone: not sent again")
	}
	if err != nil {
		return false, fmt.Errorf("check listing %d before sending it again: %w", p.ID, err)
	}
	l := d.Listing
	switch j.Head.Kind {
	case KindStatus:
		if string(l.Status) == j.Head.Status {
			return false, j.Succeeded(p.ID, l.Status)
		}
		return true, nil
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
		if j.Head.Patch != nil && patchHolds(j.Head.Patch, d) {
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

// patchHolds reports whether the listing d already has every field the patch sets, so
// an edit in doubt is known to be applied. A field it cannot compare (media,
// attributes, delivery) counts as not holding: the edit is sent again, which sets the
// same values.
func patchHolds(e *api.ListingEdit, d *api.ListingDetail) bool {
	l := d.Listing
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	holds := func(f api.Field[string], have string) bool {
		v, ok := f.Get()
		return !f.IsSet() || (ok && v == have) || (f.IsNull() && have == "")
	}
	switch {
	case !holds(e.Title, l.Title), !holds(e.Description, l.Description),
		!holds(e.Currency, l.Currency), !holds(e.Condition, str(l.Condition)),
		!holds(e.CityRef, l.CityRef), !holds(e.ContactName, l.ContactName),
		!holds(e.ContactPhone, l.ContactPhone):
		return false
	}
	if v, ok := e.HidePhone.Get(); e.HidePhone.IsSet() && (!ok || v != l.HidePhone) {
		return false
	}
	if v, ok := e.Price.Get(); e.Price.IsSet() && (!ok || v.String() != l.Price.String()) {
		return false
	}
	if v, ok := e.CategoryID.Get(); e.CategoryID.IsSet() && (!ok || v != l.CategoryID) {
		return false
	}
	return !e.Photos.IsSet() && !e.PhotosWM.IsSet() && !e.Photos3D.IsSet() && !e.VideoURL.IsSet() &&
		!e.VideoThumbnail.IsSet() && !e.Attributes.IsSet() && !e.Delivery.IsSet()
}
