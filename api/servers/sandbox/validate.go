package sandbox

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/client/media"
)

// listingBody is a decoded create or edit body.
type listingBody struct {
	title, description, priceType, currency, condition, cityRef opt[string]
	videoURL, videoThumb, contactName, contactPhone             opt[string]
	price                                                       opt[float64]
	categoryID                                                  opt[int]
	photos, photosWM, photos3D                                  opt[[]string]
	attributes, delivery                                        opt[map[string]json.RawMessage]
	hidePhone                                                   opt[bool]
}

// decodeListingBody reads the known members; unknown ones are ignored.
func decodeListingBody(m map[string]json.RawMessage) (listingBody, *apiError) {
	f := &fields{m: m}
	b := listingBody{
		title: f.str("title"), description: f.str("description"), price: f.num("price"),
		priceType: f.str("price_type"), currency: f.str("currency"), categoryID: f.integer("category_id"),
		condition: f.str("condition"), cityRef: f.str("city_ref"), photos: f.strs("photos"),
		photosWM: f.strs("photos_wm"), photos3D: f.strs("photos_3d"), videoURL: f.str("video_url"),
		videoThumb: f.str("video_thumbnail"), attributes: f.object("attributes"),
		contactName: f.str("contact_name"), contactPhone: f.str("contact_phone"),
		hidePhone: f.boolean("hide_phone"), delivery: f.object("delivery"),
	}
	return b, f.err
}

// empty reports whether the body names no known member.
func (b *listingBody) empty() bool {
	return !(b.title.present || b.description.present || b.price.present || b.priceType.present ||
		b.currency.present || b.categoryID.present || b.condition.present || b.cityRef.present ||
		b.photos.present || b.photosWM.present || b.photos3D.present || b.videoURL.present ||
		b.videoThumb.present || b.attributes.present || b.contactName.present ||
		b.contactPhone.present || b.hidePhone.present || b.delivery.present)
}

// Bounds of docs/sandbox.md and the spec.
const (
	titleMin, titleMax = 5, 120
	descMin, descMax   = 20, 5000
	contactNameMax     = 100
)

var (
	priceTypes = []string{"sell", "exchange", "free"}
	currencies = []string{"UAH", "USD", "EUR"}
	conditions = []string{"new", "used"}
)

// applyBody writes the sent members of b onto l and checks them; on create every
// member is checked, absent ones too. Failures come in the order of the create table.
func (c *call) applyBody(l *listing, b *listingBody, create bool) []fieldError {
	var errs []fieldError
	add := func(field, code, hint string) { errs = append(errs, fieldError{field, code, hint}) }
	required := func(field string) { add(field, "required", "the field "+field+" is required") }

	text := func(name string, o opt[string], lo, hi int, dst *string) {
		if !create && !o.present {
			return
		}
		v := strings.TrimSpace(o.v)
		n := utf8.RuneCountInString(v)
		switch {
		case !o.set() || v == "":
			required(name)
		case n < lo:
			add(name, "too_short", fmt.Sprintf("%s must be at least %d characters (got %d)", name, lo, n))
		case n > hi:
			add(name, "too_long", fmt.Sprintf("%s must be at most %d characters (got %d)", name, hi, n))
		default:
			*dst = v
		}
	}
	oldTitle, oldDesc := l.Title, l.Description
	text("title", b.title, titleMin, titleMax, &l.Title)
	text("description", b.description, descMin, descMax, &l.Description)
	if l.Title != oldTitle {
		l.Titles = nil
	}
	if l.Description != oldDesc {
		l.Descriptions = nil
	}

	wasPriced := l.PriceType == "sell"
	enum("price_type", b.priceType, priceTypes, "sell", &l.PriceType, add)
	if l.PriceType != "sell" {
		l.Price = 0 // exchange and free listings carry price 0
	} else {
		switch {
		case b.price.null:
			required("price")
		case b.price.set() && b.price.v < 0:
			add("price", "invalid_value", "price must be a number of 0 or more")
		case b.price.set():
			l.Price = b.price.v
		case create || !wasPriced:
			required("price")
		}
	}
	enum("currency", b.currency, currencies, "UAH", &l.Currency, add)
	enum("condition", b.condition, conditions, "", &l.Condition, add)

	catOK := c.applyCategory(l, b, create, add, required)
	c.applyCity(l, b, create, add, required)
	c.applyMedia(l, b, add)

	if catOK && (create || b.attributes.present || b.categoryID.present) {
		if b.attributes.present {
			l.Attributes = b.attributes.v // null clears: nil
		}
		attrs := l.Attributes
		if attrs == nil {
			attrs = map[string]json.RawMessage{}
		}
		for _, fe := range c.s.cat.ValidateAttributes(l.CategoryID, attrs) {
			add(fe.Field, fe.Code, fe.Hint)
		}
	}

	if b.contactName.present {
		l.ContactName = strings.TrimSpace(b.contactName.v)
		if n := utf8.RuneCountInString(l.ContactName); n > contactNameMax {
			add("contact_name", "too_long", fmt.Sprintf("contact_name must be at most %d characters", contactNameMax))
		}
	}
	if b.contactPhone.present {
		l.ContactPhone = strings.TrimSpace(b.contactPhone.v)
		if l.ContactPhone != "" && !validPhone(l.ContactPhone) {
			add("contact_phone", "invalid_value", "contact_phone must be a phone number such as +380501234567")
		}
	}
	if l.ContactName == "" {
		l.ContactName = profileName
	}
	if l.ContactPhone == "" {
		l.ContactPhone = profilePhone
	}
	if b.hidePhone.present {
		l.HidePhone = b.hidePhone.v
	}
	if b.delivery.present {
		l.Delivery = nil
		if b.delivery.set() {
			l.Delivery, _ = json.Marshal(b.delivery.v)
		}
	}
	return errs
}

