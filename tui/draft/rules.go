package draft

import (
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// The rules themselves are api/client/rules', shared with `listings create --file` and the
// importer; a draft only applies them to what was typed.

// CheckAttribute returns what is wrong with one attribute's value, or "".
func CheckAttribute(a api.Attribute, v AttrValue) string {
	return rules.CheckAttribute(a, v.Text, v.From, v.To)
}

// Problems returns every rule the draft breaks that the app can know before a
// request, keyed by field name (an attribute is "attributes.CODE"), as ids the
// interface words in its language (rules.Why). attrs are the
// chosen category's attributes; nil skips the attribute checks (not loaded yet).
// Media not uploaded yet are not a problem here: the submit uploads them first.
func (d *Draft) Problems(attrs []api.Attribute) map[string]rules.Why {
	p := map[string]rules.Why{}
	put := func(field string, w rules.Why) {
		if !w.OK() {
			p[field] = w
		}
	}
	put(FieldTitle, rules.TitleWhy(d.Title))
	put(FieldDescription, rules.DescriptionWhy(d.Description))
	put(FieldPrice, rules.PriceWhy(d.PriceType, d.Price))
	if d.CategoryID == 0 {
		put(FieldCategory, rules.Because("category.choose"))
	}
	if strings.TrimSpace(d.CityRef) == "" {
		put(FieldCity, rules.Because("city.choose"))
	}
	if n := rules.Chars(d.ContactName); n > rules.ContactNameMax {
		put(FieldContactName, rules.Because("contact_name.long", "N", n, "Max", rules.ContactNameMax))
	}
	put(FieldContactPhone, rules.PhoneWhy(d.ContactPhone))
	if len(d.Photos) > rules.MaxPhotos {
		put(FieldPhotos, rules.Because("photos.many", "N", len(d.Photos), "Max", rules.MaxPhotos, "Extra", len(d.Photos)-rules.MaxPhotos))
	}
	for _, a := range attrs {
		v := d.Attributes[a.Code]
		put(AttributeField(a.Code), rules.AttributeWhy(a, v.Text, v.From, v.To))
	}
	return p
}
