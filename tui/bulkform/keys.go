package bulkform

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/listings-tui/listings/tui/action"
)

// KeyMap holds the view's bindings; it implements help.KeyMap for the root's footer,
// with the keys of the stage on screen.
type KeyMap struct {
	Confirm, Cancel            key.Binding // the plan
	Up, Down, PageUp, PageDown key.Binding
	// The forms: letters are typed there, so they move and leave by other keys.
	Next, Prev               key.Binding
	Back, FieldUp, FieldDown key.Binding
	Left, Right, Clear       key.Binding
	Submit, Review           key.Binding
	Help                     key.Binding // where no text input has focus
	Discard, Keep            key.Binding // the question before throwing a form away

	discarding bool
	stage      stage
	picking    bool
	empty      bool // the plan changes nothing
	city       action.Help
}

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Confirm:   key.NewBinding(key.WithKeys("y", "Y", "enter"), key.WithHelp("y/enter", "start the job")),
		Cancel:    key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "cancel")),
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑", "up")),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓", "down")),
		PageUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		FieldUp:   key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		FieldDown: key.NewBinding(key.WithKeys("down"), key.WithHelp("↓/tab", "next field")),
		Next:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next")),
		Prev:      key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous")),
		Left:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "choose")),
		Right:     key.NewBinding(key.WithKeys("right", " ")),
		Clear:     key.NewBinding(key.WithKeys("delete", "backspace"), key.WithHelp("del", "clear the city")),
		Submit:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "plan")),
		Review:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "plan")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Discard:   key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "discard what you set")),
		Keep:      key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "keep editing")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	switch {
	case k.discarding:
		return []key.Binding{k.Discard, k.Keep}
	case k.picking:
		return k.city.ShortHelp()
	case k.stage == stPrice:
		return []key.Binding{k.Submit, k.Next, k.Back}
	case k.stage == stFields:
		return []key.Binding{k.FieldDown, k.Left, k.Submit, k.Back, k.Help}
	case k.empty:
		return []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("enter/esc", "close"))}
	}
	return []key.Binding{k.Confirm, k.Cancel, k.Down}
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.picking {
		return k.city.FullHelp()
	}
	if k.stage == stPlan {
		return [][]key.Binding{{k.Confirm, k.Cancel, k.Up, k.Down, k.PageUp, k.PageDown}}
	}
	return [][]key.Binding{{k.Next, k.Prev, k.FieldDown, k.Left, k.Clear}, {k.Submit, k.Review, k.Back}}
}