// enum applies an optional enumerated member; null or "" gives def.
func enum(name string, o opt[string], allowed []string, def string, dst *string, add func(string, string, string)) {
	if !o.present {
		return
	}
	v := strings.TrimSpace(o.v)
	switch {
	case v == "":
		*dst = def
	case slices.Contains(allowed, v):
		*dst = v
	default:
		add(name, "invalid_value", name+" must be one of "+strings.Join(allowed, ", "))
	}
}

func (c *call) applyCategory(l *listing, b *listingBody, create bool, add func(string, string, string), required func(string)) bool {
	if !create && !b.categoryID.present {
		return true
	}
	if !b.categoryID.set() {
		required("category_id")
		return false
	}
	node, ok := c.s.cat.Category(b.categoryID.v)
	switch {
	case !ok:
		add("category_id", "category_not_found", "no category with this id; read the tree with GET /api/v1/categories")
		return false
	case !node.Leaf:
		add("category_id", "category_not_leaf", "listings go into leaf categories only; pick one of its subcategories")
		return false
	}
	l.CategoryID = b.categoryID.v
	return true
}

func (c *call) applyCity(l *listing, b *listingBody, create bool, add func(string, string, string), required func(string)) {
	if !create && !b.cityRef.present {
		return
	}
	ref := strings.TrimSpace(b.cityRef.v)
	if !b.cityRef.set() || ref == "" {
		required("city_ref")
		return
	}
	if _, ok := c.s.cat.City(ref, "uk"); !ok {
		add("city_ref", "city_not_found", "no city with this ref; find it with GET /api/v1/cities/search?q=…")
		return
	}
	l.CityRef = ref
}

// applyMedia replaces each media set that was sent; photos without photos_wm clear
// photos_wm, as documented.
func (c *call) applyMedia(l *listing, b *listingBody, add func(string, string, string)) {
	urls := func(name string, o opt[[]string]) ([]string, bool) {
		out := make([]string, 0, len(o.v))
		for _, u := range o.v {
			u = strings.TrimSpace(u)
			if !absoluteURL(u) {
				add(name, "invalid_value", name+" must hold absolute http(s) URLs, such as the url of a photo upload")
				return nil, false
			}
			out = append(out, c.localRef(u))
		}
		return out, true
	}
	if b.photos.present {
		if v, ok := urls("photos", b.photos); ok {
			l.Photos = v
		}
		if !b.photosWM.present {
			l.PhotosWM = []string{}
		}
		if len(b.photos.v) > media.MaxPhotos {
			add("photos", "too_many_photos", fmt.Sprintf("a listing holds at most %d photos (got %d)", media.MaxPhotos, len(b.photos.v)))
		}
	}
	if b.photosWM.present {
		if v, ok := urls("photos_wm", b.photosWM); ok {
			l.PhotosWM = v
		}
	}
	if len(l.PhotosWM) > 0 && len(l.PhotosWM) != len(l.Photos) {
		add("photos_wm", "photos_wm_mismatch", fmt.Sprintf(
			"photos_wm must list the url_wm of each photo in the order of photos (%d photos, %d photos_wm)",
			len(l.Photos), len(l.PhotosWM)))
	}
	if b.photos3D.present {
		if v, ok := urls("photos_3d", b.photos3D); ok {
			l.Photos3D = v
		}
	}
	single := func(name string, o opt[string], dst *string) {
		if !o.present {
			return
		}
		u := strings.TrimSpace(o.v)
		switch {
		case u == "":
			*dst = ""
		case !absoluteURL(u):
			add(name, "invalid_value", name+" must be an absolute http(s) URL, such as the one the video upload returned")
		default:
			*dst = c.localRef(u)
		}
	}
	single("video_url", b.videoURL, &l.VideoURL)
	single("video_thumbnail", b.videoThumb, &l.VideoThumb)
	if l.Photos == nil {
		l.Photos = []string{}
	}
	if l.PhotosWM == nil {
		l.PhotosWM = []string{}
	}
	if l.Photos3D == nil {
		l.Photos3D = []string{}
	}
}

func absoluteURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// validPhone accepts an optional + and 7 to 15 digits, with spaces, dashes or brackets.
func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 15
}
