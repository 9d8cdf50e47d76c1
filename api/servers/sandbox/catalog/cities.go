package catalog

import (
	"fmt"
	"maps"
	"sort"
	"strings"
)

// city is one seed settlement with its search keys folded once at load time.
type city struct {
	ref                      string
	name, typ, region, label map[string]string
	warehouses               int
	names, labels            []string   // folded, per Langs
	words                    [][]string // words of each folded name
}

func (c *Catalog) buildCities(seedCities []seedCity) error {
	if len(seedCities) == 0 {
		return fmt.Errorf("no cities")
	}
	c.cityRef = make(map[string]int, len(seedCities))
	for _, sc := range seedCities {
		what := fmt.Sprintf("city %q", sc.Ref)
		if strings.TrimSpace(sc.Ref) == "" {
			return fmt.Errorf("city without ref")
		}
		if _, dup := c.cityRef[sc.Ref]; dup {
			return fmt.Errorf("%s appears twice", what)
		}
		for _, m := range []map[string]string{sc.Name, sc.Type, sc.Region, sc.Label} {
			if err := checkNames(what, m); err != nil {
				return err
			}
		}
		if sc.Warehouses < 0 {
			return fmt.Errorf("%s: negative warehouses", what)
		}
		ct := city{
			ref: sc.Ref, name: maps.Clone(sc.Name), typ: maps.Clone(sc.Type),
			region: maps.Clone(sc.Region), label: maps.Clone(sc.Label), warehouses: sc.Warehouses,
		}
		ct.names, ct.labels, ct.words = make([]string, len(Langs)), make([]string, len(Langs)), make([][]string, len(Langs))
		for i, l := range Langs {
			ct.names[i] = fold(sc.Name[l])
			ct.labels[i] = fold(sc.Label[l])
			ct.words[i] = strings.Fields(ct.names[i])
		}
		c.cityRef[sc.Ref] = len(c.cities)
		c.cities = append(c.cities, ct)
	}
	return nil
}

func (ct *city) api(lang string) City {
	return City{
		Ref: ct.ref, Name: text(ct.name, lang), Type: text(ct.typ, lang),
		Region: text(ct.region, lang), Label: text(ct.label, lang), Warehouses: ct.warehouses,
	}
}

// Match ranks, best first.
const (
	rankExact = iota
	rankNamePrefix
	rankWordPrefix
	rankNameSubstring
	rankLabelSubstring
	rankNone
)

// rank is how well folded query q matches the city in any language.
func (ct *city) rank(q string) int {
	best := rankNone
	for i := range ct.names {
		name := ct.names[i]
		switch {
		case name == q:
			return rankExact
		case strings.HasPrefix(name, q):
			best = min(best, rankNamePrefix)
		case best > rankWordPrefix && hasWordPrefix(ct.words[i], q):
			best = rankWordPrefix
		case best > rankNameSubstring && strings.Contains(name, q):
			best = rankNameSubstring
		case best > rankLabelSubstring && strings.Contains(ct.labels[i], q):
			best = rankLabelSubstring
		}
	}
	return best
}

func hasWordPrefix(words []string, q string) bool {
	for _, w := range words[min(1, len(words)):] { // the first word is the name prefix case
		if strings.HasPrefix(w, q) {
			return true
		}
	}
	return false
}

// SearchCities finds up to limit cities whose name (or label) matches q, searching the
// names of every language and answering in lang. Matching ignores case, apostrophe
// variants and hyphen-versus-space differences. Ranking: exact name, name prefix,
// prefix of a word of the name, substring of the name, substring of the label; ties go
// to more warehouses, then the name in lang. A q that folds to nothing, or a limit
// below 1, finds nothing.
func (c *Catalog) SearchCities(q, lang string, limit int) []City {
	fq := fold(q)
	if fq == "" || limit < 1 {
		return []City{}
	}
	type hit struct {
		ct   *city
		rank int
		name string
	}
	var hits []hit
	for i := range c.cities {
		ct := &c.cities[i]
		if r := ct.rank(fq); r != rankNone {
			hits = append(hits, hit{ct: ct, rank: r, name: text(ct.name, lang)})
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if a.ct.warehouses != b.ct.warehouses {
			return a.ct.warehouses > b.ct.warehouses
		}
		if a.name != b.name {
			return a.name < b.name
		}
		return a.ct.ref < b.ct.ref
	})
	out := make([]City, 0, min(limit, len(hits)))
	for _, h := range hits[:min(limit, len(hits))] {
		out = append(out, h.ct.api(lang))
	}
	return out
}

// City returns the city with ref in lang.
func (c *Catalog) City(ref, lang string) (City, bool) {
	i, ok := c.cityRef[ref]
	if !ok {
		return City{}, false
	}
	return c.cities[i].api(lang), true
}

// CityRefs returns every city ref, in seed order, for seeding listings.
func (c *Catalog) CityRefs() []string {
	out := make([]string, len(c.cities))
	for i := range c.cities {
		out[i] = c.cities[i].ref
	}
	return out
}
