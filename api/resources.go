package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"sync"
)

// Listing is a listing in the list view. Nullable fields are pointers: nil means the
// service sent null (or, with a fields filter, did not send the field at all).
type Listing struct {
	ID        int      `json:"id"`
	Slug      string   `json:"slug"`
	Title     string   `json:"title"`
	Price     Price    `json:"price"`
	Currency  string   `json:"currency"`
	Condition *string  `json:"condition"`
	City      *string  `json:"city"`
	Status    Status   `json:"status"`
	Views     int      `json:"views"`
	VIP       bool     `json:"vip"`
	Top       bool     `json:"top"`
	VIPUntil  *Time    `json:"vip_until"`
	TopUntil  *Time    `json:"top_until"`
	Photo     *string  `json:"photo"`
	Photos    []string `json:"photos"`
	URL       string   `json:"url"`
	CreatedAt Time     `json:"created_at"`

	// Problems are the fields the service sent that could not be read: each is left
	// at its zero value, and the rest of the listing is kept (see fields.go).
	Problems []FieldProblem `json:"-"`
	sent     uint64         // which fields came, in jsonFields order; 0: all (read at once)
}

// UnmarshalJSON reads the listing at once when it is well formed (a page of a hundred
// is read often: three times faster so) and otherwise field by field, so that a
// malformed value costs that field, not the listing or its page.
func (l *Listing) UnmarshalJSON(data []byte) error {
	type plain Listing
	*l = Listing{}
	if json.Unmarshal(data, (*plain)(l)) == nil {
		return nil
	}
	*l = Listing{}
	sent, problems, err := decodeFields(data, l)
	if err != nil {
		return fmt.Errorf("listing: %w", err)
	}
	l.sent, l.Problems = sent, problems
	return nil
}

// MarshalJSON writes the fields the service sent, and only those: a field it never
// sent is not shown as a zero value. An id the client could not read (HasID) is
// written as the service sent it ("abc", 1.5, 1e30; null when it sent null or
// nothing), followed by "id_unreadable": true, never as a 0 a script would take for a
// listing's.
func (l Listing) MarshalJSON() ([]byte, error) {
	var b []byte
	var err error
	if l.sent == 0 { // read at once, or made here: every field, as the struct says
		type plain Listing
		b, err = json.Marshal(plain(l))
	} else {
		b, err = encodeSent(l, l.sent)
	}
	if err != nil || l.HasID() {
		return b, err
	}
	return l.markID(b), nil
}

// markID is the object b, whose first key is "id" when it was written (the struct's
// first field), with the id as it came and the mark of an unreadable one instead.
func (l *Listing) markID(b []byte) []byte {
	rest := bytes.TrimPrefix(b, []byte(`{"id":`+strconv.Itoa(l.ID)))
	if len(rest) == len(b) { // not written: not sent
		rest = append([]byte{','}, b[1:]...)
	}
	if rest[0] == ',' && rest[1] == '}' { // b held nothing else
		rest = rest[1:]
	}
	out := append([]byte(`{"id":`), l.sentID()...)
	out = append(out, `,"id_unreadable":true`...)
	return append(out, rest...)
}

// sentID is the id as it came, as JSON: the value of its problem, normalized (an
// invalid string made valid, a number kept as written), else what ID holds (a
// negative id), else null.
func (l *Listing) sentID() []byte {
	for _, p := range l.Problems {
		if p.Field != "id" {
			continue
		}
		d := json.NewDecoder(bytes.NewReader(p.raw))
		d.UseNumber()
		var v any
		if d.Decode(&v) == nil {
			if b, err := json.Marshal(v); err == nil {
				return b
			}
		}
	}
	if l.ID != 0 {
		return strconv.AppendInt(nil, int64(l.ID), 10)
	}
	return []byte("null")
}

// Sent reports whether the service sent the field named (a JSON name such as
// "views"); true for a listing not read from the service.
func (l *Listing) Sent(field string) bool { return sentField(l, l.sent, field) }

