package catalog

import (
	"context"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// create plans a row without an id: the create body, every cell read as its tool
// wrote it (cells.go), checked by the create rules.
func (c *checker) create(ctx context.Context, b *rowBuild, cells map[string]string) error {
	cells = given(cells)
	body := &api.ListingCreate{Title: text(cells["title"]), Description: text(cells["description"])}
	if v, ok := cells["currency"]; ok {
		body.Currency, _ = b.readCurrency("currency", v)
	}
	if v, ok := cells["condition"]; ok {
		if body.Condition = conditions[norm(v)]; body.Condition == "" {
			b.refuse("condition", because("condition.invalid", "Value", quoted(v, 20)))
		}
	}
	body.ContactName = text(cells["contact_name"])
	if n := rules.Chars(body.ContactName); n > rules.ContactNameMax {
		b.refuse("contact_name", because("contact_name.long", "N", n, "Max", rules.ContactNameMax))
	}
	if v, ok := cells["contact_phone"]; ok {
		body.ContactPhone, _ = b.readPhone("contact_phone", v)
	}
	body.PriceType = strings.ToLower(strings.TrimSpace(cells["price_type"]))
	if v := cells["price"]; rules.Sells(body.PriceType) && v != "" {
		body.Price, _ = b.readPrice("price", v)
	}
	if v, ok := cells["hide_phone"]; ok {
		body.HidePhone, _ = b.readBool("hide_phone", v)
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
		attrs, err := c.attrCells(ctx, b, id, path, cells)
		if err != nil {
			return err
		}
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
			p.Why = because("category.required")
			if !c.o.Suggest {
				p.Why = because("category.suggestable")
			}
		case col == "city" || col == "city_ref":
			p.Why = because("city.required")
		}
		b.refuse(col, p.Why)
	}
	b.Create = body
	return nil
}

// given are the cells of a new listing, without those that say Clear: there is
// nothing to clear in a listing not made yet.
func given(cells map[string]string) map[string]string {
	out := make(map[string]string, len(cells))
	for k, v := range cells {
		if !isClear(v) {
			out[k] = v
		}
	}
	return out
}
