package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/rules"
	"github.com/listings-tui/listings/api/sheet"
)

// create plans a row without an id: the create body, checked by the create rules.
func (c *checker) create(ctx context.Context, b *rowBuild, cells map[string]string) error {
	body := &api.ListingCreate{}
	c.texts(b, cells, func(f, v string) {
		switch f {
		case "title":
			body.Title = v
		case "description":
			body.Description = v
		case "currency":
			body.Currency = v
		case "condition":
			body.Condition = v
		case "contact_name":
			body.ContactName = v
		case "contact_phone":
			body.ContactPhone = v
		}
	})
	body.PriceType = strings.ToLower(cells["price_type"])
	if rules.Sells(body.PriceType) && cells["price"] != "" {
		p, err := rules.ParsePrice(cells["price"])
		if err != nil {
			b.refuse("price", err.Error())
		}
		body.Price = p
	}
	if v, ok := cells["hide_phone"]; ok {
		hide, ok := boolCell(v)
		if !ok {
			b.refuse("hide_phone", fmt.Sprintf("%q is not yes or no (true/false)", rules.Clip(v, 20)))
		}
		body.HidePhone = hide
	}
	id, path, err := c.category(ctx, b, cells)
	if err != nil {
		return err
	}
	if id == 0 && !b.has(b.col["category_id"]) && c.o.Suggest {
		if id, path, err = c.suggest(ctx, b, body.Title, body.Description); err != nil {
			return err
		}
	}
	body.CategoryID = id
	if id > 0 {
		attrs, problems, err := c.tax.attrCells(ctx, id, path, cells, true)
		if err != nil {
			return err
		}
		b.Problems = append(b.Problems, problems...)
		if len(attrs) > 0 {
			body.Attributes = attrs
		}
	}
	if body.CityRef, err = c.city(ctx, b, cells); err != nil {
		return err
	}
	c.media(b, cells)
	for _, p := range rules.CheckCreate(body) {
		col := p.Field
		if mapped, ok := b.col[col]; ok {
			col = mapped
		}
		switch {
		case b.has(col):
			continue // said already, more precisely
		case col == "category" || col == "category_id":
			p.Msg = "required: an id, or a path as listings categories prints it"
			if !c.o.Suggest {
				p.Msg += ", or --suggest to ask the AI suggestion"
			}
		case col == "city" || col == "city_ref":
			p.Msg = "required: a city name (Львів, or \"Бровари, Київська\") or its city_ref"
		}
		b.refuse(col, p.Msg)
	}
	b.Create = body
	return nil
}

// edit plans a row with an id (or one matched to an earlier listing): only the
// cells given are sent. Attribute cells are merged into the listing's attributes,
// read with one GET, since an edit's attributes replace the whole object.
func (c *checker) edit(ctx context.Context, b *rowBuild, cells map[string]string) error {
	e := &api.ListingEdit{}
	c.texts(b, cells, func(f, v string) {
		field := map[string]*api.Field[string]{"title": &e.Title, "description": &e.Description, "currency": &e.Currency,
			"condition": &e.Condition, "contact_name": &e.ContactName, "contact_phone": &e.ContactPhone}[f]
		*field = api.Set(v)
	})
	if pt := strings.ToLower(strings.TrimSpace(cells["price_type"])); pt != "" {
		// An export's rows carry their price type: the same one is no change.
		l, err := c.listing(ctx, b)
		if err != nil {
			return err
		}
		if l != nil && pt != l.PriceType {
			b.refuse("price_type", fmt.Sprintf("an edit cannot change the price type (%s to %s: the spec's edit body has no price_type): leave it as it is, or create a new listing", l.PriceType, pt))
		}
	}
	if v := cells["price"]; v != "" {
		p, err := rules.ParsePrice(v)
		if err != nil {
			b.refuse("price", err.Error())
		}
		e.Price = api.Set(p)
	}
	if v, ok := cells["hide_phone"]; ok {
		hide, ok := boolCell(v)
		if !ok {
			b.refuse("hide_phone", fmt.Sprintf("%q is not yes or no (true/false)", rules.Clip(v, 20)))
		}
		e.HidePhone = api.Set(hide)
	}
	id, path, err := c.category(ctx, b, cells)
	if err != nil {
		return err
	}
	if id > 0 {
		e.CategoryID = api.Set(id)
	}
	if hasAttrs(cells) {
		if err := c.editAttrs(ctx, b, e, id, path, cells); err != nil {
			return err
		}
	}
	ref, err := c.city(ctx, b, cells)
	if err != nil {
		return err
	}
	if ref != "" {
		e.CityRef = api.Set(ref)
	}
	c.media(b, cells)
	for _, p := range rules.CheckEdit(e) {
		if !b.has(p.Field) {
			b.refuse(p.Field, p.Msg)
		}
	}
	if len(b.Problems) == 0 && b.current != nil {
		dropSame(b, e)
		if e.Empty() && len(b.Media) == 0 {
			b.Action = Unchanged
			b.Notes = append(b.Notes, "the listing already holds every value of the row")
			return nil
		}
	}
	if e.Empty() && len(b.Media) == 0 && len(b.Problems) == 0 {
		b.Action = Unchanged
		b.Notes = append(b.Notes, "the row gives nothing to change")
		return nil
	}
	b.Edit = e
	return nil
}

// listing is the listing an edit row names, read once for the row; nil, with the
// row refused, when this account has no such listing.
func (c *checker) listing(ctx context.Context, b *rowBuild) (*api.ListingFull, error) {
	if b.fetched {
		return b.current, nil
	}
	b.fetched = true
	c.reads++
	d, err := c.svc.GetListing(ctx, b.ListingID, c.o.lang())
	switch {
	case api.IsNotFound(err):
		b.refuse("id", fmt.Sprintf("no listing %d in this account: leave the id empty to create it (a sheet exported from another account: listings import --new)", b.ListingID))
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("read listing %d for row %d: %w", b.ListingID, b.Line, err)
	}
	b.current = &d.Listing
	return b.current, nil
}

func hasAttrs(cells map[string]string) bool {
	for k := range cells {
		if _, ok := sheet.AttrCode(k); ok {
			return true
		}
	}
	return false
}

// editAttrs sets an edit's attributes: the row's cells over the listing's own
// (unless the row moves it to another category, whose attributes the row gives).
func (c *checker) editAttrs(ctx context.Context, b *rowBuild, e *api.ListingEdit, cat int, path string, cells map[string]string) error {
	var current map[string]any
	if cat == 0 {
		l, err := c.listing(ctx, b)
		if l == nil || err != nil {
			return err
		}
		cat, path = l.CategoryID, l.CategoryPath
		current = rawAttrs(l.Attributes)
	}
	if path == "" {
		path = fmt.Sprintf("category %d", cat)
	}
	attrs, problems, err := c.tax.attrCells(ctx, cat, path, cells, current == nil)
	if err != nil {
		return err
	}
	b.Problems = append(b.Problems, problems...)
	if current == nil {
		current = map[string]any{}
	}
	for k, v := range attrs {
		current[k] = v
	}
	e.Attributes = api.Set(current)
	return nil
}
