package registry

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/internal/batch"
)

// Answers go to the view that asked. Every command a view returns is wrapped so that
// its message comes back addressed to that view (and to the generation of views it
// was made by: after a login the views are new, and an answer to the old ones must not
// reach them). The root hands an addressed message to its owner alone; where any
// other message goes is the root's (tui/route.go).

// Addressed is a view's answer on its way back to it.
type Addressed[ID ~int] struct {
	To  ID
	Gen int
	Msg tea.Msg
}

var bubbleteaPk = reflect.TypeFor[tea.QuitMsg]().PkgPath()

// Address wraps cmd so that what it yields comes back addressed to the view at id, as
// it is now (its generation).
func (r *Registry[ID]) Address(id ID, cmd tea.Cmd) tea.Cmd { return address(id, r.Gen(id), cmd) }

// Current reports whether a is addressed to the view at its id now, not to one
// replaced since (a login, a new login screen).
func (r *Registry[ID]) Current(a Addressed[ID]) bool { return a.Gen == r.Gen(a.To) }

func address[ID ~int](to ID, gen int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return wrap(to, gen, cmd()) }
}

// wrap addresses msg. Batches and sequences stay what they are, for Bubble Tea to run,
// with each of their commands addressed; Bubble Tea's own messages (quit, exec, window
// title, …) pass untouched, since the runtime must see them.
func wrap[ID ~int](to ID, gen int, msg tea.Msg) tea.Msg {
	if msg == nil {
		return nil
	}
	if out, ok := batch.Map(msg, func(c tea.Cmd) tea.Cmd { return address(to, gen, c) }); ok {
		return out
	}
	if reflect.TypeOf(msg).PkgPath() == bubbleteaPk {
		return msg
	}
	return Addressed[ID]{To: to, Gen: gen, Msg: msg}
}
