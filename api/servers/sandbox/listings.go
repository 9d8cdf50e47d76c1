package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// queryLang reads `lang`: uk (default), ru or en.
func queryLang(q url.Values) (string, *apiError) {
	lang := q.Get("lang")
	if lang == "" {
		return "uk", nil
	}
	if !validLang(lang) {
		return "", errInvalidParam("lang", "lang must be uk, ru or en")
	}
	return lang, nil
}

func validLang(lang string) bool { return lang == "uk" || lang == "ru" || lang == "en" }

// queryInt reads an integer parameter within lo..hi, def when absent.
func queryInt(q url.Values, name string, def, lo, hi int) (int, *apiError) {
	raw := q.Get(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, errInvalidParam(name, name+" must be an integer from "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi))
	}
	return n, nil
}

var listStatuses = []string{statusActive, statusSold, statusArchived, statusInactive, "all"}

// listQuery is the parsed query of GET /my/listings.
type listQuery struct {
	lang, status  string
	limit, cursor int
	fields        map[string]bool // nil: every field
}

func parseListQuery(q url.Values) (listQuery, *apiError) {
	var lq listQuery
	var e *apiError
	if lq.lang, e = queryLang(q); e != nil {
		return lq, e
	}
	lq.status = q.Get("status")
	if lq.status == "" {
		lq.status = statusActive
	}
	if !slices.Contains(listStatuses, lq.status) {
		return lq, errInvalidParam("status", "status must be one of active, sold, archived, inactive, all")
	}
	if lq.limit, e = queryInt(q, "limit", 20, 1, 100); e != nil {
		return lq, e
	}
	if raw := q.Get("cursor"); raw != "" {
		id, ok := parseID(raw)
		if !ok {
			return lq, errInvalidParam("cursor", "cursor must be the next_cursor of the previous page (a listing id)")
		}
		lq.cursor = id
	}
	if raw, ok := q["fields"]; ok {
		lq.fields = map[string]bool{}
		for _, part := range raw {
			for name := range strings.SplitSeq(part, ",") {
				lq.fields[strings.TrimSpace(name)] = true
			}
		}
	}
	return lq, nil
}

// listListings answers GET /api/v1/my/listings: own listings, id descending.
func (s *Server) listListings(c *call) {
	lq, e := parseListQuery(c.r.URL.Query())
	if e != nil {
		c.fail(e)
		return
	}
	page := make([]*listing, 0, lq.limit)
	s.mu.Lock()
	s.settle(c.now)
	all := s.st.byOwner[c.key.UserID]
	end := len(all)
	if lq.cursor > 0 {
		end, _ = slices.BinarySearchFunc(all, lq.cursor, func(x *listing, id int) int { return x.ID - id })
	}
	for i := end - 1; i >= 0 && len(page) < lq.limit; i-- {
		if lq.status == "all" || all[i].Status == lq.status {
			page = append(page, all[i])
		}
	}
	s.mu.Unlock()

	// Stored listings are never changed in place, so rendering outside the lock is safe.
	var items any
	if lq.fields == nil {
		views := make([]listView, len(page))
		for i, l := range page {
			views[i] = c.listView(l, lq.lang)
		}
		items = views
	} else {
		objs := make([]obj, len(page))
		for i, l := range page {
			v := c.listView(l, lq.lang)
			objs[i] = pick(&v, lq.fields)
		}
		items = objs
	}
	body := obj{{"lang", lq.lang}, {"count", len(page)}}
	if len(page) == lq.limit {
		body = append(body, kv{"next_cursor", page[len(page)-1].ID})
	}
	c.ok(http.StatusOK, append(body, kv{"listings", items}))
}

// ownListing finds the caller's listing named by the path, settling moderation first.
// The caller holds s.mu.
func (s *Server) ownListing(c *call) *listing {
	id, ok := parseID(c.params[0])
	if !ok {
		return nil
	}
	s.settle(c.now)
	return s.st.own(c.key.UserID, id)
}

// getListing answers GET /api/v1/my/listings/{id}.
func (s *Server) getListing(c *call) {
	lang, e := queryLang(c.r.URL.Query())
	if e != nil {
		c.fail(e)
		return
	}
	s.mu.Lock()
	l := s.ownListing(c)
	s.mu.Unlock()
	if l == nil {
		c.fail(errListingNotFound())
		return
	}
	body := obj{{"lang", lang}, {"listing", c.detailView(l, lang)}}
	if m, ok := c.moderationView(l); ok {
		body = append(body, kv{"moderation", m})
	}
	c.ok(http.StatusOK, body)
}
