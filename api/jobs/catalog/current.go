package catalog

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// An edit row is compared with its listing as it is now, so that only what differs
// is sent. A row whose cells the list view holds (a plain export: title, price,
// currency, condition, city, photos) is compared with the list, read a hundred
// listings a request; a row with other cells (description, contacts, attributes,
// photos_wm, …) with the listing's detail, one GET each. A fresh local mirror
// (Options.Known) answers both at no request.

// listFields are the fields of the list view an edit row is compared with.
var listFields = []string{"id", "title", "price", "currency", "condition", "city", "status", "photos"}

// listColumns are the columns the list view answers; any other column of an edit
// row needs the listing's detail.
var listColumns = []string{"id", "title", "price", "currency", "condition", "city", "photos"}

// needsDetail says whether a row's cells need the listing's detail to be compared.
func needsDetail(cells map[string]string) bool {
	for col := range cells {
		if !slices.Contains(listColumns, col) {
			return true
		}
	}
	return false
}

// Known is what the local mirror knows of listings at no request, when it is fresh
// (synced a few minutes ago): their list view, and the details it keeps that did
// not change since. A listing it does not know is asked of the service.
type Known interface {
	KnownListings(ctx context.Context, lang string, ids []int) (list map[int]api.Listing, details map[int]*api.ListingFull, err error)
}

// editIDs are the listings the table's rows edit by their id: those whose cells the
// list view holds, and those that need the detail.
func editIDs(t *sheet.Table) (listOnly, detailed []int) {
	for _, r := range t.Rows {
		if _, done := reported(r.Cells); done {
			continue
		}
		cells := rowCells(r.Cells)
		d, _, ok := decimal(cells["id"])
		id, err := strconv.Atoi(d)
		if !ok || err != nil || id <= 0 {
			continue
		}
		if needsDetail(cells) {
			detailed = append(detailed, id)
		} else {
			listOnly = append(listOnly, id)
		}
	}
	return listOnly, detailed
}

// current holds the listings the edit rows name, as read.
type current struct {
	svc     Service
	lang    string
	reads   *int
	list    map[int]*api.ListingFull // the list view's fields only
	detail  map[int]*api.ListingFull
	missing map[int]bool // not in the account
	fromMir int          // answered by the mirror
}

func newCurrent(svc Service, lang string, reads *int) *current {
	return &current{svc: svc, lang: lang, reads: reads, list: map[int]*api.ListingFull{},
		detail: map[int]*api.ListingFull{}, missing: map[int]bool{}}
}

// prefetch reads what the rows will need before they are checked: the mirror's
// answers for every id, then the list pages for the rows that need only the list,
// while a page is cheaper than the GETs it saves. A listing the pages did not reach
// is read alone when its row is checked.
func (c *current) prefetch(ctx context.Context, known Known, listOnly, detailed []int) error {
	if known != nil && len(listOnly)+len(detailed) > 0 {
		l, d, err := known.KnownListings(ctx, c.lang, append(slices.Clone(listOnly), detailed...))
		if err == nil {
			for id, f := range d {
				c.detail[id] = f
				c.fromMir++
			}
			for id, x := range l {
				if _, ok := c.detail[id]; !ok {
					c.list[id] = &api.ListingFull{Listing: x}
					c.fromMir++
				}
			}
		}
	}
	want := map[int]bool{}
	for _, id := range listOnly {
		if c.list[id] == nil && c.detail[id] == nil {
			want[id] = true
		}
	}
	if len(want) < fewGets {
		return nil // as cheap one by one, and no page read in vain
	}
	// The pages are read until every wanted listing is found, or until they cost as
	// many requests as a GET for each would have: whatever the account's size, the
	// list never costs more than the GETs it replaces.
	p := api.ListParams{Lang: c.lang, Status: api.StatusAll, Limit: api.MaxListLimit, Fields: listFields}
	for pages, budget := 0, len(want); len(want) > 0 && pages < budget; pages++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		*c.reads++
		lp, err := c.svc.ListListings(ctx, p)
		if err != nil {
			return fmt.Errorf("read the listings the sheet edits: %w", err)
		}
		for _, l := range lp.Listings {
			if want[l.ID] {
				c.list[l.ID] = &api.ListingFull{Listing: l}
				delete(want, l.ID)
			}
		}
		if lp.NextCursor == nil || len(lp.Listings) == 0 {
			for id := range want {
				c.missing[id] = true // every page read: not in this account
			}
			return nil
		}
		p.Cursor = *lp.NextCursor
	}
	return nil
}

// fewGets is how many listings are read one by one rather than by the pages of the
// list: a page may hold none of them.
const fewGets = 3

// get is listing id as it is now: its detail when detail is true, else at least its
// list view. nil with no error when the account has no such listing.
func (c *current) get(ctx context.Context, id int, detail bool) (*api.ListingFull, error) {
	if d := c.detail[id]; d != nil {
		return d, nil
	}
	if l := c.list[id]; l != nil && !detail {
		return l, nil
	}
	if c.missing[id] {
		return nil, nil
	}
	*c.reads++
	d, err := c.svc.GetListing(ctx, id, c.lang)
	switch {
	case api.IsNotFound(err):
		c.missing[id] = true
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("read listing %d: %w", id, err)
	}
	c.detail[id] = &d.Listing
	return c.detail[id], nil
}

// isDetail says whether l is a detail (else only the list view's fields are known).
func (c *current) isDetail(l *api.ListingFull) bool { return c.detail[l.ID] == l }
