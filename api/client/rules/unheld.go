package rules

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/listings-tui/listings/api"
)

// Unheld is the edit e without the fields the listing l already holds, compared as
// values (Text, SamePrice, SamePhone, attributes by value): what must be sent to
// make l what e says, so that an edit that changes nothing is not sent (and an active
// listing not sent back to moderation for it). detail says l is a listing's detail;
// otherwise only the list view's fields (title, price, currency, condition) are
// known, and the others are kept. Media and delivery, which the list does not say
// and whose sets an edit replaces, are kept unless equal in a detail.
func Unheld(e *api.ListingEdit, l *api.ListingFull, detail bool) *api.ListingEdit {
	out := *e
	if l == nil {
		return &out
	}
	drop(&out.Title, func(v string) bool { return Text(v) == Text(l.Title) })
	drop(&out.Price, func(v api.Price) bool { return !l.Price.IsZero() && SamePrice(v, l.Price) })
	drop(&out.Currency, func(v string) bool { return l.Currency != "" && Text(v) == Text(l.Currency) })
	condition := ""
	if l.Condition != nil {
		condition = *l.Condition
	}
	if detail || l.Condition != nil {
		dropOrNull(&out.Condition, condition, func(v string) bool { return v == condition })
	}
	if !detail {
		return &out
	}
	drop(&out.Description, func(v string) bool { return Text(v) == Text(l.Description) })
	drop(&out.CategoryID, func(v int) bool { return v == l.CategoryID })
	drop(&out.CityRef, func(v string) bool { return v == l.CityRef })
	dropOrNull(&out.ContactName, l.ContactName, func(v string) bool { return Text(v) == Text(l.ContactName) })
	dropOrNull(&out.ContactPhone, l.ContactPhone, func(v string) bool { return SamePhone(v, l.ContactPhone) })
	drop(&out.HidePhone, func(v bool) bool { return v == l.HidePhone })
	drop(&out.Attributes, func(v map[string]any) bool { return SameValues(v, l.Attributes) })
	drop(&out.Photos, func(v []string) bool { return slices.Equal(v, l.Photos) })
	drop(&out.PhotosWM, func(v []string) bool { return slices.Equal(v, l.PhotosWM) && !out.Photos.IsSet() })
	drop(&out.Photos3D, func(v []string) bool { return slices.Equal(v, l.Photos3D) })
	video, thumb := "", ""
	if l.VideoURL != nil {
		video = *l.VideoURL
	}
	if l.VideoThumbnail != nil {
		thumb = *l.VideoThumbnail
	}
	dropOrNull(&out.VideoURL, video, func(v string) bool { return v == video })
	dropOrNull(&out.VideoThumbnail, thumb, func(v string) bool { return v == thumb && !out.VideoURL.IsSet() })
	return &out
}

// drop unsets a field whose value the listing holds.
func drop[T any](f *api.Field[T], held func(T) bool) {
	if v, ok := f.Get(); ok && held(v) {
		*f = api.Field[T]{}
	}
}

// dropOrNull is drop for a field that null clears: null on an empty one is held.
func dropOrNull(f *api.Field[string], have string, held func(string) bool) {
	if f.IsNull() && have == "" {
		*f = api.Field[string]{}
		return
	}
	drop(f, held)
}

// SameValues compares attributes as values: numbers by value (2021 and 2021.0),
// texts as Text.
func SameValues(a map[string]any, b map[string]json.RawMessage) bool {
	x, okA := CanonicalValue(a, false)
	y, okB := CanonicalValue(b, false)
	return okA && okB && reflect.DeepEqual(x, y)
}

// CanonicalValue is a JSON value (or one that marshals to JSON) as compared: decoded,
// numbers as "#" and their Decimal text, strings as Text (and, with numeric, a
// string that is a number as that number: an attribute of numbers that a service
// gives as strings), an empty object as nothing.
func CanonicalValue(v any, numeric bool) (any, bool) {
	raw, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(v); err != nil {
			return nil, false
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	if dec.Decode(&out) != nil {
		return nil, false
	}
	var walk func(any) any
	walk = func(x any) any {
		switch t := x.(type) {
		case json.Number:
			if d, _, ok := Decimal(t.String()); ok {
				return "#" + d
			}
		case string:
			if d, _, ok := Decimal(t); ok && numeric {
				return "#" + d
			}
			return Text(t)
		case map[string]any:
			for k, e := range t {
				t[k] = walk(e)
			}
			if len(t) == 0 {
				return nil // no attributes and an empty object are one
			}
		case []any:
			for i, e := range t {
				t[i] = walk(e)
			}
		case nil:
		}
		return x
	}
	return walk(out), true
}
