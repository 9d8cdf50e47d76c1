package tui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// viewModel is the shape every view of the app has (docs/tui.md, "A view"): a value
// whose Update returns the next value, with its own key map for the help bar.
type viewModel[M any, K help.KeyMap] interface {
	Update(tea.Msg) (M, tea.Cmd)
	View() string
	Capturing() bool
	KeyMap() K
}

// pane is a view as the root sees it: one small interface, so that routing, key
// capture, help, sizing and rendering each ask the registry instead of listing the
// views.
type pane interface {
	update(tea.Msg) tea.Cmd
	view() string
	setSize(w, h int)
	capturing() bool
	keyMap() help.KeyMap
}

// holder owns one view's value. The root keeps a pointer to it: Bubble Tea runs the
// root linearly (each Update's result is the next model), so the copies of the root it
// makes share the holders without ever diverging (docs/tui.md, "Ownership").
type holder[M viewModel[M, K], K help.KeyMap] struct{ m M }

func hold[M viewModel[M, K], K help.KeyMap](m M) *holder[M, K] { return &holder[M, K]{m: m} }

func (h *holder[M, K]) update(msg tea.Msg) (cmd tea.Cmd) {
	h.m, cmd = h.m.Update(msg)
	return cmd
}

func (h *holder[M, K]) view() string        { return h.m.View() }
func (h *holder[M, K]) capturing() bool     { return h.m.Capturing() }
func (h *holder[M, K]) keyMap() help.KeyMap { return h.m.KeyMap() }

// setSize reaches the view's pointer method through the holder's own copy.
func (h *holder[M, K]) setSize(w, ht int) {
	if s, ok := any(&h.m).(interface{ SetSize(int, int) }); ok {
		s.SetSize(w, ht)
	}
}

// selector is a view with a listing under the cursor (the browser, the detail): e
// edits it.
type selector interface {
	selected() (id int, ok bool)
}

func (h *holder[M, K]) selected() (int, bool) {
	if s, ok := any(h.m).(interface{ SelectedID() (int, bool) }); ok {
		return s.SelectedID()
	}
	return 0, false
}

// viewID names a view of the registry.
type viewID int

const (
	viewBrowser viewID = iota
	viewDetail
	viewWatch
	viewLogin
	viewEditor
	viewDrafts
	numViews
)

// registry holds the views by id. A view is added by giving it an id above and a line
// where the root builds the views (setClient or toLogin); routing, keys, help, sizing
// and rendering find it here. Tests add views of their own past numViews.
type registry struct {
	panes []pane
	// gens counts the views each id has had: an answer addressed to a view that has
	// since been replaced (a new login screen, new views after a login) is dropped.
	gens []int
}

func (r *registry) set(id viewID, p pane) {
	for int(id) >= len(r.panes) {
		r.panes, r.gens = append(r.panes, nil), append(r.gens, 0)
	}
	r.panes[id] = p
	r.gens[id]++
}

// gen is the generation of the view with id.
func (r *registry) gen(id viewID) int {
	if id < 0 || int(id) >= len(r.gens) {
		return 0
	}
	return r.gens[id]
}

// get is the view with id, or nil.
func (r *registry) get(id viewID) pane {
	if id < 0 || int(id) >= len(r.panes) {
		return nil
	}
	return r.panes[id]
}

// each calls fn for every view present, in id order.
func (r *registry) each(fn func(viewID, pane)) {
	for id, p := range r.panes {
		if p != nil {
			fn(viewID(id), p)
		}
	}
}
