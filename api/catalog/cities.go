package catalog

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
)

// cityRef is the shape of a city_ref: a UUID, taken as it is (the service judges it).
var cityRef = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

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
	ref, label, problem string
}

// city resolves a cell: a city_ref, or a name with an optional region after a comma
// ("Бровари, Київська"). A name is the city whose name it is exactly (in the plan's
// language; or the only city found, when it was written in another); several of that
// name are ambiguous, and refused with their labels.
func (c *cities) city(ctx context.Context, cell string) (ref, label, problem string, err error) {
	if cityRef.MatchString(cell) {
		return cell, "", "", nil
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
		a.problem = fmt.Sprintf("%q is too short for a city name: write it whole, or its city_ref (listings cities NAME)", cell)
	} else {
		*c.reads++
		found, err := c.svc.SearchCities(ctx, name, c.lang, searchLimit)
		if err != nil {
			return "", "", "", fmt.Errorf("search the city %q: %w", name, err)
		}
		a = pickCity(cell, name, region, found)
	}
	c.seen[key] = a
	return a.ref, a.label, a.problem, nil
}

func pickCity(cell, name, region string, found []api.City) cityAnswer {
	inRegion := found
	if region != "" {
		inRegion = nil
		for _, f := range found {
			if strings.HasPrefix(norm(f.Region), norm(region)) || strings.Contains(norm(f.Label), norm(region)) {
				inRegion = append(inRegion, f)
			}
		}
	}
	var exact []api.City
	for _, f := range inRegion {
		if norm(f.Name) == norm(name) {
			exact = append(exact, f)
		}
	}
	switch {
	case len(exact) == 1:
		return cityAnswer{ref: exact[0].Ref, label: exact[0].Label}
	case len(exact) > 1:
		return cityAnswer{problem: fmt.Sprintf("%q is %d places: %s; write it with its region, as \"%s, <region>\", or give its city_ref",
			cell, len(exact), labels(exact), name)}
	case len(inRegion) == 1 && region == "" && len(found) == 1:
		return cityAnswer{ref: inRegion[0].Ref, label: inRegion[0].Label} // the name in another language
	case len(inRegion) == 0 && len(found) > 0 && region != "":
		return cityAnswer{problem: fmt.Sprintf("no %q in the region %q; the search found %s", name, region, labels(found))}
	case len(inRegion) == 0:
		return cityAnswer{problem: fmt.Sprintf("no city is named %q: check the spelling, or give its city_ref (listings cities NAME)", name)}
	}
	return cityAnswer{problem: fmt.Sprintf("%q names no city exactly, and the search found %d: %s; write one of them whole",
		cell, len(inRegion), labels(inRegion))}
}

// labels lists a few cities for a message.
func labels(cs []api.City) string {
	const most = 5
	var out []string
	for i, c := range cs {
		if i == most {
			out = append(out, fmt.Sprintf("and %d more", len(cs)-most))
			break
		}
		l := c.Label
		if l == "" {
			l = c.Name + ", " + c.Region
		}
		out = append(out, l)
	}
	return strings.Join(out, "; ")
}
