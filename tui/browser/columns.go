package browser

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/internal/i18n"
)

// The table's columns are chosen, ordered and sized per tab, in the config's
// tui.columns ({"all": ["title", "price", "views:8", "attr.brand"], "default": …};
// docs/config.md) and in the app's column menu (colmenu.go). A tab shows its own
// list, else "default", else the built-in list below. Each entry is a column id,
// with ":N" for a width of N cells.

// The column ids. attr.<key> is a category attribute, read from the mirror's
// details (colattrs.go).
const (
	colTitle   = "title"
	colPrice   = "price"
	colStatus  = "status"
	colCity    = "city"
	colViews   = "views"
	colGain    = "views7d"
	colPromo   = "promo"
	colCreated = "created"
	attrPrefix = "attr."
)

// colKind is what a built-in column is: its heading, the sort it shows, its side,
// its width, and how useful it is when the width runs short (keep: the higher, the
// later it is dropped; 0 never is).
type colKind struct {
	head  string
	sort  sortCol
	right bool
	width int
	keep  int
}

// kinds are the built-in columns. The usefulness order, least useful dropped first:
// an attribute, promo (mostly empty: few listings are promoted), +7d, created, city,
// views, price; the title and the status always stay. Before any of them, a column
// with nothing in any row of the tab goes.
var kinds = map[string]colKind{
	colTitle:   {head: "title", sort: sortTitle},
	colPrice:   {head: "price", sort: sortPrice, right: true, keep: 90},
	colStatus:  {head: "status", sort: sortStatus, width: statusW},
	colCity:    {head: "city", sort: sortCity, width: 14, keep: 60},
	colViews:   {head: "views", sort: sortViews, right: true, width: viewsW, keep: 70},
	colGain:    {head: "+7d", sort: sortViews7d, right: true, width: gainW, keep: 40},
	colPromo:   {head: "promo", sort: sortServer, width: marksW, keep: 30},
	colCreated: {head: "created", sort: sortCreated, width: createdW, keep: 50},
}

// attrKind is an attribute column's: left, unsorted, the least useful.
var attrKind = colKind{sort: sortServer, width: 12, keep: 20}

// builtinIDs are the built-in columns in the menu's order.
var builtinIDs = []string{colTitle, colPrice, colStatus, colCity, colViews, colGain, colPromo, colCreated}

// maxColW bounds a width given in the config.
const maxColW = 80

// colSpec is one column of a tab's list: its id and its width (0: the column's own).
type colSpec struct {
	id    string
	width int
}

func (c colSpec) String() string {
	if c.width > 0 {
		return c.id + ":" + strconv.Itoa(c.width)
	}
	return c.id
}

// kindOf is the column id's kind; ok is false for an id that is no column.
func kindOf(id string) (colKind, bool) {
	if k, ok := kinds[id]; ok {
		return k, true
	}
	if key, ok := strings.CutPrefix(id, attrPrefix); ok && key != "" {
		k := attrKind
		k.head = key
		return k, true
	}
	return colKind{}, false
}

// defaultColumns is a tab's list when the config gives none. The moderation tab's
// says what a review needs: promotion and views say nothing of it.
func defaultColumns(moderation bool) []colSpec {
	ids := []string{colTitle, colPrice, colStatus, colCity, colViews, colGain, colPromo, colCreated}
	if moderation {
		ids = []string{colTitle, colPrice, colStatus, colCity, colCreated}
	}
	out := make([]colSpec, len(ids))
	for i, id := range ids {
		out[i] = colSpec{id: id}
	}
	return out
}

// defaultKey is the config's list for every tab it does not name (the moderation
// tab keeps its own unless named).
const defaultKey = "default"

// parseColumns reads the config's tui.columns: each tab's list, and what in it does
// not apply (a tab or a column that is none, a bad width, a column twice), said at
// start; what is left of a list applies. The title is always shown: a list without
// it gets it first.
func parseColumns(cfg map[string][]string, views []string) (tabs [maxTabs][]colSpec, problems []string) {
	lists := map[string][]colSpec{}
	for _, name := range slices.Sorted(maps.Keys(cfg)) {
		if name != defaultKey && tabIndex(name) < 0 && !slices.Contains(views, name) {
			problems = append(problems, i18n.T("browser.config.no_tab", "Name", fmt.Sprintf("%q", name)))
			continue
		}
		var list []colSpec
		for _, entry := range cfg[name] {
			spec, err := parseSpec(entry)
			switch {
			case err != nil:
				problems = append(problems, i18n.T("browser.config.tab_problem", "Name", name, "Err", err.Error()))
			case slices.ContainsFunc(list, func(c colSpec) bool { return c.id == spec.id }):
				problems = append(problems, i18n.T("browser.config.column_twice", "Name", name, "Column", spec.id))
			default:
				list = append(list, spec)
			}
		}
		if len(list) == 0 {
			continue
		}
		if !slices.ContainsFunc(list, func(c colSpec) bool { return c.id == colTitle }) {
			list = append([]colSpec{{id: colTitle}}, list...)
		}
		lists[name] = list
	}
	for i := range len(tabDefs) + len(views) {
		d := tabDef{}
		if i < len(tabDefs) {
			d = tabDefs[i]
		} else {
			d.name = views[i-len(tabDefs)]
		}
		switch l, ok := lists[d.name]; {
		case ok:
			tabs[i] = l
		case !d.moderation && lists[defaultKey] != nil:
			tabs[i] = lists[defaultKey]
		default:
			tabs[i] = defaultColumns(d.moderation)
		}
	}
	return tabs, problems
}

// parseSpec reads one entry: "views", "views:8", "attr.brand:14".
func parseSpec(entry string) (colSpec, error) {
	id, w, sized := strings.Cut(strings.TrimSpace(entry), ":")
	id = strings.TrimSpace(id)
	if _, ok := kindOf(id); !ok {
		return colSpec{}, errors.New(i18n.T("browser.config.no_column", "Column", fmt.Sprintf("%q", id)))
	}
	spec := colSpec{id: id}
	if sized {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 1 || n > maxColW {
			return colSpec{}, errors.New(i18n.T("browser.config.bad_width", "Entry", fmt.Sprintf("%q", entry), "Max", maxColW))
		}
		spec.width = n
	}
	return spec, nil
}

func tabIndex(name string) int {
	for i, d := range tabDefs {
		if d.name == name {
			return i
		}
	}
	return -1
}

// specIDs is a list as the config writes it.
func specIDs(list []colSpec) []string {
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = c.String()
	}
	return out
}
