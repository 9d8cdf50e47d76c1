package api

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounds of the spec checked before a request is spent.
const (
	MaxListLimit   = 100
	MaxCitiesLimit = 50
	MinCityQuery   = 2
)

// invalidParam is a request the client refuses to send because the spec's rule already
// decides the answer.
func invalidParam(field, format string, args ...any) *Error {
	return &Error{Code: CodeInvalidParameter, Field: field, Hint: fmt.Sprintf(format, args...)}
}

func langQuery(q url.Values, lang string) url.Values {
	if lang = strings.TrimSpace(lang); lang != "" {
		q.Set("lang", lang)
	}
	return q
}

// Ping checks the key and returns what the service knows about it. Its limits and
// counters re-seed the client's budget.
func (c *Client) Ping(ctx context.Context) (*KeyInfo, error) {
	var k KeyInfo
	err := c.do(ctx, &call{op: "ping", method: http.MethodGet, path: "/api/v1/ping", out: &k})
	if err != nil {
		return nil, err
	}
	c.lim.seed(&k)
	k.redactKeys()
	return &k, nil
}

// ListListings returns one page of the caller's listings.
func (c *Client) ListListings(ctx context.Context, p ListParams) (*ListPage, error) {
	q, err := p.query()
	if err != nil {
		return nil, fmt.Errorf("list listings: %w", err)
	}
	var page ListPage
	if err := c.do(ctx, &call{op: "list listings", method: http.MethodGet,
		path: "/api/v1/my/listings", query: q, out: &page}); err != nil {
		return nil, err
	}
	return &page, nil
}

func (p ListParams) query() (url.Values, error) {
	q := langQuery(url.Values{}, p.Lang)
	if p.Status != "" {
		q.Set("status", string(p.Status))
	}
	switch {
	case p.Limit < 0 || p.Limit > MaxListLimit:
		return nil, invalidParam("limit", "limit %d is outside 1 to %d", p.Limit, MaxListLimit)
	case p.Limit > 0:
		q.Set("limit", strconv.Itoa(p.Limit))
	}
	switch {
	case p.Cursor < 0:
		return nil, invalidParam("cursor", "cursor %d is negative", p.Cursor)
	case p.Cursor > 0:
		q.Set("cursor", strconv.Itoa(p.Cursor))
	}
	if len(p.Fields) > 0 {
		q.Set("fields", strings.Join(p.Fields, ","))
	}
	return q, nil
}

// AllListings yields every page of the list, following next_cursor until it is absent.
// It stops after the first error, which it yields with a nil page, and also when the
// service repeats a cursor (which would otherwise loop forever).
func (c *Client) AllListings(ctx context.Context, p ListParams) iter.Seq2[*ListPage, error] {
	return func(yield func(*ListPage, error) bool) {
		seen := map[int]bool{}
		for {
			page, err := c.ListListings(ctx, p)
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(page, nil) || page.NextCursor == nil {
				return
			}
			next := *page.NextCursor
			if seen[next] || next <= 0 {
				yield(nil, fmt.Errorf("list listings: %w", badResponse(http.StatusOK,
					"the server returned next_cursor %d again; paging stopped to avoid a loop", next)))
				return
			}
			seen[next] = true
			p.Cursor = next
		}
	}
}

