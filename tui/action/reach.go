package action

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/charmbracelet/bubbles/key"
)

// Conflict is a key two actions in reach both have.
type Conflict struct {
	Key  string
	A, B ID
}

func (c Conflict) String() string { return fmt.Sprintf("%q is both %s and %s", c.Key, c.A, c.B) }

// Merge is what is in reach on screen: the view's actions, then the root's (marked
// Global) without the keys the view takes. The view takes a key only where its table
// says so: a text input (Typing) takes the printable keys, an action its Shadows'
// keys. Any other key both have is a conflict; the global action keeps it, as a key
// the root has always had (a view not yet migrated to a table, whose bindings have
// no id, shadows nothing and conflicts with nothing). A global action left without
// keys stays in reach for the palette.
func Merge(view, global []Bound) (reach []Bound, conflicts []Conflict) {
	typing := Typing(view)
	reach = append(reach, view...)
	for _, g := range global {
		g.Global = true
		var keep []string
		for _, k := range g.Keys {
			if typing && Printable(k) {
				continue
			}
			taken := false
			for _, v := range view {
				if !slices.Contains(v.Keys, k) {
					continue
				}
				if slices.Contains(v.Shadows, g.ID) {
					taken = true
				} else if v.ID != "" {
					conflicts = append(conflicts, Conflict{Key: k, A: v.ID, B: g.ID})
				}
			}
			if !taken {
				keep = append(keep, k)
			}
		}
		if len(keep) != len(g.Keys) {
			g.Keys, g.Label = keep, Label(keep)
		}
		reach = append(reach, g)
	}
	return reach, append(conflicts, Shared(view)...)
}

// Shared is every key two actions of list (of one view) share.
func Shared(list []Bound) []Conflict {
	var out []Conflict
	for i, a := range list {
		for _, b := range list[i+1:] {
			if a.ID == "" || b.ID == "" {
				continue
			}
			for _, k := range a.Keys {
				if slices.Contains(b.Keys, k) {
					out = append(out, Conflict{Key: k, A: a.ID, B: b.ID})
				}
			}
		}
	}
	return out
}

// Help is a list of actions as the help bubble takes it (help.KeyMap).
type Help struct {
	short []key.Binding
	full  [][]key.Binding
}

// ShortHelp is the footer's keys: the offered actions by their place.
func (h Help) ShortHelp() []key.Binding { return h.short }

// FullHelp is the help overlay's columns, one per group.
func (h Help) FullHelp() [][]key.Binding { return h.full }

// HelpOf lays list out for the help: what has keys and is not hidden, a fold on one
// line.
func HelpOf(list []Bound) Help {
	var h Help
	shown := folded(slices.DeleteFunc(slices.Clone(list), func(b Bound) bool { return b.Hidden || len(b.Keys) == 0 }))
	short := slices.DeleteFunc(slices.Clone(shown), func(b Bound) bool { return !b.Offered })
	shown = slices.DeleteFunc(shown, func(b Bound) bool { return b.FooterOnly })
	slices.SortStableFunc(short, func(a, b Bound) int { return cmp.Compare(a.Short, b.Short) })
	for _, b := range short {
		h.short = append(h.short, b.Binding())
	}
	slices.SortStableFunc(shown, func(a, b Bound) int { return cmp.Compare(a.Group, b.Group) })
	for i, b := range shown {
		if i == 0 || b.Group != shown[i-1].Group {
			h.full = append(h.full, nil)
		}
		h.full[len(h.full)-1] = append(h.full[len(h.full)-1], b.Binding())
	}
	return h
}

// folded is list with each fold on one line, where its first action is: the fold's
// label and words, every key of its actions.
func folded(list []Bound) []Bound {
	var out []Bound
	at := map[Fold]int{}
	for _, b := range list {
		if b.Fold == (Fold{}) {
			out = append(out, b)
			continue
		}
		if i, ok := at[b.Fold]; ok {
			out[i].Keys = append(out[i].Keys, b.Keys...)
			continue
		}
		at[b.Fold] = len(out)
		b.Label, b.Desc, b.Keys = b.Fold.Label, b.Fold.Desc, slices.Clone(b.Keys)
		out = append(out, b)
	}
	return out
}

// FromKeyMap is a view's key map as actions without ids, for a view not yet
// migrated to a table: its help as it was, its keys shadowing nothing. typing adds
// its text input.
func FromKeyMap(km interface {
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}, typing bool) []Bound {
	var out []Bound
	bound := func(b key.Binding, group, short int) Bound {
		return Bound{Desc: b.Help().Desc, Keys: b.Keys(), Label: b.Help().Key, Group: group, Short: short, Offered: short > 0}
	}
	for i, b := range km.ShortHelp() {
		if b.Enabled() {
			fb := bound(b, 0, i+1)
			fb.FooterOnly = true // the full help has it, or never had
			out = append(out, fb)
		}
	}
	for g, col := range km.FullHelp() {
		for _, b := range col {
			if b.Enabled() && b.Help().Key != "" {
				out = append(out, bound(b, g, 0))
			}
		}
	}
	if typing {
		out = append(out, Bound{Typing: true})
	}
	return out
}
