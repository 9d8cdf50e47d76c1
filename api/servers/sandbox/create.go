package sandbox

import (
	"encoding/json"
	"net/http"
	"strings"
)

// createListing answers POST /api/v1/my/listings.
func (s *Server) createListing(c *call) {
	m, e := readJSON(c)
	if e != nil {
		c.fail(e)
		return
	}
	b, e := decodeListingBody(m)
	if e != nil {
		c.fail(e)
		return
	}
	l := &listing{Owner: c.key.UserID, PriceType: "sell", Currency: "UAH",
		Attributes: map[string]json.RawMessage{}}
	if errs := c.applyBody(l, &b, true); len(errs) > 0 {
		c.fail(unprocessable(errs))
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if dup := s.duplicateOf(l); dup != nil {
		c.fail(fail422("title", "duplicate",
			"you already have this listing (same title, category and price); edit it instead of creating a copy",
			kv{"existing_listing_id", dup.ID}))
		return
	}
	l.ID = s.st.NextID
	l.Slug = slugify(l.Title)
	l.CreatedAt, l.UpdatedAt = c.now, c.now
	if node, _ := s.cat.Category(l.CategoryID); node.AutoApprove {
		l.Status = statusActive
	} else {
		s.submit(l, c.now)
	}
	s.st.add(l)
	s.changed()
	c.ok(http.StatusCreated, obj{{"listing_id", l.ID}, {"slug", l.Slug}, {"status", l.Status},
		{"url", c.publicURL(l)}})
}

// duplicateOf finds a listing of the same owner, not archived or sold, with the same
// title (trimmed, case-insensitive), category and price. The caller holds s.mu.
func (s *Server) duplicateOf(l *listing) *listing {
	for _, o := range s.st.byOwner[l.Owner] {
		if o.Status == statusArchived || o.Status == statusSold {
			continue
		}
		if o.CategoryID == l.CategoryID && o.Price == l.Price && sameTitle(o, l.Title) {
			return o
		}
	}
	return nil
}

func sameTitle(o *listing, title string) bool {
	if strings.EqualFold(strings.TrimSpace(o.Title), title) {
		return true
	}
	for _, t := range o.Titles {
		if strings.EqualFold(strings.TrimSpace(t), title) {
			return true
		}
	}
	return false
}

// editListing answers PUT and PATCH /api/v1/my/listings/{id}: a partial edit.
func (s *Server) editListing(c *call) {
	m, e := readJSON(c)
	if e != nil {
		c.fail(e)
		return
	}
	b, e := decodeListingBody(m)
	if e != nil {
		c.fail(e)
		return
	}
	if b.empty() {
		c.fail(errInvalidJSON("", "nothing to change: send at least one listing field"))
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.ownListing(c)
	if old == nil {
		c.fail(errListingNotFound())
		return
	}
	if old.Status == statusSold || old.Status == statusArchived {
		c.fail(fail422("status", "not_editable",
			"the listing is "+old.Status+": it cannot be edited through the API; manage it on the website"))
		return
	}
	n := old.clone()
	if errs := c.applyBody(n, &b, false); len(errs) > 0 {
		c.fail(unprocessable(errs))
		return
	}
	if n.Title != old.Title {
		n.Slug = slugify(n.Title)
	}
	n.UpdatedAt = c.now
	switch old.Status {
	case statusActive, statusPending, statusBlocked:
		s.submit(n, c.now) // re-checked by moderation; a pending review restarts
	}
	s.st.replace(n)
	s.changed()
	c.ok(http.StatusOK, obj{{"listing_id", n.ID}, {"status", n.Status}})
}
