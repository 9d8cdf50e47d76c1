package draft

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// newID returns a random draft id, safe as a file name.
func newID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// New returns an empty create draft for the service at baseURL.
func New(baseURL, profile, lang string, now time.Time) *Draft {
	return &Draft{
		ID: newID(), BaseURL: baseURL, Profile: profile, Lang: lang,
		CreatedAt: now, UpdatedAt: now,
		PriceType: api.PriceSell, Currency: "UAH",
		Attributes: map[string]AttrValue{},
	}
}

// ForEdit returns an edit draft prefilled from a listing as the detail returned it.
// Texts from the network are kept as they are; the editor cleans what it shows.
func ForEdit(baseURL, profile, lang string, l *api.ListingFull, now time.Time) *Draft {
	s := &Snapshot{
		Title:        l.Title,
		Description:  l.Description,
		PriceType:    l.PriceType,
		Currency:     l.Currency,
		CategoryID:   l.CategoryID,
		CategoryPath: l.CategoryPath,
		CityRef:      l.CityRef,
		ContactName:  l.ContactName,
		ContactPhone: l.ContactPhone,
		HidePhone:    l.HidePhone,
		Attributes:   AttrValues(l.Attributes),
	}
	if s.PriceType == "" {
		s.PriceType = api.PriceSell
	}
	if rules.Sells(s.PriceType) {
		s.Price = l.Price.String()
	}
	if l.Condition != nil {
		s.Condition = *l.Condition
	}
	if l.City != nil {
		s.CityLabel = *l.City
	}
	for i, u := range l.Photos {
		p := Photo{URL: u}
		if i < len(l.PhotosWM) {
			p.URLWM = l.PhotosWM[i]
		}
		s.Photos = append(s.Photos, p)
	}
	for _, u := range l.Photos3D {
		s.Frames3D = append(s.Frames3D, Photo{URL: u})
	}
	if l.VideoURL != nil && *l.VideoURL != "" {
		s.Video = &Video{URL: *l.VideoURL}
		if l.VideoThumbnail != nil {
			s.Video.Thumbnail = *l.VideoThumbnail
		}
	}
	d := &Draft{
		ID: newID(), BaseURL: baseURL, Profile: profile, Lang: lang,
		ListingID: l.ID, Status: l.Status, CreatedAt: now, UpdatedAt: now,
	}
	d.Original = s
	d.Reset()
	return d
}

// Reset puts an edit draft's values back to the listing as it was loaded.
func (d *Draft) Reset() {
	s := d.Original
	if s == nil {
		return
	}
	d.Title, d.Description = s.Title, s.Description
	d.PriceType, d.Price, d.Currency, d.Condition = s.PriceType, s.Price, s.Currency, s.Condition
	d.CategoryID, d.CategoryPath = s.CategoryID, s.CategoryPath
	d.CityRef, d.CityLabel = s.CityRef, s.CityLabel
	d.ContactName, d.ContactPhone, d.HidePhone = s.ContactName, s.ContactPhone, s.HidePhone
	d.Attributes = cloneAttrs(s.Attributes)
	if d.Attributes == nil {
		d.Attributes = map[string]AttrValue{}
	}
	d.Photos = slices.Clone(s.Photos)
	d.Frames3D = slices.Clone(s.Frames3D)
	d.Video = nil
	if s.Video != nil {
		v := *s.Video
		d.Video = &v
	}
	d.MediaTouched = false
}

// AttrValues reads a listing's attributes object into entered values. The type is
// guessed from the JSON (the attribute list is not needed): a string may be a text or
// a select's value, a number a number, an object with from/to a range.
func AttrValues(raw map[string]json.RawMessage) map[string]AttrValue {
	out := map[string]AttrValue{}
	for code, r := range raw {
		r = bytes.TrimSpace(r)
		switch {
		case len(r) == 0 || string(r) == "null":
		case string(r) == "true" || string(r) == "false":
			out[code] = AttrValue{Type: api.AttrBoolean, Text: string(r)}
		case r[0] == '"':
			var s string
			if json.Unmarshal(r, &s) == nil {
				out[code] = AttrValue{Type: api.AttrText, Text: s}
			}
		case r[0] == '{':
			var v struct{ From, To json.Number }
			if json.Unmarshal(r, &v) == nil {
				out[code] = AttrValue{Type: api.AttrRange, From: string(v.From), To: string(v.To)}
			}
		default:
			var n json.Number
			if json.Unmarshal(r, &n) == nil {
				out[code] = AttrValue{Type: api.AttrNumber, Text: string(n)}
			}
		}
	}
	return out
}

// Applies reports whether a value entered for one attribute still means something
// for attribute a (a category change keeps only those): same kind of value, and for
// a select, one of its options.
func Applies(a api.Attribute, v AttrValue) bool {
	if v.Empty() {
		return false
	}
	switch a.Type {
	case api.AttrRange:
		return v.From != "" || v.To != ""
	case api.AttrNumber:
		return v.Text != "" && rules.CheckNumber(v.Text) == ""
	case api.AttrBoolean:
		return v.Text == "true" || v.Text == "false"
	case api.AttrSelect:
		return CheckAttribute(a, v) == ""
	}
	return v.Text != "" && v.Type != api.AttrRange && v.Type != api.AttrBoolean
}

// RefusalFrom turns a refused submit into field messages. A 400 or 422 names the field
// (and may list every failure); other refusals have no field.
func RefusalFrom(err error, now time.Time) *Refusal {
	r := &Refusal{At: now, Fields: map[string]string{}}
	var e *api.Error
	if !errors.As(err, &e) {
		r.Hint = err.Error()
		return r
	}
	r.Code, r.Hint = e.Code, e.Hint
	for _, fe := range e.Errors {
		if fe.Field != "" {
			if _, dup := r.Fields[fe.Field]; !dup {
				r.Fields[fe.Field] = fe.Message()
			}
		}
	}
	if e.Field != "" {
		if _, dup := r.Fields[e.Field]; !dup {
			r.Fields[e.Field] = api.FieldError{Field: e.Field, Code: e.Code, Hint: e.Hint}.Message()
		}
	}
	if _, ok := r.Fields[FieldPhotosWM]; ok {
		// The seller never types photos_wm; the message belongs with the photos.
		r.Fields[FieldPhotos] = r.Fields[FieldPhotosWM]
		delete(r.Fields, FieldPhotosWM)
	}
	return r
}
