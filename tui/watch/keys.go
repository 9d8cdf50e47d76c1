package watch

import "github.com/charmbracelet/bubbles/key"

// KeyMap is the watch panel's keys; it feeds the help bar (help.KeyMap).
type KeyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Open, Add, Remove, RemoveDecided      key.Binding
	Check, Back                           key.Binding
	// Submit and Cancel act while the "add id" input has focus.
	Submit, Cancel key.Binding

	capturing bool
}

// DefaultKeyMap returns the panel's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:            key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:          key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:        key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:      key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:          key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:           key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Open:          key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Add:           key.NewBinding(key.WithKeys("+", "a"), key.WithHelp("+/a", "add id")),
		Remove:        key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")),
		RemoveDecided: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "remove decided")),
		Check:         key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "check now")),
		Back:          key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Submit:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "watch id")),
		Cancel:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the footer's line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.capturing {
		return []key.Binding{k.Submit, k.Cancel}
	}
	return []key.Binding{k.Open, k.Add, k.Remove, k.Check, k.Back}
}

// FullHelp is the help overlay's columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.capturing {
		return [][]key.Binding{{k.Submit, k.Cancel}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Open, k.Add, k.Remove, k.RemoveDecided, k.Check, k.Back},
	}
}