// ListingFull is the detail view: the list fields plus the detail fields. Only
// description, city_ref and category_id are named by the spec; the rest are what the
// sandbox returns (docs/sandbox.md), all optional.
type ListingFull struct {
	Listing
	Description    string                     `json:"description"`
	CityRef        string                     `json:"city_ref"`
	CategoryID     int                        `json:"category_id"`
	CategoryPath   string                     `json:"category_path"`
	PriceType      string                     `json:"price_type"`
	Attributes     map[string]json.RawMessage `json:"attributes"`
	ContactName    string                     `json:"contact_name"`
	ContactPhone   string                     `json:"contact_phone"`
	HidePhone      bool                       `json:"hide_phone"`
	PhotosWM       []string                   `json:"photos_wm"`
	Photos3D       []string                   `json:"photos_3d"`
	VideoURL       *string                    `json:"video_url"`
	VideoThumbnail *string                    `json:"video_thumbnail"`
	Delivery       json.RawMessage            `json:"delivery"`
	UpdatedAt      *Time                      `json:"updated_at"`

	sentFull uint64 // as Listing's sent, over these fields and the list fields
}

// UnmarshalJSON reads the listing field by field, as Listing's does.
func (l *ListingFull) UnmarshalJSON(data []byte) error {
	*l = ListingFull{}
	sent, problems, err := decodeFields(data, l)
	if err != nil {
		return fmt.Errorf("listing: %w", err)
	}
	l.sentFull, l.Problems = sent, problems
	l.Listing.sent = 0
	return nil
}

// MarshalJSON writes the fields the service sent, and only those.
func (l ListingFull) MarshalJSON() ([]byte, error) { return encodeSent(l, l.sentFull) }

// Sent reports whether the service sent the field named.
func (l *ListingFull) Sent(field string) bool { return sentField(l, l.sentFull, field) }

// Moderation is the review block returned beside a pending or blocked listing.
type Moderation struct {
	Decision   string  `json:"decision"`
	Reason     *string `json:"reason"`
	ReviewedAt *Time   `json:"reviewed_at"`

	raw json.RawMessage // the block as the service sent it
}

// UnmarshalJSON reads the block and keeps it as it came, for AsSent.
func (m *Moderation) UnmarshalJSON(data []byte) error {
	type plain Moderation
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*m = Moderation(p)
	m.raw = append(json.RawMessage(nil), data...)
	return nil
}

// AsSent is the block exactly as the service sent it: only its fields, and any the
// client does not know (show --json prints it so). A block not read from the service
// is encoded from its fields.
func (m *Moderation) AsSent() json.RawMessage {
	if m.raw != nil {
		return m.raw
	}
	type plain Moderation
	b, _ := json.Marshal((*plain)(m))
	return b
}

// ListingDetail is the answer of GET /api/v1/my/listings/{id}.
type ListingDetail struct {
	Lang       string      `json:"lang"`
	Listing    ListingFull `json:"listing"`
	Moderation *Moderation `json:"moderation"` // nil unless pending or blocked
}

// ListPage is one page of GET /api/v1/my/listings.
type ListPage struct {
	Lang       string    `json:"lang"`
	Count      int       `json:"count"`
	NextCursor *int      `json:"next_cursor"` // nil on the last page
	Listings   []Listing `json:"listings"`
}

// ListParams are the query parameters of the listing list; zero values are not sent,
// so the service's defaults apply (uk, active, 20).
type ListParams struct {
	Lang   string
	Status Status
	Limit  int
	Cursor int
	Fields []string
}

// Category is a node of the category tree.
type Category struct {
	ID       int        `json:"id"`
	Slug     string     `json:"slug"`
	Name     string     `json:"name"`
	Children []Category `json:"children"`
}

// Attribute types of the spec; others are kept as they come.
const (
	AttrText    = "text"
	AttrNumber  = "number"
	AttrSelect  = "select"
	AttrBoolean = "boolean"
	AttrRange   = "range"
)

// Attribute is a category attribute; its Code is the key inside a listing's attributes.
type Attribute struct {
	Code     string            `json:"code"`
	Name     string            `json:"name"`
	Type     string            `json:"type"`
	Required bool              `json:"required"`
	Options  []AttributeOption `json:"options"`
}

// AttributeOption is a select choice; Value is what is sent.
type AttributeOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// City is a settlement from the city search; Ref is the value for city_ref.
type City struct {
	Ref        string `json:"ref"`
	Name       string `json:"name"`
	Type       string `json:"type"`
	Region     string `json:"region"`
	Label      string `json:"label"`
	Warehouses int    `json:"warehouses"`
}

