package draft

import (
	"fmt"
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
// request, keyed by field name (an attribute is "attributes.CODE"). attrs are the
// chosen category's attributes; nil skips the attribute checks (not loaded yet).
// Media not uploaded yet are not a problem here: the submit uploads them first.
func (d *Draft) Problems(attrs []api.Attribute) map[string]string {
	p := map[string]string{}
	put := func(field, msg string) {
		if msg != "" {
			p[field] = msg
		}
	}
	put(FieldTitle, rules.CheckTitle(d.Title))
	put(FieldDescription, rules.CheckDescription(d.Description))
	put(FieldPrice, rules.CheckPrice(d.PriceType, d.Price))
	if d.CategoryID == 0 {
		put(FieldCategory, "choose a category")
	}
	if strings.TrimSpace(d.CityRef) == "" {
		put(FieldCity, "choose a city: type at least 2 letters of its name")
	}
	if n := rules.Chars(d.ContactName); n > rules.ContactNameMax {
		put(FieldContactName, fmt.Sprintf("the contact name is %d characters; shorten it to %d", n, rules.ContactNameMax))
	}
	put(FieldContactPhone, rules.CheckPhone(d.ContactPhone))
	if len(d.Photos) > rules.MaxPhotos {
		put(FieldPhotos, fmt.Sprintf("%d photos: a listing holds at most %d; remove %d", len(d.Photos), rules.MaxPhotos, len(d.Photos)-rules.MaxPhotos))
	}
	for _, a := range attrs {
		put(AttributeField(a.Code), CheckAttribute(a, d.Attributes[a.Code]))
	}
	return p
}
