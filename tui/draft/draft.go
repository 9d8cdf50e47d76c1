// Package draft owns what a seller is writing: the create or edit form's values as
// plain data, kept on disk (one file per draft, replaced atomically on every change)
// so that a crash, a kill, a failed request or a refusal loses nothing. It also owns
// the rules the app can check before a request is spent, the bodies sent to the
// service (a create, or an edit that carries only what changed), and what a submit
// costs in requests. It knows nothing of the terminal: the editor view and the
// drafts list read and write it.
package draft

import (
	"time"

	"github.com/listings-tui/listings/api"
)

// Field names are the create body's JSON names; an attribute is "attributes.CODE".
// A refusal (400 for a missing field, 422 for a rule) names one of them
// (docs/sandbox.md), and the form puts the message there.
const (
	FieldTitle        = "title"
	FieldDescription  = "description"
	FieldPrice        = "price"
	FieldPriceType    = "price_type"
	FieldCurrency     = "currency"
	FieldCondition    = "condition"
	FieldCategory     = "category_id"
	FieldCity         = "city_ref"
	FieldContactName  = "contact_name"
	FieldContactPhone = "contact_phone"
	FieldHidePhone    = "hide_phone"
	FieldPhotos       = "photos"
	FieldPhotosWM     = "photos_wm"
	FieldPhotos3D     = "photos_3d"
	FieldVideo        = "video_url"
	FieldAttributes   = "attributes"
)

// AttributeField is the field name of one attribute.
func AttributeField(code string) string { return FieldAttributes + "." + code }

// Draft is one listing being written. Every value is kept as the user typed it
// (a price is text until it is sent), so a draft resumes exactly as it was left.
type Draft struct {
	ID string `json:"id"` // the file's name; random

	// Where it belongs: drafts are kept per service and profile, since category
	// ids, city refs and media URLs mean nothing on another service.
	BaseURL string `json:"base_url"`
	Profile string `json:"profile,omitempty"`
	Lang    string `json:"lang"`

	// ListingID is set for an edit; Original is the listing as it was loaded, the
	// base of the diff. A create has neither.
	ListingID int        `json:"listing_id,omitempty"`
	Original  *Snapshot  `json:"original,omitempty"`
	Status    api.Status `json:"status,omitempty"` // the listing's status when the edit was opened
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`

	Title        string `json:"title"`
	Description  string `json:"description"`
	PriceType    string `json:"price_type"` // api.PriceSell, PriceExchange, PriceFree; "" is sell
	Price        string `json:"price"`
	Currency     string `json:"currency"`
	Condition    string `json:"condition"` // "", "new", "used"
	CategoryID   int    `json:"category_id,omitempty"`
	CategoryPath string `json:"category_path,omitempty"`
	CityRef      string `json:"city_ref,omitempty"`
	CityLabel    string `json:"city_label,omitempty"`
	ContactName  string `json:"contact_name"`
	ContactPhone string `json:"contact_phone"`
	HidePhone    bool   `json:"hide_phone"`

	// Attributes are keyed by code and kept across a change of category: the
	// values of codes the new category also has (with a compatible type) apply.
	Attributes map[string]AttrValue `json:"attributes,omitempty"`

	// Photos in order; the first is the main photo. A photo is uploaded once: its
	// URLs stay in the draft, so a retry never uploads it again.
	Photos   []Photo `json:"photos,omitempty"`
	Video    *Video  `json:"video,omitempty"`
	Frames3D []Photo `json:"frames_3d,omitempty"`
	// MediaTouched says the seller changed photos, video or 3D frames in an edit;
	// only then are they sent (sending replaces the whole set).
	MediaTouched bool `json:"media_touched,omitempty"`

	// Refusal is the last answer that refused this draft: its field messages land
	// on the form's fields when the draft is resumed.
	Refusal *Refusal `json:"refusal,omitempty"`
}

// AttrValue is one attribute as entered. Text holds a text, a number as typed, a
// select's option value, or "true"/"false" for a boolean ("" is not given); From
// and To hold a range's bounds as typed.
type AttrValue struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Empty reports whether nothing is entered.
func (v AttrValue) Empty() bool { return v.Text == "" && v.From == "" && v.To == "" }

// Photo is one photo or 3D frame: a file on disk until it is uploaded, then its
// URLs. A photo that came with a listing being edited has URLs and no Path.
type Photo struct {
	Path   string `json:"path,omitempty"`
	Size   int64  `json:"size,omitempty"`
	URL    string `json:"url,omitempty"`
	URLWM  string `json:"url_wm,omitempty"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// Uploaded reports whether the photo's URLs are known.
func (p Photo) Uploaded() bool { return p.URL != "" }

// Video is the listing's one video.
type Video struct {
	Path      string        `json:"path,omitempty"`
	Size      int64         `json:"size,omitempty"`
	Duration  time.Duration `json:"duration,omitempty"`
	URL       string        `json:"url,omitempty"`
	Thumbnail string        `json:"thumbnail,omitempty"`
}

// Uploaded reports whether the video's URLs are known.
func (v Video) Uploaded() bool { return v.URL != "" }

// Refusal is a refused submit, kept with the draft.
type Refusal struct {
	At     time.Time         `json:"at"`
	Code   string            `json:"code"`
	Hint   string            `json:"hint"`
	Fields map[string]string `json:"fields,omitempty"` // field name → message
}

// Snapshot is what an edit started from: the values the form was prefilled with,
// in the draft's own terms, so the diff compares like with like.
type Snapshot struct {
	Title        string               `json:"title"`
	Description  string               `json:"description"`
	PriceType    string               `json:"price_type"`
	Price        string               `json:"price"`
	Currency     string               `json:"currency"`
	Condition    string               `json:"condition"`
	CategoryID   int                  `json:"category_id"`
	CategoryPath string               `json:"category_path,omitempty"`
	CityRef      string               `json:"city_ref"`
	CityLabel    string               `json:"city_label,omitempty"`
	ContactName  string               `json:"contact_name"`
	ContactPhone string               `json:"contact_phone"`
	HidePhone    bool                 `json:"hide_phone"`
	Attributes   map[string]AttrValue `json:"attributes,omitempty"`
	Photos       []Photo              `json:"photos,omitempty"`
	Video        *Video               `json:"video,omitempty"`
	Frames3D     []Photo              `json:"frames_3d,omitempty"`
}

// IsEdit reports whether the draft edits an existing listing.
func (d *Draft) IsEdit() bool { return d.ListingID > 0 }
