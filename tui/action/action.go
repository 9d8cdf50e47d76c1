// Package action is the one table of a view's actions: what each key does, under
// which id, with which words, and when. A view declares a Table over its own model;
// the help overlay, the footer's short help, the command palette and the key dispatch
// are all made from it, so that none of them can say what another does not do
// (docs/tui.md, "Actions"). The user's keymap (the config's "keys") replaces an
// action's default keys by id. It is a leaf: it imports only Bubble Tea's key types,
// and internal/i18n for the words it shows (Words).
package action

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
)

// ID names an action for good: "browser.deactivate", "global.quit". The user's
// keymap and the palette's search refer to it, so it never changes with the words.
type ID string

// Any is the mode of an action that applies in every mode of its view.
const Any = "*"

// Action is one row of a view's table over the view's state S.
type Action[S any] struct {
	ID ID
	// Desc is the action's words in English, as the reference of every action
	// (docs/config.md) lists them. What the help, the footer and the palette show
	// is the catalog's action.<ID> in the interface's language (Words), which
	// English's catalog holds as Desc (a test checks every table).
	Desc string
	// Keys are the default keys, as Bubble Tea names them ("x", "ctrl+a", "alt+up",
	// " " for space); none: the palette alone runs it.
	Keys []string
	// Label is how the default keys are shown ("alt+1…7"); "" derives it from Keys.
	// A user's own keys are always shown as they are.
	Label string
	// Group is the column of the help overlay, in order.
	Group int
	// Short is the action's place in the footer (1 first); 0 keeps it out.
	Short int
	// Mode is the state of the view the action belongs to ("", "filter", "adding"),
	// as the table's Mode says; Any is every mode. Two actions of one mode must not
	// share a key, which the user's keymap is checked against at start.
	Mode string
	// When says the action is in reach besides its mode: its key works and the help
	// and the palette offer it. nil is always.
	When func(S) bool
	// Note, when it says something, follows Desc in brackets: what the action does
	// in this state ("back (the job goes on)").
	Note func(S) string
	// Offer narrows the footer: the action is offered there only when it holds (the
	// help still lists it, and its key still works).
	Offer func(S) bool
	// Writes marks an action a read-only key cannot do: it is not offered, but its
	// key still answers, so that the root can say why nothing happened.
	Writes bool
	// Quiet, when it holds, keeps the action out of the help, the footer and the
	// palette while its key still answers: the review of an unchanged edit offers no
	// send, and enter there says that nothing changed.
	Quiet func(S) bool
	// Fold shows this action and the others of its table with the same Fold as one
	// line of the help ("alt+1…7 go to step"); the palette lists each.
	Fold Fold
	// Shadows names the global actions whose keys this one takes while in reach
	// (the media step's J moves a photo rather than opening the jobs panel).
	Shadows []ID
	// Moves marks a cursor's move or a scroll: at an edge it has nowhere to go,
	// and says so by not moving, which the tests of the tables allow it.
	Moves bool
	// Typing is a text input in focus: it takes every printable key, so it shadows
	// every global action on one. It has no keys of its own and is never shown.
	Typing bool
}

// Fold is one line of the help that stands for several actions: its keys as shown,
// and its words (English; shown as the catalog's action.<ID>, as an action's). An
// action the user gave keys of their own leaves it for a line of its own, as its
// keys are no longer the fold's.
type Fold struct {
	ID          ID
	Label, Desc string
}

// Table is a view's actions, and how its state is read.
type Table[S any] struct {
	Actions []Action[S]
	// Mode is the view's mode in state s; nil: always "".
	Mode func(S) string
	// ReadOnly says the key in use cannot write; nil: never.
	ReadOnly func(S) bool
}

// Bound is an action as it stands in one state, with its keys after the user's map.
type Bound struct {
	ID      ID
	Desc    string
	Keys    []string
	Label   string
	Group   int
	Short   int
	Offered bool // in the footer now (Short > 0 and Offer holds)
	Hidden  bool // in reach but not offered (a write under a read-only key, Quiet)
	Fold    Fold
	Typing  bool
	Moves   bool
	Shadows []ID
	// Global marks the root's actions; Merge fills it in.
	Global bool
	// FooterOnly is a binding of a view without a table that only its footer
	// shows (its full help has it again, or never had it).
	FooterOnly bool
}

// Keymap is the user's keys by action id, from the config's "keys".
type Keymap map[ID][]string

// keys is an action's keys under km, and the label to show for them.
func keysOf[S any](a Action[S], km Keymap) ([]string, string) {
	if ks, ok := km[a.ID]; ok {
		return ks, Label(ks)
	}
	if a.Label != "" {
		return a.Keys, a.Label
	}
	return a.Keys, Label(a.Keys)
}

func (t Table[S]) mode(s S) string {
	if t.Mode == nil {
		return ""
	}
	return t.Mode(s)
}

