package catalog

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// cityRef is the shape of a city_ref: a UUID, taken as it is (the service judges it).
var cityRef = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
})

// searchLimit is how many cities one search returns: enough to see every place of a
// common name.
const searchLimit = 50

// cities resolves city cells, one search per distinct name.
type cities struct {
	svc   Service
	lang  string
	seen  map[string]cityAnswer
	reads *int
}

type cityAnswer struct {
	ref, label string
	problem    rules.Why
}

// city resolves a cell: a city_ref, or a name with an optional region after a comma
// ("Бровари, Київська"). A name is the city whose name it is exactly (in the plan's
// language; or the only city found, when it was written in another); several of that
// name are ambiguous, and refused with their labels.
func (c *cities) city(ctx context.Context, cell string) (ref, label string, problem rules.Why, err error) {
	if cityRef().MatchString(cell) {
		return cell, "", rules.Why{}, nil
	}
	key := norm(cell)
	if a, ok := c.seen[key]; ok {
		return a.ref, a.label, a.problem, nil
	}
	name, region := cell, ""
	if i := strings.LastIndex(cell, ","); i >= 0 {
		name, region = strings.TrimSpace(cell[:i]), strings.TrimSpace(cell[i+1:])
	}
	var a cityAnswer
	if utf8.RuneCountInString(name) < api.MinCityQuery {
		a.problem = because("city.short", "Value", strconv.Quote(cell))
	} else {
		found, err := c.search(ctx, name, c.lang)
		if err != nil {
			return "", "", rules.Why{}, err
		}
		a = pickCity(cell, name, region, found)
		if !a.problem.OK() && len(exactly(name, inRegion(region, found))) == 0 {
			// Perhaps the name is written in another language: the search matches
			// every language but answers in one, so look for it by name there.
			if b, ok, err := c.elsewhere(ctx, cell, name, region, found); err != nil {
				return "", "", rules.Why{}, err
			} else if ok {
				a = b
			}
		}
	}
	c.seen[key] = a
	return a.ref, a.label, a.problem, nil
}

func (c *cities) search(ctx context.Context, name, lang string) ([]api.City, error) {
	*c.reads++
	found, err := c.svc.SearchCities(ctx, name, lang, searchLimit)
	if err != nil {
		return nil, fmt.Errorf("search the city %q: %w", name, err)
	}
	return found, nil
}

// elsewhere looks for a city named so in the other languages; its label is given in
// the plan's language when the first search found it.
func (c *cities) elsewhere(ctx context.Context, cell, name, region string, home []api.City) (cityAnswer, bool, error) {
	for _, l := range Langs {
		if l == c.lang {
			continue
		}
		found, err := c.search(ctx, name, l)
		if err != nil {
			return cityAnswer{}, false, err
		}
		if len(exactly(name, inRegion(region, found))) == 0 {
			continue
		}
		a := pickCity(cell, name, region, found)
		for _, h := range home {
			if h.Ref == a.ref {
				a.label = h.Label
			}
		}
		return a, true, nil
	}
	return cityAnswer{}, false, nil
}

func inRegion(region string, found []api.City) []api.City {
	if region == "" {
		return found
	}
	var out []api.City
	for _, f := range found {
		if strings.HasPrefix(norm(f.Region), norm(region)) || strings.Contains(norm(f.Label), norm(region)) {
			out = append(out, f)
		}
	}
	return out
}

func exactly(name string, found []api.City) []api.City {
	var out []api.City
	for _, f := range found {
		if norm(f.Name) == norm(name) {
			out = append(out, f)
		}
	}
	return out
}

// pickCity is the one city of that name (in region, when given) among found.
func pickCity(cell, name, region string, found []api.City) cityAnswer {
	in := inRegion(region, found)
	exact := exactly(name, in)
	switch {
	case len(exact) == 1:
		return cityAnswer{ref: exact[0].Ref, label: exact[0].Label}
	case len(exact) > 1:
		return cityAnswer{problem: because("city.many", "Value", strconv.Quote(cell), "N", len(exact), "Places", labels(exact), "Name", name)}
	case len(in) == 0 && len(found) > 0 && region != "":
		return cityAnswer{problem: because("city.not_in_region", "Name", strconv.Quote(name), "Region", strconv.Quote(region), "Places", labels(found))}
	case len(in) == 0:
		return cityAnswer{problem: because("city.none", "Name", strconv.Quote(name))}
	}
	return cityAnswer{problem: because("city.inexact", "Value", strconv.Quote(cell), "N", len(in), "Places", labels(in))}
}

// labels lists a few cities for a message: their labels, or a Why that says how
// many more there are after them.
func labels(cs []api.City) any {
	const most = 5
	var out []string
	for _, c := range cs[:min(len(cs), most)] {
		l := c.Label
		if l == "" {
			l = c.Name + ", " + c.Region
		}
		out = append(out, l)
	}
	if len(cs) > most {
		return because("city.more", "Places", strings.Join(out, "; "), "N", len(cs)-most)
	}
	return strings.Join(out, "; ")
}
