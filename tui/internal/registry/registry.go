// Package registry is the container of the root's views: each view, whatever its
// type, adapted to one small interface (Pane) and held by id, with a generation per id
// that tells an answer meant for a view since replaced; and the addressing of a view's
// commands (Address), so that their answers come back to it. The root asks it, never a
// switch, for routing, key capture, the help, sizing and rendering; which views there
// are, and where a message goes, stay the root's (docs/tui.md, "The registry, and who
// owns a view").
package registry

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/action"
)

// View is the shape every view of the app has (docs/tui.md, "A view"): a value whose
// Update returns the next value, with its own key map for the help bar. A view with
// a table of actions (tui/action) adds Actions, Run and SetKeymap on the pointer,
// and its KeyMap is made from the table.
type View[M any, K help.KeyMap] interface {
	Update(tea.Msg) (M, tea.Cmd)
	View() string
	Capturing() bool
	KeyMap() K
}

// Pane is a view as the root sees it.
type Pane interface {
	Update(tea.Msg) tea.Cmd
	View() string
	SetSize(w, h int)
	Capturing() bool
	// Actions is what the view does now, by its table; a view without one gives
	// its key map's bindings, without ids.
	Actions() []action.Bound
	// Run does the view's action id, as its key would (the palette); a view
	// without a table does nothing.
	Run(id action.ID) tea.Cmd
	// SetKeymap gives the view the user's keys.
	SetKeymap(action.Keymap)
	// Selected is the listing under the view's cursor (the browser, the detail): e
	// edits it. ok is false for a view without one.
	Selected() (id int, ok bool)
}

// Holder owns one view's value, M. The root keeps a pointer to it: Bubble Tea runs the
// root linearly (each Update's result is the next model), so the copies of the root it
// makes share the holders without ever diverging (docs/tui.md, "Ownership").
type Holder[M View[M, K], K help.KeyMap] struct{ M M }

// Hold adapts a view to Pane.
func Hold[M View[M, K], K help.KeyMap](m M) *Holder[M, K] { return &Holder[M, K]{M: m} }

func (h *Holder[M, K]) Update(msg tea.Msg) (cmd tea.Cmd) {
	h.M, cmd = h.M.Update(msg)
	return cmd
}

func (h *Holder[M, K]) View() string    { return h.M.View() }
func (h *Holder[M, K]) Capturing() bool { return h.M.Capturing() }

// Actions asks the view's table, or makes do with its key map.
func (h *Holder[M, K]) Actions() []action.Bound {
	if a, ok := any(h.M).(interface{ Actions() []action.Bound }); ok {
		return a.Actions()
	}
	return action.FromKeyMap(h.M.KeyMap(), h.M.Capturing())
}

// Run asks a view with a table to do an action.
func (h *Holder[M, K]) Run(id action.ID) (cmd tea.Cmd) {
	if r, ok := any(h.M).(interface {
		Run(action.ID) (M, tea.Cmd)
	}); ok {
		h.M, cmd = r.Run(id)
	}
	return cmd
}

// SetKeymap reaches the view's pointer method, if it has one.
func (h *Holder[M, K]) SetKeymap(km action.Keymap) {
	if s, ok := any(&h.M).(interface{ SetKeymap(action.Keymap) }); ok {
		s.SetKeymap(km)
	}
}

// SetSize reaches the view's pointer method through the holder's own copy.
func (h *Holder[M, K]) SetSize(w, ht int) {
	if s, ok := any(&h.M).(interface{ SetSize(int, int) }); ok {
		s.SetSize(w, ht)
	}
}

// Selected asks a view that has a SelectedID method.
func (h *Holder[M, K]) Selected() (int, bool) {
	if s, ok := any(h.M).(interface{ SelectedID() (int, bool) }); ok {
		return s.SelectedID()
	}
	return 0, false
}

// Registry holds the views by id (the root's small integers).
type Registry[ID ~int] struct {
	panes []Pane
	// gens counts the views each id has had: an answer addressed to a view that has
	// since been replaced (a new login screen, new views after a login) is dropped.
	gens []int
}

// Set puts p at id, replacing (and outdating the answers of) the view there.
func (r *Registry[ID]) Set(id ID, p Pane) {
	for int(id) >= len(r.panes) {
		r.panes, r.gens = append(r.panes, nil), append(r.gens, 0)
	}
	r.panes[id] = p
	r.gens[id]++
}

// Drop removes the view at id, outdating its answers; Get is nil there until the
// next Set.
func (r *Registry[ID]) Drop(id ID) {
	if id >= 0 && int(id) < len(r.panes) {
		r.panes[id] = nil
		r.gens[id]++
	}
}

// Gen is the generation of the view with id.
func (r *Registry[ID]) Gen(id ID) int {
	if id < 0 || int(id) >= len(r.gens) {
		return 0
	}
	return r.gens[id]
}

// Get is the view with id, or nil.
func (r *Registry[ID]) Get(id ID) Pane {
	if id < 0 || int(id) >= len(r.panes) {
		return nil
	}
	return r.panes[id]
}

// Each calls fn for every view present, in id order.
func (r *Registry[ID]) Each(fn func(ID, Pane)) {
	for id, p := range r.panes {
		if p != nil {
			fn(ID(id), p)
		}
	}
}