// Reach is every action in reach in state s, in the table's order, with its keys
// under km.
func (t Table[S]) Reach(s S, km Keymap) []Bound {
	mode := t.mode(s)
	ro := t.ReadOnly != nil && t.ReadOnly(s)
	var out []Bound
	for _, a := range t.Actions {
		if (a.Mode != Any && a.Mode != mode) || (a.When != nil && !a.When(s)) {
			continue
		}
		ks, label := keysOf(a, km)
		desc := Words(a.ID, a.Desc)
		if a.Note != nil {
			if n := a.Note(s); n != "" {
				desc += " (" + n + ")"
			}
		}
		b := Bound{ID: a.ID, Desc: desc, Keys: ks, Label: label, Group: a.Group, Short: a.Short,
			Hidden: (a.Writes && ro) || (a.Quiet != nil && a.Quiet(s)), Typing: a.Typing, Moves: a.Moves,
			Shadows: a.Shadows}
		if _, own := km[a.ID]; !own && a.Fold != (Fold{}) {
			b.Fold = Fold{ID: a.Fold.ID, Label: a.Fold.Label, Desc: Words(a.Fold.ID, a.Fold.Desc)}
		}
		b.Offered = b.Short > 0 && !b.Hidden && (a.Offer == nil || a.Offer(s))
		out = append(out, b)
	}
	return out
}

// Match is the action in reach in state s that key k runs under km.
func (t Table[S]) Match(s S, km Keymap, k tea.KeyMsg) (ID, bool) {
	b, ok := Find(t.Reach(s, km), k)
	return b.ID, ok
}

// Find is the first action of list whose keys include k.
func Find(list []Bound, k tea.KeyMsg) (Bound, bool) {
	name := k.String()
	for _, b := range list {
		if slices.Contains(b.Keys, name) {
			return b, true
		}
	}
	return Bound{}, false
}

// Typing reports whether a text input in list takes the printable keys.
func Typing(list []Bound) bool {
	return slices.ContainsFunc(list, func(b Bound) bool { return b.Typing })
}

// Printable reports whether the key called name types a character, which a text
// input in focus takes: one rune with no ctrl or alt ("q", "?", "J", "space").
func Printable(name string) bool {
	if name == " " {
		return true
	}
	return len([]rune(name)) == 1
}

// Binding is b as a bubbles key binding, for the help bubble.
func (b Bound) Binding() key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys...), key.WithHelp(b.Label, b.Desc))
}

// pretty is how a key is written in the help.
var pretty = map[string]string{
	"up": "↑", "down": "↓", "left": "←", "right": "→", " ": "space", "pgdown": "pgdn",
	"alt+up": "alt+↑", "alt+down": "alt+↓",
}

// Label is how keys are shown: the first two, joined by a slash.
func Label(keys []string) string {
	var out []string
	for _, k := range keys[:min(len(keys), 2)] {
		if p, ok := pretty[k]; ok {
			k = p
		}
		out = append(out, k)
	}
	return strings.Join(out, "/")
}

// Entry is an action as the reference lists it: its id, default keys and words
// (English, as the table has them).
type Entry struct {
	ID    ID
	Keys  []string
	Label string
	Desc  string
	Mode  string
	Fold  Fold
	// Shadows are the global actions whose keys it may take.
	Shadows []ID
	Typing  bool
}

// Catalog is a table seen without its state: every action it has.
type Catalog interface{ Entries() []Entry }

// Entries lists every action of the table.
func (t Table[S]) Entries() []Entry {
	var out []Entry
	for _, a := range t.Actions {
		out = append(out, Entry{ID: a.ID, Keys: a.Keys, Label: a.Label, Desc: a.Desc, Mode: a.Mode, Fold: a.Fold,
			Shadows: a.Shadows, Typing: a.Typing})
	}
	return out
}

// Keys is the user's keymap as a view holds it: embedded in the view's model, it
// gives the view SetKeymap, by which the root hands the keys over.
type Keys struct{ Map Keymap }

// SetKeymap gives the view the user's keys.
func (k *Keys) SetKeymap(km Keymap) { k.Map = km }

// Help is the help of what is in reach in state s.
func (t Table[S]) Help(s S, km Keymap) Help { return HelpOf(t.Reach(s, km)) }

// Words is what the help, the footer and the palette show for the action id whose
// English words are desc: the catalog's action.<id> in the interface's language.
// Reach and the folds are the one place a table's words become shown words, so a
// view draws its actions in the language without a word of its own; an id the
// catalog lacks (a table in a test) shows desc.
func Words(id ID, desc string) string {
	if desc == "" || id == "" {
		return desc
	}
	cid := "action." + string(id)
	if s := i18n.T(cid); s != cid {
		return s
	}
	return desc
}
