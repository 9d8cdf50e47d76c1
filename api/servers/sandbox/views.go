package sandbox

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// listView is the list-view Listing of the spec, field for field.
type listView struct {
	ID        int      `json:"id"`
	Slug      string   `json:"slug"`
	Title     string   `json:"title"`
	Price     float64  `json:"price"`
	Currency  string   `json:"currency"`
	Condition *string  `json:"condition"`
	City      *string  `json:"city"`
	Status    string   `json:"status"`
	Views     int      `json:"views"`
	VIP       bool     `json:"vip"`
	Top       bool     `json:"top"`
	VIPUntil  *string  `json:"vip_until"`
	TopUntil  *string  `json:"top_until"`
	Photo     *string  `json:"photo"`
	Photos    []string `json:"photos"`
	URL       string   `json:"url"`
	CreatedAt string   `json:"created_at"`
}

// detailView adds the detail fields of docs/sandbox.md to the list view.
type detailView struct {
	listView
	Description  string                     `json:"description"`
	CityRef      string                     `json:"city_ref"`
	CategoryID   int                        `json:"category_id"`
	CategoryPath string                     `json:"category_path"`
	PriceType    string                     `json:"price_type"`
	Attributes   map[string]json.RawMessage `json:"attributes"`
	ContactName  string                     `json:"contact_name"`
	ContactPhone string                     `json:"contact_phone"`
	HidePhone    bool                       `json:"hide_phone"`
	PhotosWM     []string                   `json:"photos_wm"`
	Photos3D     []string                   `json:"photos_3d"`
	VideoURL     *string                    `json:"video_url"`
	VideoThumb   *string                    `json:"video_thumbnail"`
	Delivery     json.RawMessage            `json:"delivery"`
	UpdatedAt    string                     `json:"updated_at"`
}

// listFields are the list-view names in the spec's order, for `fields`.
var listFields = []string{"id", "slug", "title", "price", "currency", "condition", "city",
	"status", "views", "vip", "top", "vip_until", "top_until", "photo", "photos", "url", "created_at"}

const listingTime = "2006-01-02 15:04:05"

func (s *Server) fmtTime(t time.Time) string { return t.In(s.loc).Format(listingTime) }

func (s *Server) fmtTimePtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	v := s.fmtTime(*t)
	return &v
}

func strPtr(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// base is the scheme and host the request came in on.
func (c *call) base() string {
	scheme := "http"
	if c.r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + c.r.Host
}

// resolve turns a stored media reference into an absolute URL.
func (c *call) resolve(ref string) string {
	if strings.HasPrefix(ref, "/") {
		return c.base() + ref
	}
	return ref
}

func (c *call) resolveAll(refs []string) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = c.resolve(r)
	}
	return out
}

// localRef stores a URL of this server's own media host-independently, so a state file
// keeps working when the sandbox is later served on another address.
func (c *call) localRef(raw string) string {
	u, err := url.Parse(raw)
	if err == nil && u.Host == c.r.Host && strings.HasPrefix(u.Path, "/media/") && u.RawQuery == "" {
		return u.Path
	}
	return raw
}

func (c *call) publicURL(l *listing) string {
	return c.base() + "/l/" + strconv.Itoa(l.ID) + "-" + l.Slug
}

func (c *call) listView(l *listing, lang string) listView {
	s := c.s
	v := listView{
		ID: l.ID, Slug: l.Slug, Title: l.title(lang), Price: l.Price, Currency: l.Currency,
		Condition: strPtr(l.Condition), Status: l.Status, Views: l.Views,
		VIP: l.VIPUntil != nil && l.VIPUntil.After(c.now), Top: l.TopUntil != nil && l.TopUntil.After(c.now),
		VIPUntil: s.fmtTimePtr(l.VIPUntil), TopUntil: s.fmtTimePtr(l.TopUntil),
		Photos: c.resolveAll(l.Photos), URL: c.publicURL(l), CreatedAt: s.fmtTime(l.CreatedAt),
	}
	if city, ok := s.cat.City(l.CityRef, lang); ok {
		v.City = &city.Name
	}
	if len(v.Photos) > 0 {
		v.Photo = &v.Photos[0]
	}
	return v
}

func (c *call) detailView(l *listing, lang string) detailView {
	attrs := l.Attributes
	if attrs == nil {
		attrs = map[string]json.RawMessage{}
	}
	var thumb *string
	if l.VideoThumb != "" {
		thumb = strPtr(c.resolve(l.VideoThumb))
	}
	var video *string
	if l.VideoURL != "" {
		video = strPtr(c.resolve(l.VideoURL))
	}
	return detailView{
		listView:    c.listView(l, lang),
		Description: l.description(lang), CityRef: l.CityRef, CategoryID: l.CategoryID,
		CategoryPath: c.s.cat.Path(l.CategoryID, lang), PriceType: l.PriceType, Attributes: attrs,
		ContactName: l.ContactName, ContactPhone: l.ContactPhone, HidePhone: l.HidePhone,
		PhotosWM: c.resolveAll(l.PhotosWM), Photos3D: c.resolveAll(l.Photos3D),
		VideoURL: video, VideoThumb: thumb, Delivery: l.Delivery, UpdatedAt: c.s.fmtTime(l.UpdatedAt),
	}
}

// moderationView is the moderation block, only for pending and blocked listings.
func (c *call) moderationView(l *listing) (obj, bool) {
	switch l.Status {
	case statusPending:
		return obj{{"decision", statusPending}, {"reason", nil}, {"reviewed_at", nil}}, true
	case statusBlocked:
		return obj{{"decision", statusBlocked}, {"reason", strPtr(l.BlockReason)},
			{"reviewed_at", c.s.fmtTimePtr(l.ReviewedAt)}}, true
	}
	return nil, false
}

// pick keeps the requested list fields of v, id always first, in the spec's order.
func pick(v *listView, want map[string]bool) obj {
	o := obj{{"id", v.ID}}
	for _, name := range listFields[1:] {
		if !want[name] {
			continue
		}
		var val any
		switch name {
		case "slug":
			val = v.Slug
		case "title":
			val = v.Title
		case "price":
			val = v.Price
		case "currency":
			val = v.Currency
		case "condition":
			val = v.Condition
		case "city":
			val = v.City
		case "status":
			val = v.Status
		case "views":
			val = v.Views
		case "vip":
			val = v.VIP
		case "top":
			val = v.Top
		case "vip_until":
			val = v.VIPUntil
		case "top_until":
			val = v.TopUntil
		case "photo":
			val = v.Photo
		case "photos":
			val = v.Photos
		case "url":
			val = v.URL
		case "created_at":
			val = v.CreatedAt
		}
		o = append(o, kv{name, val})
	}
	return o
}
