package action

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Normalize is km with its keys written as Bubble Tea names them: "space" is " ",
// and surrounding blanks go.
func Normalize(km Keymap) Keymap {
	out := make(Keymap, len(km))
	for id, ks := range km {
		var keys []string
		for _, k := range ks {
			if t := strings.TrimSpace(k); strings.EqualFold(t, "space") {
				k = " "
			} else if t != "" {
				k = t
			}
			if k != "" {
				keys = append(keys, k)
			}
		}
		out[ID(strings.TrimSpace(string(id)))] = keys
	}
	return out
}

// Problem is one thing wrong with a keymap, and the ids of the map it is about.
type Problem struct {
	Text string
	IDs  []ID
}

// Without is km less the ids of problems: what can apply of it.
func Without(km Keymap, problems []Problem) Keymap {
	out := Keymap{}
	for id, ks := range km {
		out[id] = ks
	}
	for _, p := range problems {
		for _, id := range p.IDs {
			delete(out, id)
		}
	}
	return out
}

// Check is what is wrong with the user's keymap km, each said whole: an id no table
// has, and a key that two actions able to be in reach together share once km
// applies (in one view and mode, or a view's and a global one the view does not
// declare it takes). Keys the tables share by default are the tables' own
// business, proved by their tests; only those km brings are reported. Each problem
// names the ids of km it concerns: dropping them from km leaves the defaults.
//
// viewTables builds the views' tables, only when km is not empty: without a user's key
// nothing can be wrong, and building ten tables was a fifth of the root's New
// (docs/performance.md, "Start").
func Check(km Keymap, global Catalog, viewTables func() map[string]Catalog) []Problem {
	if len(km) == 0 {
		return nil
	}
	views := viewTables()
	var out []Problem
	known := map[ID]bool{}
	names := slices.Sorted(maps.Keys(views))
	for _, c := range append([]Catalog{global}, valuesOf(views, names)...) {
		for _, e := range c.Entries() {
			known[e.ID] = true
		}
	}
	for _, id := range slices.Sorted(maps.Keys(km)) {
		if !known[id] {
			out = append(out, Problem{Text: fmt.Sprintf("%s is no action", id), IDs: []ID{id}})
		}
	}
	g := withKeys(global.Entries(), km)
	out = append(out, clashes(g, nil, km, nil)...)
	for _, name := range names {
		v := withKeys(views[name].Entries(), km)
		out = append(out, clashes(v, nil, km, nil)...)
		out = append(out, clashes(v, g, km, typingModes(v))...)
	}
	return out
}

// clashes is every key an entry of a and one of b (nil: another of a) share while
// both can be in reach, where km gave one of them that key. typing, with the global
// table as b, is the modes of a where a text input takes the printable keys.
func clashes(a, b []Entry, km Keymap, typing map[string]bool) []Problem {
	var out []Problem
	for i, x := range a {
		others := b
		if b == nil {
			others = a[i+1:]
		}
		for _, y := range others {
			_, mx := km[x.ID]
			_, my := km[y.ID]
			if x.Typing || y.Typing || (!mx && !my) {
				continue
			}
			if b == nil && x.Mode != y.Mode && x.Mode != Any && y.Mode != Any {
				continue // never in reach together
			}
			if b != nil && slices.Contains(x.Shadows, y.ID) {
				continue
			}
			for _, k := range x.Keys {
				if slices.Contains(y.Keys, k) && !(typing[x.Mode] && Printable(k)) {
					var ids []ID
					for _, id := range []ID{x.ID, y.ID} {
						if _, ok := km[id]; ok {
							ids = append(ids, id)
						}
					}
					out = append(out, Problem{Text: Conflict{Key: k, A: x.ID, B: y.ID}.String(), IDs: ids})
				}
			}
		}
	}
	return out
}

// withKeys is the entries with their keys under km.
func withKeys(es []Entry, km Keymap) []Entry {
	for i, e := range es {
		if ks, ok := km[e.ID]; ok {
			es[i].Keys = ks
		}
	}
	return es
}

func typingModes(es []Entry) map[string]bool {
	m := map[string]bool{}
	for _, e := range es {
		if e.Typing {
			m[e.Mode] = true
		}
	}
	return m
}

func valuesOf(m map[string]Catalog, names []string) []Catalog {
	out := make([]Catalog, 0, len(names))
	for _, n := range names {
		out = append(out, m[n])
	}
	return out
}

// Join is catalogs whose actions are in reach together, as one view's for Check:
// the editor's own and its steps'.
func Join(cs ...Catalog) Catalog { return joined(cs) }

type joined []Catalog

func (j joined) Entries() []Entry {
	var out []Entry
	for _, c := range j {
		out = append(out, c.Entries()...)
	}
	return out
}

// Within is c as one mode of the view that holds it: its actions in reach only in
// mode, its own modes under it ("media:picking"). Its actions of every mode (Any)
// are checked as those of its first mode ("").
func Within(mode string, c Catalog) Catalog { return within{mode, c} }

type within struct {
	mode string
	c    Catalog
}

func (w within) Entries() []Entry {
	es := w.c.Entries()
	for i, e := range es {
		if e.Mode == "" || e.Mode == Any {
			es[i].Mode = w.mode
		} else {
			es[i].Mode = w.mode + ":" + e.Mode
		}
	}
	return es
}
