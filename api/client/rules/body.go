package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
)

// What the spec makes required in a create body, and the limits it states, are
// checked before anything is sent: a request the service would refuse for them costs
// budget and a round trip to say what can be told at once. An edit is checked only
// in the fields it gives.

// Problem is one rule a body breaks: the body's field and what is wrong.
type Problem struct {
	Field string
	Msg   string
}

func (p Problem) String() string { return p.Field + ": " + p.Msg }

// CheckCreate lists the problems of a create body.
func CheckCreate(b *api.ListingCreate) []Problem {
	var p problems
	p.add("title", length(b.Title, TitleMin, TitleMax, true))
	p.add("description", length(b.Description, DescriptionMin, DescriptionMax, true))
	free := b.PriceType == api.PriceExchange || b.PriceType == api.PriceFree
	if b.Price.IsZero() && !free {
		p.add("price", "required unless price_type is exchange or free")
	}
	p.add("price_type", oneOf(b.PriceType, PriceTypes))
	p.add("currency", oneOf(b.Currency, Currencies))
	p.add("condition", oneOf(b.Condition, Conditions))
	if b.CategoryID <= 0 {
		p.add("category_id", "required (a category id from listings categories)")
	}
	if strings.TrimSpace(b.CityRef) == "" {
		p.add("city_ref", "required (a city ref from listings cities)")
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

func (p *problems) add(field, msg string) {
	if msg != "" {
		*p = append(*p, Problem{Field: field, Msg: msg})
	}
}

// length checks a text's length in characters as the service counts them.
func length(s string, lo, hi int, required bool) string {
	n := Chars(s)
	switch {
	case n == 0 && required:
		return fmt.Sprintf("required (%d to %d characters)", lo, hi)
	case n < lo || n > hi:
		return fmt.Sprintf("%d characters; use %d to %d", n, lo, hi)
	}
	return ""
}

// oneOf checks an optional value of a list the spec gives; "" is not given.
func oneOf(v string, allowed []string) string {
	if v == "" || slices.Contains(allowed, v) {
		return ""
	}
	return fmt.Sprintf("%s is not one of %s", strconv.Quote(v), strings.Join(allowed, ", "))
}

func photoCount(n int) string {
	if n > MaxPhotos {
		return fmt.Sprintf("%d photos; a listing has at most %d", n, MaxPhotos)
	}
	return ""
}

func sameLength(wm, photos int) string {
	if wm != photos {
		return fmt.Sprintf("%d URLs for %d photos; one per photo, in the order of photos", wm, photos)
	}
	return ""
}