// KeyInfo is the answer of ping. The fields after YourIP are the sandbox's extras
// (docs/sandbox.md); they are nil or empty when a service does not send them.
type KeyInfo struct {
	Message            string   `json:"message"`
	KeyID              int      `json:"key_id"`
	KeyPrefix          string   `json:"key_prefix"`
	UserID             int      `json:"user_id"`
	AccountType        string   `json:"account_type"`
	Scopes             []string `json:"scopes"`
	ScopesGranted      []string `json:"scopes_granted"`
	RateLimitPerMinute int      `json:"rate_limit_per_minute"`
	DailyLimit         int      `json:"daily_limit"`
	TotalRequests      int64    `json:"total_requests"`
	ServerTime         Time     `json:"server_time"`
	YourIP             string   `json:"your_ip"`

	RequestsThisMinute *int     `json:"requests_this_minute"`
	RequestsToday      *int     `json:"requests_today"`
	MinuteResetsAt     *Time    `json:"minute_resets_at"`
	DayResetsAt        *Time    `json:"day_resets_at"`
	State              string   `json:"state"`
	AllowedIPs         []string `json:"allowed_ips"`
	AllowedDomains     []string `json:"allowed_domains"`
}

// echoedKey is a whole key (sk_live_ or sk_test_ and its hex), as a service that
// echoes it in an answer's text would send it; key_prefix is a short leading part of
// it and never matches.
var echoedKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`sk_(live|test)_[0-9a-fA-F]{16,}`) })

// redactKeys takes every whole key out of the answer's texts: what ping prints and
// what --json writes must never show one, whatever the service sends.
func (k *KeyInfo) redactKeys() {
	cut := func(s string) string {
		return echoedKey().ReplaceAllStringFunc(s, func(m string) string { return m[:12] + "…" + redacted })
	}
	for _, f := range []*string{&k.Message, &k.KeyPrefix, &k.AccountType, &k.YourIP, &k.State} {
		*f = cut(*f)
	}
	for _, list := range [][]string{k.Scopes, k.ScopesGranted, k.AllowedIPs, k.AllowedDomains} {
		for i := range list {
			list[i] = cut(list[i])
		}
	}
}

// HasScope reports whether the key carries scope (in scopes or scopes_granted).
func (k *KeyInfo) HasScope(scope string) bool {
	for _, list := range [][]string{k.Scopes, k.ScopesGranted} {
		for _, s := range list {
			if s == scope {
				return true
			}
		}
	}
	return false
}

// Scopes named by the spec.
const (
	ScopeRead  = "listings:read"
	ScopeWrite = "listings:write"
)

// PhotoResult is the answer of the photo upload: url goes into photos, url_wm into
// photos_wm, in the same order.
type PhotoResult struct {
	URL    string `json:"url"`
	URLWM  string `json:"url_wm"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// VideoResult is the answer of the video upload.
type VideoResult struct {
	URL       string `json:"url"`
	Thumbnail string `json:"thumbnail"`
}

// Suggestion is the AI category suggestion.
type Suggestion struct {
	CategoryID   int    `json:"category_id"`
	CategoryPath string `json:"category_path"`
	CategorySlug string `json:"category_slug"`
}

// CreateResult is the answer of a listing create.
type CreateResult struct {
	ListingID int    `json:"listing_id"`
	Slug      string `json:"slug"`
	Status    Status `json:"status"`
	URL       string `json:"url"`
}

// EditResult is the answer of a listing edit.
type EditResult struct {
	ListingID int    `json:"listing_id"`
	Status    Status `json:"status"`
}

// StatusResult is the answer of a status change. The spec does not show its body, so
// every field is optional: when the service omits them (or answers 204, or with a body
// that cannot be read), ListingID and Status hold what was asked and Confirmed is
// false. A confirmed Status may still be another than the one asked (the service
// decides); only a read of the listing tells what it is then.
type StatusResult struct {
	ListingID      int    `json:"listing_id"`
	Status         Status `json:"status"`
	PreviousStatus Status `json:"previous_status"`
	Confirmed      bool   `json:"-"`
}
