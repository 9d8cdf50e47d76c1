package draft

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// ErrNotUploaded is returned when a body is asked for while media wait for upload.
var ErrNotUploaded = errors.New("some media are not uploaded yet")

// attributeJSON turns entered values into the attributes object of a body: only the
// codes of attrs (the chosen category's), typed as the service expects
// (rules.AttributeValue). Values that do not parse are left out: Problems reports them.
func attributeJSON(attrs []api.Attribute, vals map[string]AttrValue) map[string]any {
	out := map[string]any{}
	for _, a := range attrs {
		if v, ok := rules.AttributeValue(a, vals[a.Code].Text, vals[a.Code].From, vals[a.Code].To); ok {
			out[a.Code] = v
		}
	}
	return out
}

// PendingUploads counts the files that a submit must upload first.
func (d *Draft) PendingUploads() int {
	n := 0
	for _, p := range d.Photos {
		if !p.Uploaded() {
			n++
		}
	}
	for _, p := range d.Frames3D {
		if !p.Uploaded() {
			n++
		}
	}
	if d.Video != nil && !d.Video.Uploaded() {
		n++
	}
	return n
}

// Cost is the number of API requests a submit spends: each upload still to do,
// then the create or the edit; an edit that changes nothing is not sent (Unchanged)
// and costs none. attrs are the category's attributes, as for EditBody. Categories,
// attributes and cities were read while the form was filled and are not counted
// again.
func (d *Draft) Cost(attrs []api.Attribute) int {
	if d.Unchanged(attrs) {
		return 0
	}
	return d.PendingUploads() + 1
}

// Unchanged reports an edit that would send nothing: EditBody finds every field as
// the listing has it. A file still to upload is new media, so a change; a draft whose
// body cannot be made (a price that is no number) is not called unchanged: its
// problem is what the seller must hear.
func (d *Draft) Unchanged(attrs []api.Attribute) bool {
	if !d.IsEdit() {
		return false
	}
	_, ch, err := d.EditBody(attrs)
	return err == nil && len(ch) == 0
}

func photoURLs(ps []Photo) (urls, wm []string) {
	for _, p := range ps {
		urls = append(urls, p.URL)
		wm = append(wm, p.URLWM)
	}
	return urls, wm
}

// CreateBody is the create request for the draft. attrs are the category's
// attributes. Every medium must be uploaded (ErrNotUploaded otherwise).
func (d *Draft) CreateBody(attrs []api.Attribute) (*api.ListingCreate, error) {
	if d.PendingUploads() > 0 {
		return nil, ErrNotUploaded
	}
	b := &api.ListingCreate{
		Title:        strings.TrimSpace(d.Title),
		Description:  strings.TrimSpace(d.Description),
		PriceType:    d.PriceType,
		Currency:     d.Currency,
		CategoryID:   d.CategoryID,
		Condition:    d.Condition,
		CityRef:      d.CityRef,
		ContactName:  strings.TrimSpace(d.ContactName),
		ContactPhone: strings.TrimSpace(d.ContactPhone),
		HidePhone:    d.HidePhone,
	}
	if rules.Sells(d.PriceType) {
		p, err := rules.ParsePrice(d.Price)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", FieldPrice, err)
		}
		b.Price = p
	}
	b.Photos, b.PhotosWM = photoURLs(d.Photos)
	if slices.Contains(b.PhotosWM, "") {
		b.PhotosWM = nil // a pair without its watermark: let the service make them
	}
	for _, f := range d.Frames3D {
		b.Photos3D = append(b.Photos3D, f.URL)
	}
	if d.Video != nil {
		b.VideoURL, b.VideoThumbnail = d.Video.URL, d.Video.Thumbnail
	}
	if a := attributeJSON(attrs, d.Attributes); len(a) > 0 {
		b.Attributes = a
	}
	return b, nil
}

// Change is one field of an edit, for the review's diff.
type Change struct {
	Field    string // the body's field name
	Old, New string // as the seller reads them
}

