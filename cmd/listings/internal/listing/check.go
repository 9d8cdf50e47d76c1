package listing

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/draft"
)

// What the spec makes required in a create body, and the limits it states, are
// checked before anything is sent (the app's form checks the same, with the same
// bounds: tui/draft): a request the service would refuse for them costs budget and
// a round trip to say what a script can be told at once. Everything else (attributes,
// a category that is not a leaf, a city that does not exist) is the service's to
// judge. An edit is checked only in the fields it gives.

// checkCreate lists the problems of a create body, one "field: what" each.
func checkCreate(b *api.ListingCreate) []string {
	var p []string
	add := func(field, problem string) {
		if problem != "" {
			p = append(p, field+": "+problem)
		}
	}
	add("title", length(b.Title, draft.TitleMin, draft.TitleMax, true))
	add("description", length(b.Description, draft.DescriptionMin, draft.DescriptionMax, true))
	free := b.PriceType == api.PriceExchange || b.PriceType == api.PriceFree
	if b.Price.IsZero() && !free {
		add("price", "required unless price_type is exchange or free")
	}
	add("price_type", oneOf(b.PriceType, draft.PriceTypes))
	add("currency", oneOf(b.Currency, draft.Currencies))
	add("condition", oneOf(b.Condition, draft.Conditions))
	if b.CategoryID <= 0 {
		add("category_id", "required (a category id from listings categories)")
	}
	if strings.TrimSpace(b.CityRef) == "" {
		add("city_ref", "required (a city ref from listings cities)")
	}
	add("photos", photoCount(len(b.Photos)))
	if len(b.PhotosWM) > 0 {
		add("photos_wm", sameLength(len(b.PhotosWM), len(b.Photos)))
	}
	return p
}

// checkEdit lists the problems of the fields an edit gives; null is the service's to
// judge (it clears a field, or is refused).
func checkEdit(e *api.ListingEdit) []string {
	var p []string
	add := func(field, problem string) {
		if problem != "" {
			p = append(p, field+": "+problem)
		}
	}
	if v, ok := e.Title.Get(); ok {
		add("title", length(v, draft.TitleMin, draft.TitleMax, false))
	}
	if v, ok := e.Description.Get(); ok {
		add("description", length(v, draft.DescriptionMin, draft.DescriptionMax, false))
	}
	if v, ok := e.Currency.Get(); ok {
		add("currency", oneOf(v, draft.Currencies))
	}
	if v, ok := e.Condition.Get(); ok {
		add("condition", oneOf(v, draft.Conditions))
	}
	photos, hasPhotos := e.Photos.Get()
	if hasPhotos {
		add("photos", photoCount(len(photos)))
	}
	if wm, ok := e.PhotosWM.Get(); ok && hasPhotos {
		add("photos_wm", sameLength(len(wm), len(photos)))
	}
	return p
}

// length checks a text's length in characters as the service counts them.
func length(s string, lo, hi int, required bool) string {
	n := draft.Chars(s)
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
	if n > draft.MaxPhotos {
		return fmt.Sprintf("%d photos; a listing has at most %d", n, draft.MaxPhotos)
	}
	return ""
}

func sameLength(wm, photos int) string {
	if wm != photos {
		return fmt.Sprintf("%d URLs for %d photos; one per photo, in the order of photos", wm, photos)
	}
	return ""
}

// refuseBody is the usage error of a body that breaks the spec's rules: every
// problem on its own line, and nothing sent.
func refuseBody(file string, problems []string) error {
	if len(problems) == 0 {
		return nil
	}
	return cmdutil.UsageErrorf("%s: nothing was sent; the spec does not allow:\n  %s",
		fileName(file), strings.Join(problems, "\n  "))
}
