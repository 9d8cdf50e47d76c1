package citypick

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the picker's bindings; it implements help.KeyMap for the root's footer.
// The input always has focus while the picker does, so the list moves with the
// arrows and ctrl+p/ctrl+n, never j/k. Tab, shift+tab and ctrl+s stay the editor's.
type KeyMap struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	Choose           key.Binding
	Retry            key.Binding // enter after a failed search
	Clear            key.Binding // esc with text in the input
	Back             key.Binding // esc with the input empty

	HasText bool // the input holds text: esc clears it
	Failed  bool // the last search failed: enter retries
}

// DefaultKeyMap returns the picker's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Choose:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Retry:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "retry")),
		Clear:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

func (k KeyMap) enter() key.Binding {
	if k.Failed {
		return k.Retry
	}
	return k.Choose
}

func (k KeyMap) esc() key.Binding {
	if k.HasText {
		return k.Clear
	}
	return k.Back
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.enter(), k.Up, k.Down, k.esc()}
}

// FullHelp is the help overlay, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown}, {k.enter(), k.esc()}}
}
