package sandbox

import (
	"net/http"
	"strings"
)

// setStatus answers POST /api/v1/my/listings/{id}/status: the owner moves a listing
// between active and inactive; every other move is a moderator's.
func (s *Server) setStatus(c *call) {
	m, e := readJSON(c)
	if e != nil {
		c.fail(e)
		return
	}
	f := &fields{m: m}
	want := f.str("status")
	if f.err != nil {
		c.fail(f.err)
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.ownListing(c)
	if old == nil {
		c.fail(errListingNotFound())
		return
	}
	to := strings.TrimSpace(want.v)
	switch {
	case !want.set() || to == "":
		c.fail(fail422("status", "required", "the field status is required: active or inactive"))
		return
	case to != statusActive && to != statusInactive:
		c.fail(fail422("status", "invalid_value", "status must be active or inactive"))
		return
	}
	from := old.Status
	if from == to {
		c.ok(http.StatusOK, obj{{"listing_id", old.ID}, {"status", to}, {"previous_status", from}})
		return
	}
	if from != statusActive && from != statusInactive {
		c.fail(fail422("status", "status_change_forbidden",
			"the listing is "+from+": it cannot be set "+to+" through the API; only a moderator or admin can do it on the website"))
		return
	}
	n := old.clone()
	n.Status = to
	n.UpdatedAt = c.now
	s.st.replace(n)
	s.changed()
	c.ok(http.StatusOK, obj{{"listing_id", n.ID}, {"status", to}, {"previous_status", from}})
}
