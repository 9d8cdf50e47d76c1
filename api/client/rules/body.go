package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
)

// What the spec makes required in a create body, and the limits it states, are
// checked before anything is sent: a request the service would refuse for them costs
// budget and a round trip to say what can be told at once. An edit is checked only
// in the fields it gives.

// Problem is one rule a body breaks: the body's field and what is wrong, in English
// (Msg) and as a Why for a front end to say in its language.
type Problem struct {
	Field string
	Msg   string
	Why   Why
}

func (p Problem) String() string { return p.Field + ": " + p.Msg }

// CheckCreate lists the problems of a create body.
func CheckCreate(b *api.ListingCreate) []Problem {
	var p problems
	p.add("title", length(b.Title, TitleMin, TitleMax, true))
	p.add("description", length(b.Description, DescriptionMin, DescriptionMax, true))
	free := b.PriceType == api.PriceExchange || b.PriceType == api.PriceFree
	if b.Price.IsZero() && !free {
		p.add("price", why("body.price"))
	}
	p.add("price_type", oneOf(b.PriceType, PriceTypes))
	p.add("currency", oneOf(b.Currency, Currencies))
	p.add("condition", oneOf(b.Condition, Conditions))
	if b.CategoryID <= 0 {
		p.add("category_id", why("body.category"))
	}
	if strings.TrimSpace(b.CityRef) == "" {
		p.add("city_ref", why("body.city"))
	}
	p.add("photos", photoCount(len(b.Photos)))
	if len(b.PhotosWM) > 0 {
		p.add("photos_wm", sameLength(len(b.PhotosWM), len(b.Photos)))
	}
	return p
}

// CheckEdit lists the problems of the fields an edit gives; null is the service's to
// judge (it clears a field, or is refused).
func CheckEdit(e *api.ListingEdit) []Problem {
	var p problems
	if v, ok := e.Title.Get(); ok {
		p.add("title", length(v, TitleMin, TitleMax, false))
	}
	if v, ok := e.Description.Get(); ok {
		p.add("description", length(v, DescriptionMin, DescriptionMax, false))
	}
	if v, ok := e.Currency.Get(); ok {
		p.add("currency", oneOf(v, Currencies))
	}
	if v, ok := e.Condition.Get(); ok {
		p.add("condition", oneOf(v, Conditions))
	}
	photos, hasPhotos := e.Photos.Get()
	if hasPhotos {
		p.add("photos", photoCount(len(photos)))
	}
	if wm, ok := e.PhotosWM.Get(); ok && hasPhotos {
		p.add("photos_wm", sameLength(len(wm), len(photos)))
	}
	return p
}

type problems []Problem

func (p *problems) add(field string, w Why) {
	if !w.OK() {
		*p = append(*p, Problem{Field: field, Msg: w.String(), Why: w})
	}
}

// length checks a text's length in characters as the service counts them.
func length(s string, lo, hi int, required bool) Why {
	n := Chars(s)
	switch {
	case n == 0 && required:
		return why("body.required", "Min", lo, "Max", hi)
	case n < lo || n > hi:
		return why("body.length", "N", n, "Min", lo, "Max", hi)
	}
	return Why{}
}

// oneOf checks an optional value of a list the spec gives; "" is not given.
func oneOf(v string, allowed []string) Why {
	if v == "" || slices.Contains(allowed, v) {
		return Why{}
	}
	return why("body.one_of", "Value", strconv.Quote(v), "Allowed", strings.Join(allowed, ", "))
}

func photoCount(n int) Why {
	if n > MaxPhotos {
		return why("body.photos", "N", n, "Max", MaxPhotos)
	}
	return Why{}
}

func sameLength(wm, photos int) Why {
	if wm != photos {
		return why("body.photos_wm", "URLs", wm, "N", photos)
	}
	return Why{}
}
