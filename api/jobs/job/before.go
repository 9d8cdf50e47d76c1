package job

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/listings-tui/listings/api"
)

// An undo puts back what a job changed, so a job keeps in its header each item's
// values before the change (a price job its old price, a status job its old status,
// an edit the old values of the fields it sets: Before), and an undo reads the
// listings as they are now (Current) to leave alone what changed since.

// Before is the edit that puts back what e changes on l: for each field e sets, the
// value l had (Set, or Null where it was empty and null clears it). A field l does
// not show is left out, its old value not known: the detail's fields of a listing
// read from the list (detail false), the list's condition when the list did not say.
func Before(e *api.ListingEdit, l *api.ListingFull, detail bool) *api.ListingEdit {
	out := &api.ListingEdit{}
	if e == nil || l == nil {
		return out
	}
	text := func(set bool, v string) api.Field[string] {
		switch {
		case !set:
			return api.Field[string]{}
		case v == "":
			return api.Null[string]()
		}
		return api.Set(v)
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	if e.Title.IsSet() {
		out.Title = api.Set(l.Title)
	}
	if e.Price.IsSet() && !l.Price.IsZero() {
		out.Price = api.Set(l.Price)
	}
	if e.Currency.IsSet() && l.Currency != "" {
		out.Currency = api.Set(l.Currency)
	}
	out.Condition = text(e.Condition.IsSet() && (detail || l.Condition != nil), str(l.Condition))
	if e.Photos.IsSet() {
		out.Photos = api.Set(l.Photos)
	}
	if !detail {
		return out
	}
	if e.Description.IsSet() {
		out.Description = api.Set(l.Description)
	}
	if e.CategoryID.IsSet() && l.CategoryID != 0 {
		out.CategoryID = api.Set(l.CategoryID)
	}
	if e.CityRef.IsSet() && l.CityRef != "" {
		out.CityRef = api.Set(l.CityRef)
	}
	out.ContactName = text(e.ContactName.IsSet(), l.ContactName)
	out.ContactPhone = text(e.ContactPhone.IsSet(), l.ContactPhone)
	if e.HidePhone.IsSet() {
		out.HidePhone = api.Set(l.HidePhone)
	}
	if e.PhotosWM.IsSet() {
		out.PhotosWM = api.Set(l.PhotosWM)
	}
	if e.Photos3D.IsSet() {
		out.Photos3D = api.Set(l.Photos3D)
	}
	out.VideoURL = text(e.VideoURL.IsSet(), str(l.VideoURL))
	out.VideoThumbnail = text(e.VideoThumbnail.IsSet(), str(l.VideoThumbnail))
	if e.Attributes.IsSet() {
		attrs := map[string]any{}
		for k, raw := range l.Attributes {
			var v any
			if json.Unmarshal(raw, &v) == nil {
				attrs[k] = v
			}
		}
		out.Attributes = api.Set(attrs)
	}
	if e.Delivery.IsSet() && len(l.Delivery) > 0 {
		out.Delivery = api.Set(l.Delivery)
	}
	return out
}

// Seen is a listing as an undo reads it now, and whether it is its detail.
type Seen struct {
	Listing *api.ListingFull
	Detail  bool
}

// fewGets is the count of ids up to which one GET each is cheaper than the list: a
// page costs a request per 100 listings of the account.
const fewGets = 3

// planFields are the list's fields a plan reads.
var planFields = []string{"id", "title", "status", "price", "currency", "condition", "photos"}

// Current reads the listings ids as they are now, within the client's budget: with
// detail one GET each; else the list's pages (status all) until every id is found,
// and one GET each for those the list did not show (a pending or blocked listing
// may be missing from it). An id the service does not know (404) is not in seen.
// It returns the requests made.
func Current(ctx context.Context, svc Service, ids []int, detail bool, lang string) (seen map[int]Seen, reads int, err error) {
	seen = make(map[int]Seen, len(ids))
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	if !detail && len(want) > fewGets {
		p := api.ListParams{Lang: lang, Status: api.StatusAll, Limit: api.MaxListLimit, Fields: planFields}
		for len(seen) < len(want) {
			page, err := svc.ListListings(ctx, p)
			reads++
			if err != nil {
				return nil, reads, fmt.Errorf("read the listings as they are now: %w", err)
			}
			for _, l := range page.Listings {
				if want[l.ID] && l.HasID() {
					seen[l.ID] = Seen{Listing: &api.ListingFull{Listing: l}}
				}
			}
			if page.NextCursor == nil || len(page.Listings) == 0 || *page.NextCursor == p.Cursor {
				break // the end, or a cursor that does not move on
			}
			p.Cursor = *page.NextCursor
		}
	}
	for _, id := range ids {
		if _, ok := seen[id]; ok {
			continue
		}
		d, err := svc.GetListing(ctx, id, lang)
		reads++
		switch {
		case api.IsNotFound(err):
			continue
		case err != nil:
			return nil, reads, fmt.Errorf("read listing %d as it is now: %w", id, err)
		}
		seen[id] = Seen{Listing: &d.Listing, Detail: true}
	}
	return seen, reads, nil
}
