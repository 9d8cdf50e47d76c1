package sandbox

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Listing states.
const (
	statusPending  = "pending"
	statusActive   = "active"
	statusBlocked  = "blocked"
	statusSold     = "sold"
	statusArchived = "archived"
	statusInactive = "inactive"
)

// Profile contacts used when a listing omits them (docs/sandbox.md).
const (
	profileName  = "Sandbox Seller"
	profilePhone = "+380501234567"
)

// listing is a stored listing. Media fields hold absolute URLs, except the sandbox's own
// media, stored as "/media/NAME" and resolved against the host of each request.
type listing struct {
	ID           int                        `json:"id"`
	Owner        int                        `json:"owner"`
	Slug         string                     `json:"slug"`
	Title        string                     `json:"title"`
	Titles       map[string]string          `json:"titles,omitempty"` // seeded listings speak every language
	Description  string                     `json:"description"`
	Descriptions map[string]string          `json:"descriptions,omitempty"`
	Price        float64                    `json:"price"`
	PriceType    string                     `json:"price_type"`
	Currency     string                     `json:"currency"`
	Condition    string                     `json:"condition,omitempty"`
	CategoryID   int                        `json:"category_id"`
	CityRef      string                     `json:"city_ref"`
	Status       string                     `json:"status"`
	Views        int                        `json:"views"`
	VIPUntil     *time.Time                 `json:"vip_until,omitempty"`
	TopUntil     *time.Time                 `json:"top_until,omitempty"`
	Photos       []string                   `json:"photos"`
	PhotosWM     []string                   `json:"photos_wm"`
	Photos3D     []string                   `json:"photos_3d"`
	VideoURL     string                     `json:"video_url,omitempty"`
	VideoThumb   string                     `json:"video_thumbnail,omitempty"`
	Attributes   map[string]json.RawMessage `json:"attributes"`
	ContactName  string                     `json:"contact_name"`
	ContactPhone string                     `json:"contact_phone"`
	HidePhone    bool                       `json:"hide_phone"`
	Delivery     json.RawMessage            `json:"delivery,omitempty"`
	CreatedAt    time.Time                  `json:"created_at"`
	UpdatedAt    time.Time                  `json:"updated_at"`
	SubmittedAt  *time.Time                 `json:"submitted_at,omitempty"`
	ReviewAt     *time.Time                 `json:"review_at,omitempty"` // when the moderator decides
	ReviewedAt   *time.Time                 `json:"reviewed_at,omitempty"`
	BlockReason  string                     `json:"block_reason,omitempty"`
}

// clone copies l deeply enough that editing the copy leaves l untouched.
func (l *listing) clone() *listing {
	n := *l
	n.Titles = maps.Clone(l.Titles)
	n.Descriptions = maps.Clone(l.Descriptions)
	n.Photos = slices.Clone(l.Photos)
	n.PhotosWM = slices.Clone(l.PhotosWM)
	n.Photos3D = slices.Clone(l.Photos3D)
	n.Attributes = maps.Clone(l.Attributes)
	n.Delivery = slices.Clone(l.Delivery)
	return &n
}

func (l *listing) title(lang string) string {
	if t := l.Titles[lang]; t != "" {
		return t
	}
	return l.Title
}

func (l *listing) description(lang string) string {
	if d := l.Descriptions[lang]; d != "" {
		return d
	}
	return l.Description
}

// store is the mutable state of the server; Server.mu guards it.
type store struct {
	NextID   int
	Counters map[string]*counter
	byID     map[int]*listing
	byOwner  map[int][]*listing // ascending id
	pending  map[int]*listing
	version  uint64 // bumped on every change; the saver compares it
}

func newStore() *store {
	return &store{NextID: firstListingID, Counters: map[string]*counter{},
		byID: map[int]*listing{}, byOwner: map[int][]*listing{}, pending: map[int]*listing{}}
}

const firstListingID = 10001

// add stores l, keeping each owner's slice in ascending id order.
func (st *store) add(l *listing) {
	st.byID[l.ID] = l
	ls := st.byOwner[l.Owner]
	i, _ := slices.BinarySearchFunc(ls, l.ID, func(x *listing, id int) int { return x.ID - id })
	st.byOwner[l.Owner] = slices.Insert(ls, i, l)
	st.track(l)
	if l.ID >= st.NextID {
		st.NextID = l.ID + 1
	}
}

// replace swaps the stored listing with the same id for l.
func (st *store) replace(l *listing) {
	st.byID[l.ID] = l
	ls := st.byOwner[l.Owner]
	for i := range ls {
		if ls[i].ID == l.ID {
			ls[i] = l
		}
	}
	st.track(l)
}

// track keeps the set of listings awaiting a moderation decision.
func (st *store) track(l *listing) {
	if l.Status == statusPending {
		st.pending[l.ID] = l
	} else {
		delete(st.pending, l.ID)
	}
}

// own returns the owner's listing with id, or nil.
func (st *store) own(owner, id int) *listing {
	if l := st.byID[id]; l != nil && l.Owner == owner {
		return l
	}
	return nil
}

// parseID reads a positive listing or category id from a path segment.
func parseID(s string) (int, bool) {
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}
