// Package catalog owns the sandbox's taxonomy: the category tree, category attributes
// (validated with the seed's sandbox-only x_validation, which is never returned), city
// search, and the deterministic AI category classifier. It knows nothing of HTTP.
//
// Everything is parsed and indexed once by Load; afterwards a Catalog is read-only, so
// every method is safe for concurrent use and the per-request work stays small.
package catalog

import "fmt"

// Langs are the languages of the API; the first is the default.
var Langs = []string{"uk", "ru", "en"}

// Error codes of FieldError, as fixed in docs/sandbox.md.
const (
	CodeAttributeRequired = "attribute_required"
	CodeAttributeInvalid  = "attribute_invalid"
	CodeUnknownAttribute  = "unknown_attribute"
)

// Catalog is the loaded seed data; it is read-only and safe for concurrent use.
type Catalog struct {
	nodes    []Node        // every category, in id order
	index    map[int]int   // category id → position in nodes
	children map[int][]int // parent id (0 for the top level) → child ids in id order
	attrs    map[int][]*attribute
	cities   []city
	cityRef  map[string]int // ref → position in cities
	suggest  suggestIndex
}

// Load reads the seed embedded in package assets.
func Load() (*Catalog, error) {
	s, err := readSeed()
	if err != nil {
		return nil, err
	}
	c := &Catalog{}
	if err := c.buildTree(s.categories); err != nil {
		return nil, fmt.Errorf("catalog: categories: %w", err)
	}
	if err := c.buildAttributes(s.attributes); err != nil {
		return nil, fmt.Errorf("catalog: attributes: %w", err)
	}
	if err := c.buildCities(s.cities); err != nil {
		return nil, fmt.Errorf("catalog: cities: %w", err)
	}
	c.buildSuggestIndex()
	return c, nil
}

// Node is one category with its names in every language.
type Node struct {
	ID, ParentID int
	Level        int
	Slug         string
	Names        map[string]string
	Leaf         bool
	AutoApprove  bool
}

// Category is the API's Category object in one language.
type Category struct {
	ID       int        `json:"id"`
	Slug     string     `json:"slug"`
	Name     string     `json:"name"`
	Children []Category `json:"children"`
}

// Option is a select option in one language.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Attribute is the API's Category attribute object in one language.
type Attribute struct {
	Code     string   `json:"code"`
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	Required bool     `json:"required,omitempty"`
	Options  []Option `json:"options,omitempty"`
}

// FieldError is one business-rule failure of a body; Field is "attributes.CODE".
type FieldError struct {
	Field string `json:"field"`
	Code  string `json:"error"`
	Hint  string `json:"hint"`
}

// City is the API's City object in one language.
type City struct {
	Ref        string `json:"ref"`
	Name       string `json:"name"`
	Type       string `json:"type"`
	Region     string `json:"region"`
	Label      string `json:"label"`
	Warehouses int    `json:"warehouses"`
}

// Suggestion is the AI classifier's answer.
type Suggestion struct {
	CategoryID int
	Path       string
	Slug       string
}

// text picks the lang entry of a per-language name, falling back to the default
// language so an unexpected lang never yields an empty name.
func text(names map[string]string, lang string) string {
	if v := names[lang]; v != "" {
		return v
	}
	return names[Langs[0]]
}
