package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/listings-tui/listings/assets"
)

// The seed files' shapes. Keys starting with "_" are commentary and are skipped;
// fields the sandbox must never return (ref_source, warehouses_source,
// np_settlement_ref, x_validation on the wire) are either not decoded or kept internal.

type seedCategory struct {
	ID          int               `json:"id"`
	ParentID    *int              `json:"parent_id"`
	Level       int               `json:"level"`
	Slug        string            `json:"slug"`
	Name        map[string]string `json:"name"`
	IsLeaf      bool              `json:"is_leaf"`
	AutoApprove bool              `json:"sandbox_auto_approve"`
}

type seedOption struct {
	Value string            `json:"value"`
	Label map[string]string `json:"label"`
}

type seedValidation struct {
	Min       *float64 `json:"min"`
	Max       *float64 `json:"max"`
	Step      *float64 `json:"step"`
	Integer   bool     `json:"integer"`
	Unit      string   `json:"unit"`
	MaxLength *int     `json:"max_length"`
	Pattern   string   `json:"pattern"`
}

type seedAttribute struct {
	Code        string            `json:"code"`
	Type        string            `json:"type"`
	Name        map[string]string `json:"name"`
	Required    bool              `json:"required"`
	Options     []seedOption      `json:"options"`
	XValidation *seedValidation   `json:"x_validation"`
}

type seedCity struct {
	Ref        string            `json:"ref"`
	Name       map[string]string `json:"name"`
	Type       map[string]string `json:"type"`
	Region     map[string]string `json:"region"`
	Label      map[string]string `json:"label"`
	Warehouses int               `json:"warehouses"`
}

type seed struct {
	categories []seedCategory
	attributes map[string][]seedAttribute
	cities     []seedCity
}

func readSeed() (*seed, error) {
	var s seed
	if err := readSeedFile("seed/categories.json", "categories", &s.categories); err != nil {
		return nil, err
	}
	if err := readSeedFile("seed/attributes.json", "attributes", &s.attributes); err != nil {
		return nil, err
	}
	if err := readSeedFile("seed/cities.json", "cities", &s.cities); err != nil {
		return nil, err
	}
	// Commentary keys may also sit inside the attribute map.
	for k := range s.attributes {
		if strings.HasPrefix(k, "_") {
			delete(s.attributes, k)
		}
	}
	return &s, nil
}

// readSeedFile decodes the member key of the JSON object in file into dst and checks
// the optional "count" member against the number of entries.
func readSeedFile(file, key string, dst any) error {
	data, err := fs.ReadFile(assets.Seed, file)
	if err != nil {
		return fmt.Errorf("catalog: read %s: %w", file, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("catalog: parse %s: %w", file, err)
	}
	raw, ok := top[key]
	if !ok {
		return fmt.Errorf("catalog: %s: member %q missing", file, key)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("catalog: parse %s: %s: %w", file, key, err)
	}
	if rawCount, ok := top["count"]; ok {
		var count int
		if err := json.Unmarshal(rawCount, &count); err != nil {
			return fmt.Errorf("catalog: parse %s: count: %w", file, err)
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(raw, &entries); err == nil && len(entries) != count {
			return fmt.Errorf("catalog: %s: count is %d but %s has %d entries", file, count, key, len(entries))
		}
	}
	return nil
}

// checkNames requires a non-empty name in every API language.
func checkNames(what string, names map[string]string) error {
	for _, l := range Langs {
		if strings.TrimSpace(names[l]) == "" {
			return fmt.Errorf("%s: no %s name", what, l)
		}
	}
	return nil
}
