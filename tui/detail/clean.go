package detail

import (
	"maps"
	"slices"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
)

// cleanListing returns a copy of l with every string from the network made safe for
// the terminal. Attribute values and delivery stay raw JSON: they are cleaned when
// formatted.
func cleanListing(src *api.ListingFull) *api.ListingFull {
	l := *src
	c := termtext.Clean
	l.Title, l.Slug, l.Currency, l.URL = c(l.Title), c(l.Slug), c(l.Currency), c(l.URL)
	l.Status = api.Status(c(string(l.Status)))
	l.Condition, l.City, l.Photo = cleanPtr(l.Condition), cleanPtr(l.City), cleanPtr(l.Photo)
	l.Photos = cleanAll(l.Photos)
	l.Description = termtext.CleanBlock(l.Description)
	l.CityRef, l.CategoryPath, l.PriceType = c(l.CityRef), c(l.CategoryPath), c(l.PriceType)
	l.ContactName, l.ContactPhone = c(l.ContactName), c(l.ContactPhone)
	l.PhotosWM, l.Photos3D = cleanAll(l.PhotosWM), cleanAll(l.Photos3D)
	l.VideoURL, l.VideoThumbnail = cleanPtr(l.VideoURL), cleanPtr(l.VideoThumbnail)
	l.Attributes = maps.Clone(l.Attributes)
	l.Delivery = slices.Clone(l.Delivery)
	return &l
}

// copyListing gives the root its own copy, so nothing it does reaches the view's.
func copyListing(l *api.ListingFull) *api.ListingFull {
	c := *l
	c.Photos, c.PhotosWM, c.Photos3D = slices.Clone(l.Photos), slices.Clone(l.PhotosWM), slices.Clone(l.Photos3D)
	c.Attributes, c.Delivery = maps.Clone(l.Attributes), slices.Clone(l.Delivery)
	return &c
}

func cleanModeration(m *api.Moderation) *api.Moderation {
	if m == nil {
		return nil
	}
	c := *m
	c.Decision = termtext.Clean(c.Decision)
	c.Reason = cleanPtr(c.Reason)
	return &c
}

// cleanAttributes cleans names and labels once, when they enter the cache.
func cleanAttributes(attrs []api.Attribute) []api.Attribute {
	out := make([]api.Attribute, len(attrs))
	for i, a := range attrs {
		a.Code, a.Name, a.Type = termtext.Clean(a.Code), termtext.Clean(a.Name), termtext.Clean(a.Type)
		opts := make([]api.AttributeOption, len(a.Options))
		for j, o := range a.Options {
			opts[j] = api.AttributeOption{Value: o.Value, Label: termtext.Clean(o.Label)}
		}
		a.Options = opts
		out[i] = a
	}
	return out
}

func cleanPtr(s *string) *string {
	if s == nil {
		return nil
	}
	c := termtext.Clean(*s)
	return &c
}

func cleanAll(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = termtext.Clean(s)
	}
	return out
}

// mainPhoto is the listing's photo, or its first photo when photo is not set.
func mainPhoto(l *api.ListingFull) string {
	if l == nil {
		return ""
	}
	if l.Photo != nil && *l.Photo != "" {
		return *l.Photo
	}
	if len(l.Photos) > 0 {
		return l.Photos[0]
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