// GetListing returns one listing with its moderation block (pending or blocked only).
func (c *Client) GetListing(ctx context.Context, id int, lang string) (*ListingDetail, error) {
	if id <= 0 {
		return nil, fmt.Errorf("get listing: %w", invalidParam("id", "listing id %d is not positive", id))
	}
	var d ListingDetail
	err := c.do(ctx, &call{op: fmt.Sprintf("get listing %d", id), method: http.MethodGet,
		path: "/api/v1/my/listings/" + strconv.Itoa(id), query: langQuery(url.Values{}, lang), out: &d})
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// CreateListing creates a listing. It is never retried automatically: a create whose
// answer was lost may have happened, and a blind retry would make a duplicate.
func (c *Client) CreateListing(ctx context.Context, l *ListingCreate) (*CreateResult, error) {
	if l == nil {
		return nil, fmt.Errorf("create listing: %w", invalidParam("body", "no listing given"))
	}
	var r CreateResult
	if err := c.do(ctx, &call{op: "create listing", method: http.MethodPost,
		path: "/api/v1/my/listings", body: l, out: &r}); err != nil {
		return nil, err
	}
	return &r, nil
}

// EditListing changes only the fields set in e (PATCH). An active listing goes back to
// pending for review.
func (c *Client) EditListing(ctx context.Context, id int, e *ListingEdit) (*EditResult, error) {
	op := fmt.Sprintf("edit listing %d", id)
	switch {
	case id <= 0:
		return nil, fmt.Errorf("%s: %w", op, invalidParam("id", "listing id %d is not positive", id))
	case e == nil || e.Empty():
		return nil, fmt.Errorf("%s: %w", op, &Error{Code: CodeInvalidJSON, Hint: errNothingToChange.Error()})
	}
	var r EditResult
	if err := c.do(ctx, &call{op: op, method: http.MethodPatch,
		path: "/api/v1/my/listings/" + strconv.Itoa(id), body: e, out: &r}); err != nil {
		return nil, err
	}
	return &r, nil
}

// SetStatus activates (StatusActive) or deactivates (StatusInactive) a listing. The
// spec does not show the answer's body, so any 2xx is a success whatever its body (an
// empty one, text, JSON of another shape) unless it says ok=false or is an HTML page;
// what the body states is read as far as it can be. See StatusResult.
func (c *Client) SetStatus(ctx context.Context, id int, status Status) (*StatusResult, error) {
	op := fmt.Sprintf("set status of listing %d", id)
	switch {
	case id <= 0:
		return nil, fmt.Errorf("%s: %w", op, invalidParam("id", "listing id %d is not positive", id))
	case status != StatusActive && status != StatusInactive:
		return nil, fmt.Errorf("%s: %w", op, invalidParam("status",
			"status %q cannot be set through the API; only active or inactive", string(status)))
	}
	var r StatusResult
	err := c.do(ctx, &call{op: op, method: http.MethodPost,
		path: "/api/v1/my/listings/" + strconv.Itoa(id) + "/status",
		body: map[string]Status{"status": status}, out: &r, unshown: true})
	if err != nil {
		return nil, err
	}
	r.Confirmed = r.Status != ""
	if r.ListingID == 0 {
		r.ListingID = id
	}
	if r.Status == "" {
		r.Status = status
	}
	return &r, nil
}

// Categories returns the category tree in lang ("" for the service's default).
func (c *Client) Categories(ctx context.Context, lang string) ([]Category, error) {
	var r struct {
		Categories []Category `json:"categories"`
	}
	if err := c.do(ctx, &call{op: "categories", method: http.MethodGet,
		path: "/api/v1/categories", query: langQuery(url.Values{}, lang), out: &r}); err != nil {
		return nil, err
	}
	return r.Categories, nil
}

// Attributes returns the attributes of a category.
func (c *Client) Attributes(ctx context.Context, categoryID int, lang string) ([]Attribute, error) {
	op := fmt.Sprintf("attributes of category %d", categoryID)
	if categoryID <= 0 {
		return nil, fmt.Errorf("%s: %w", op, invalidParam("id", "category id %d is not positive", categoryID))
	}
	var r struct {
		Attributes []Attribute `json:"attributes"`
	}
	if err := c.do(ctx, &call{op: op, method: http.MethodGet,
		path:  "/api/v1/categories/" + strconv.Itoa(categoryID) + "/attributes",
		query: langQuery(url.Values{}, lang), out: &r}); err != nil {
		return nil, err
	}
	return r.Attributes, nil
}

// SearchCities finds settlements by name; q needs at least 2 characters and limit is 1
// to 50 (0 for the service's default of 10).
func (c *Client) SearchCities(ctx context.Context, q, lang string, limit int) ([]City, error) {
	q = strings.TrimSpace(q)
	switch {
	case utf8.RuneCountInString(q) < MinCityQuery:
		return nil, fmt.Errorf("search cities: %w", invalidParam("q",
			"the search needs at least %d characters", MinCityQuery))
	case limit < 0 || limit > MaxCitiesLimit:
		return nil, fmt.Errorf("search cities: %w", invalidParam("limit",
			"limit %d is outside 1 to %d", limit, MaxCitiesLimit))
	}
	query := langQuery(url.Values{"q": {q}}, lang)
	if limit > 0 {
		query.Set("limit", strconv.Itoa(limit))
	}
	var r struct {
		Cities []City `json:"cities"`
	}
	if err := c.do(ctx, &call{op: "search cities", method: http.MethodGet,
		path: "/api/v1/cities/search", query: query, out: &r}); err != nil {
		return nil, err
	}
	return r.Cities, nil
}

// SuggestCategory asks the service's AI for a category for a title and description.
func (c *Client) SuggestCategory(ctx context.Context, title, description, lang string) (*Suggestion, error) {
	body := map[string]string{"title": title, "description": description}
	if lang = strings.TrimSpace(lang); lang != "" {
		body["lang"] = lang
	}
	var s Suggestion
	if err := c.do(ctx, &call{op: "suggest category", method: http.MethodPost,
		path: "/api/v1/ai/suggest-category", body: body, out: &s}); err != nil {
		return nil, err
	}
	return &s, nil
}
