package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
)

// Field is an optional value of a partial edit. Its zero value is "not sent": the field
// is left out of the body and the service keeps what it has. Set(v) sends v, even when v
// is empty (""/0/false/[]), and Null[T]() sends JSON null.
type Field[T any] struct {
	v    T
	set  bool
	null bool
}

// Set returns a Field that sends v.
func Set[T any](v T) Field[T] { return Field[T]{v: v, set: true} }

// Null returns a Field that sends JSON null.
func Null[T any]() Field[T] { return Field[T]{set: true, null: true} }

// IsZero reports whether the field is not sent; encoding/json's omitzero relies on it.
func (f Field[T]) IsZero() bool { return !f.set }

// IsSet reports whether the field is sent (a value or null).
func (f Field[T]) IsSet() bool { return f.set }

// IsNull reports whether the field is sent as null.
func (f Field[T]) IsNull() bool { return f.set && f.null }

// Get returns the value and whether a non-null value is sent.
func (f Field[T]) Get() (T, bool) { return f.v, f.set && !f.null }

// MarshalJSON writes the value; a set nil slice or map is written as []/{} because a
// caller who sets an empty list means "clear it", not null.
func (f Field[T]) MarshalJSON() ([]byte, error) {
	if !f.set || f.null {
		return []byte("null"), nil
	}
	if raw, ok := any(f.v).(json.RawMessage); ok {
		return json.Marshal(raw) // already JSON; empty is null
	}
	rv := reflect.ValueOf(&f.v).Elem()
	switch {
	case rv.Kind() == reflect.Slice && rv.IsNil():
		return []byte("[]"), nil
	case rv.Kind() == reflect.Map && rv.IsNil():
		return []byte("{}"), nil
	}
	return json.Marshal(f.v)
}

// UnmarshalJSON reads a present field: null becomes Null, anything else a set value.
// (A field absent from the JSON keeps its zero value, "not sent".)
func (f *Field[T]) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*f = Null[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = Set(v)
	return nil
}

// Price types of the create body.
const (
	PriceSell     = "sell"
	PriceExchange = "exchange"
	PriceFree     = "free"
)

// ListingCreate is the body of POST /api/v1/my/listings. Empty optional fields are not
// sent; Price is required unless PriceType is exchange or free.
type ListingCreate struct {
	Title          string         `json:"title"`
	Description    string         `json:"description"`
	Price          Price          `json:"price,omitzero"`
	PriceType      string         `json:"price_type,omitempty"`
	Currency       string         `json:"currency,omitempty"`
	CategoryID     int            `json:"category_id"`
	Condition      string         `json:"condition,omitempty"`
	CityRef        string         `json:"city_ref"`
	Photos         []string       `json:"photos,omitempty"`
	PhotosWM       []string       `json:"photos_wm,omitempty"`
	Photos3D       []string       `json:"photos_3d,omitempty"`
	VideoURL       string         `json:"video_url,omitempty"`
	VideoThumbnail string         `json:"video_thumbnail,omitempty"`
	Attributes     map[string]any `json:"attributes,omitempty"`
	ContactName    string         `json:"contact_name,omitempty"`
	ContactPhone   string         `json:"contact_phone,omitempty"`
	HidePhone      bool           `json:"hide_phone,omitempty"`
}

// ListingEdit is the body of a partial edit: only the fields that were Set are sent.
// Sending Photos, Photos3D or VideoURL replaces that whole set on the service.
type ListingEdit struct {
	Title          Field[string]          `json:"title,omitzero"`
	Description    Field[string]          `json:"description,omitzero"`
	Price          Field[Price]           `json:"price,omitzero"`
	Currency       Field[string]          `json:"currency,omitzero"`
	Condition      Field[string]          `json:"condition,omitzero"`
	CategoryID     Field[int]             `json:"category_id,omitzero"`
	CityRef        Field[string]          `json:"city_ref,omitzero"`
	ContactName    Field[string]          `json:"contact_name,omitzero"`
	ContactPhone   Field[string]          `json:"contact_phone,omitzero"`
	HidePhone      Field[bool]            `json:"hide_phone,omitzero"`
	Photos         Field[[]string]        `json:"photos,omitzero"`
	PhotosWM       Field[[]string]        `json:"photos_wm,omitzero"`
	Photos3D       Field[[]string]        `json:"photos_3d,omitzero"`
	VideoURL       Field[string]          `json:"video_url,omitzero"`
	VideoThumbnail Field[string]          `json:"video_thumbnail,omitzero"`
	Attributes     Field[map[string]any]  `json:"attributes,omitzero"`
	Delivery       Field[json.RawMessage] `json:"delivery,omitzero"`
}

// errNothingToChange is returned before sending an edit in which no field is set.
var errNothingToChange = errors.New("nothing to change: no field of the edit is set")

// Empty reports whether no field is set, i.e. the edit would change nothing.
func (e *ListingEdit) Empty() bool {
	b, err := json.Marshal(e)
	return err == nil && string(b) == "{}"
}
