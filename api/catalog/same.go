package catalog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
)

// dropSame clears from an edit row what the listing already holds, when the row's
// listing was read anyway (for its attributes or its price type, as every row of an
// export is): an export edited in a spreadsheet and imported back then sends only the
// cells that were changed, so an untouched listing is not sent back to moderation,
// and a sold or archived one, which the service does not let be edited, is left
// alone unless its row was changed. A row with nothing left is unchanged.
func dropSame(b *rowBuild, e *api.ListingEdit) {
	l := b.current
	if l == nil {
		return
	}
	unset(&e.Title, func(v string) bool { return v == l.Title })
	unset(&e.Description, func(v string) bool { return sameText(v, l.Description) })
	unset(&e.Price, func(v api.Price) bool { return !l.Price.IsZero() && v.Float64() == l.Price.Float64() })
	unset(&e.Currency, func(v string) bool { return strings.EqualFold(v, l.Currency) })
	unset(&e.Condition, func(v string) bool { return l.Condition != nil && v == *l.Condition })
	unset(&e.CategoryID, func(v int) bool { return v == l.CategoryID })
	unset(&e.CityRef, func(v string) bool { return v == l.CityRef })
	unset(&e.ContactName, func(v string) bool { return v == l.ContactName })
	unset(&e.ContactPhone, func(v string) bool { return v == l.ContactPhone })
	unset(&e.HidePhone, func(v bool) bool { return v == l.HidePhone })
	unset(&e.Attributes, func(v map[string]any) bool { return sameJSON(v, l.Attributes) })
	for kind, ms := range b.Media {
		if sameMedia(kind, ms, l) {
			delete(b.Media, kind)
		}
	}
}

func unset[T any](f *api.Field[T], same func(T) bool) {
	if v, ok := f.Get(); ok && same(v) {
		*f = api.Field[T]{}
	}
}

// sameText compares a description as a CSV gives it back: a line break inside a
// quoted cell may come as CRLF or LF.
func sameText(a, b string) bool {
	return a == b || strings.ReplaceAll(a, "\r\n", "\n") == strings.ReplaceAll(b, "\r\n", "\n")
}

// sameJSON compares two values as JSON, numbers by their text.
func sameJSON(a, b any) bool {
	decode := func(v any) (any, bool) {
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, false
		}
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		var out any
		return out, d.Decode(&out) == nil
	}
	x, okA := decode(a)
	y, okB := decode(b)
	return okA && okB && reflect.DeepEqual(x, y)
}

// sameMedia says whether a row's media of a kind are the listing's, by URL: files
// still to upload never are.
func sameMedia(kind string, ms []Medium, l *api.ListingFull) bool {
	var urls, wm []string
	for _, m := range ms {
		if m.URL == "" {
			return false
		}
		urls = append(urls, m.URL)
		if m.URLWM != "" {
			wm = append(wm, m.URLWM)
		}
	}
	switch kind {
	case KindPhoto:
		// Photos sent without their watermarked copies would drop the listing's.
		return slices.Equal(urls, l.Photos) && slices.Equal(wm, l.PhotosWM)
	case Kind3D:
		return slices.Equal(urls, l.Photos3D)
	case KindVideo:
		return len(ms) == 1 && l.VideoURL != nil && ms[0].URL == *l.VideoURL &&
			ms[0].Thumb == deref(l.VideoThumbnail)
	}
	return false
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
