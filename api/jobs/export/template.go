package export

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Template is the columns of an import's empty sheet for a category: the create
// body's fields as the import reads them (api/jobs/sheet's contract), then one attr.<code>
// per attribute of the category, each explained with the spec's rules.
func Template(categoryID int, path string, attrs []api.Attribute) []sheet.Column {
	category := strconv.Itoa(categoryID)
	if path != "" {
		category += " (" + path + ")"
	}
	cols := []sheet.Column{
		{Name: "id", What: "Empty: the row creates a listing. The id of one of your listings: the row edits it, sending only the cells filled in.",
			Allowed: "a listing id (listings ls)", Example: ""},
		{Name: "title", Required: true, What: "The listing's title.", Allowed: "5 to 120 characters", Example: "Велосипед міський Giant Escape 3"},
		{Name: "description", Required: true, What: "The listing's description.", Allowed: "20 to 5000 characters",
			Example: "Міський велосипед у доброму стані, обслуговувався щороку."},
		{Name: "price", Required: true, What: "The price. Not needed when price_type is exchange or free.",
			Allowed: "a number, with a dot for decimals", Example: "12499.99"},
		{Name: "price_type", What: "How it is offered; empty is sell.", Allowed: strings.Join(priceTypes, ", "), Example: api.PriceSell, Options: priceTypes},
		{Name: "currency", What: "The price's currency.", Allowed: strings.Join(currencies, ", "), Example: "UAH", Options: currencies},
		{Name: "condition", What: "New or used.", Allowed: strings.Join(conditions, ", "), Example: "used", Options: conditions},
		{Name: "category", Required: true, What: "The category: this template's is " + category + ".",
			Allowed: "a category id, or its path as listings categories shows it (\"A > B > C\", in any of the three languages)", Example: strconv.Itoa(categoryID)},
		{Name: "city", Required: true, What: "Where the item is.",
			Allowed: "a city_ref (listings cities), or a place name: Львів, or Бровари, Київська", Example: "Львів"},
		{Name: "contact_name", What: "The seller's name shown; empty takes the profile's.", Example: "Олег"},
		{Name: "contact_phone", What: "The seller's phone; empty takes the profile's.", Example: "+380501234567"},
		{Name: "hide_phone", What: "Hide the phone from buyers.", Allowed: "true or false", Example: "false", Options: booleans},
		{Name: "photos", What: "The photos, the first one the main photo.",
			Allowed: "up to 12, separated by \";\": paths or globs relative to the sheet, or URLs already uploaded; each up to 12 MB",
			Example: "photos/bike-*.jpg"},
		{Name: "photos_3d", What: "The frames of a 3D tour.", Allowed: "paths, globs or URLs separated by \";\"", Example: ""},
		{Name: "video", What: "One video.", Allowed: "a path relative to the sheet or a URL already uploaded; up to 50 MB and 60 seconds",
			Example: "video/bike.mp4"},
	}
	for _, a := range attrs {
		cols = append(cols, attrColumn(a))
	}
	return cols
}

var (
	priceTypes = []string{api.PriceSell, api.PriceExchange, api.PriceFree}
	currencies = []string{"UAH", "USD", "EUR"}
	conditions = []string{"new", "used"}
	booleans   = []string{"true", "false"}
)

// attrColumn explains an attribute's column by its type.
func attrColumn(a api.Attribute) sheet.Column {
	name := strings.TrimSpace(a.Name)
	if name == "" {
		name = a.Code
	}
	c := sheet.Column{Name: AttrPrefix + a.Code, Required: a.Required, What: fmt.Sprintf("Attribute %q (%s).", name, a.Type)}
	switch a.Type {
	case api.AttrSelect:
		var labels, values []string
		for _, o := range a.Options {
			label := strings.TrimSpace(o.Label)
			if label == "" {
				label = o.Value
			}
			labels = append(labels, label)
			values = append(values, o.Value)
		}
		c.Options = labels
		c.Allowed = "one of: " + strings.Join(labels, ", ") + " (or its value: " + strings.Join(values, ", ") + ")"
		if len(labels) > 0 {
			c.Example = labels[0]
		}
	case api.AttrNumber:
		c.Allowed, c.Example = "a number, with a dot for decimals", "10"
	case api.AttrBoolean:
		c.Allowed, c.Example, c.Options = "true or false", "true", booleans
	case api.AttrRange:
		c.Allowed, c.Example = "from-to: two numbers with a hyphen; \"from-\" or \"-to\" for one bound", "10-20"
	default:
		c.Allowed = "text"
	}
	return c
}

// CategoryPath finds the category id in the tree: its path of names ("A > B > C")
// and whether it is a leaf, the only kind that takes listings. found is false when
// the tree has no such id.
func CategoryPath(tree []api.Category, id int) (path string, leaf, found bool) {
	var walk func(cs []api.Category, names []string, depth int) bool
	walk = func(cs []api.Category, names []string, depth int) bool {
		if depth > 32 { // a cyclic or absurd answer
			return false
		}
		for i := range cs {
			p := append(names[:len(names):len(names)], cs[i].Name)
			if cs[i].ID == id {
				path, leaf = strings.Join(p, " > "), len(cs[i].Children) == 0
				return true
			}
			if walk(cs[i].Children, p, depth+1) {
				return true
			}
		}
		return false
	}
	found = walk(tree, nil, 0)
	return path, leaf, found
}
