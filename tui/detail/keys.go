package detail

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the detail view's keys; it implements help.KeyMap for the footer and
// the full help. e, n, q, ?, L and W are left to the root.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding

	Back, Reload                key.Binding
	Activate, Deactivate, Watch key.Binding
	Open, Copy                  key.Binding

	// can says which of activate, deactivate and watch apply to the listing shown:
	// the footer offers only those, the full help every key there is.
	can [3]bool
}

func defaultKeyMap() KeyMap {
	return KeyMap{
		Up:         key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:       key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:     key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:       key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "top")),
		End:        key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "bottom")),
		Back:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Reload:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Activate:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "activate")),
		Deactivate: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "deactivate")),
		Watch:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "watch")),
		Open:       key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open page")),
		Copy:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy URL")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	out := []key.Binding{k.Back, k.Reload}
	for i, b := range []key.Binding{k.Activate, k.Deactivate, k.Watch} {
		if k.can[i] {
			out = append(out, b)
		}
	}
	return append(out, k.Open, k.Copy)
}

// FullHelp is the help overlay, one column per group.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Back, k.Reload},
		{k.Activate, k.Deactivate, k.Watch},
		{k.Open, k.Copy},
	}
}