// EditBody is the partial edit for the draft: only what differs from Original is
// set. Media are sent only when the seller touched them (sending replaces the
// whole set). It returns the changes for the review; an empty edit has none.
func (d *Draft) EditBody(attrs []api.Attribute) (*api.ListingEdit, []Change, error) {
	if d.Original == nil {
		return nil, nil, errors.New("this draft is not an edit")
	}
	if d.PendingUploads() > 0 {
		return nil, nil, ErrNotUploaded
	}
	o := d.Original
	e := &api.ListingEdit{}
	var ch []Change
	// Compared as the import and the bulk edit compare (api/client/rules): a value written
	// otherwise is no change.
	text := func(field string, old, cur string, dst *api.Field[string]) {
		old, cur = rules.Text(old), rules.Text(cur)
		if old != cur && (field != FieldContactPhone || !rules.SamePhone(old, cur)) {
			*dst = api.Set(cur)
			ch = append(ch, Change{field, old, cur})
		}
	}
	text(FieldTitle, o.Title, d.Title, &e.Title)
	text(FieldDescription, o.Description, d.Description, &e.Description)
	if rules.Sells(d.PriceType) {
		p, err := rules.ParsePrice(d.Price)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", FieldPrice, err)
		}
		if old, err := rules.ParsePrice(o.Price); err != nil || !rules.SamePrice(old, p) {
			e.Price = api.Set(p)
			ch = append(ch, Change{FieldPrice, o.Price, p.String()})
		}
	}
	text(FieldCurrency, o.Currency, d.Currency, &e.Currency)
	text(FieldCondition, o.Condition, d.Condition, &e.Condition)
	if d.CategoryID != o.CategoryID {
		e.CategoryID = api.Set(d.CategoryID)
		ch = append(ch, Change{FieldCategory, labelled(o.CategoryID, o.CategoryPath), labelled(d.CategoryID, d.CategoryPath)})
	}
	if d.CityRef != o.CityRef {
		e.CityRef = api.Set(d.CityRef)
		ch = append(ch, Change{FieldCity, orRef(o.CityLabel, o.CityRef), orRef(d.CityLabel, d.CityRef)})
	}
	text(FieldContactName, o.ContactName, d.ContactName, &e.ContactName)
	text(FieldContactPhone, o.ContactPhone, d.ContactPhone, &e.ContactPhone)
	if d.HidePhone != o.HidePhone {
		e.HidePhone = api.Set(d.HidePhone)
		ch = append(ch, Change{FieldHidePhone, yesNo(o.HidePhone), yesNo(d.HidePhone)})
	}
	ch = append(ch, d.editMedia(e)...)
	newAttrs := attributeJSON(attrs, d.Attributes)
	oldAttrs := attributeJSON(attrs, o.Attributes)
	if d.CategoryID != o.CategoryID || !sameJSON(newAttrs, oldAttrs) {
		e.Attributes = api.Set(newAttrs)
		ch = append(ch, attributeChanges(attrs, o.Attributes, d.Attributes)...)
	}
	return e, ch, nil
}

func (d *Draft) editMedia(e *api.ListingEdit) []Change {
	if !d.MediaTouched {
		return nil
	}
	o := d.Original
	var ch []Change
	urls, wm := photoURLs(d.Photos)
	oldURLs, _ := photoURLs(o.Photos)
	if !slices.Equal(urls, oldURLs) {
		e.Photos = api.Set(orEmpty(urls))
		if !slices.Contains(wm, "") {
			e.PhotosWM = api.Set(orEmpty(wm))
		}
		ch = append(ch, Change{FieldPhotos, count(len(o.Photos), "photo"), count(len(d.Photos), "photo")})
	}
	frames, _ := photoURLs(d.Frames3D)
	oldFrames, _ := photoURLs(o.Frames3D)
	if !slices.Equal(frames, oldFrames) {
		e.Photos3D = api.Set(orEmpty(frames))
		ch = append(ch, Change{FieldPhotos3D, count(len(o.Frames3D), "frame"), count(len(d.Frames3D), "frame")})
	}
	var oldV, newV Video
	if o.Video != nil {
		oldV = *o.Video
	}
	if d.Video != nil {
		newV = *d.Video
	}
	if oldV.URL != newV.URL {
		e.VideoURL, e.VideoThumbnail = api.Set(newV.URL), api.Set(newV.Thumbnail)
		ch = append(ch, Change{FieldVideo, orNone(oldV.URL), orNone(newV.URL)})
	}
	return ch
}

func attributeChanges(attrs []api.Attribute, old, cur map[string]AttrValue) []Change {
	var ch []Change
	for _, a := range attrs {
		o, n := DisplayValue(a, old[a.Code]), DisplayValue(a, cur[a.Code])
		if o != n {
			ch = append(ch, Change{AttributeField(a.Code), o, n})
		}
	}
	return ch
}

// DisplayValue renders an attribute's value as the seller reads it: a select's
// label, yes/no, "from – to"; "—" when not given.
func DisplayValue(a api.Attribute, v AttrValue) string {
	if v.Empty() {
		return "—"
	}
	switch a.Type {
	case api.AttrSelect:
		for _, o := range a.Options {
			if o.Value == v.Text {
				return o.Label
			}
		}
	case api.AttrBoolean:
		return yesNo(v.Text == "true")
	case api.AttrRange:
		return orDash(v.From) + " – " + orDash(v.To)
	}
	return strings.TrimSpace(v.Text)
}

func sameJSON(a, b map[string]any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

func labelled(id int, path string) string {
	if path == "" {
		return fmt.Sprint(id)
	}
	return fmt.Sprintf("%s (%d)", path, id)
}

func orRef(label, ref string) string {
	if label == "" {
		return ref
	}
	return label
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "…"
	}
	return strings.TrimSpace(s)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// cloneAttrs copies an attribute map so a snapshot does not share the draft's.
func cloneAttrs(m map[string]AttrValue) map[string]AttrValue {
	if m == nil {
		return nil
	}
	return maps.Clone(m)
}
