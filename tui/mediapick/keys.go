package mediapick

import "github.com/charmbracelet/bubbles/key"

// KeyMap is the media step's keys; it implements help.KeyMap for the footer and the
// full help. tab, shift+tab and ctrl+s are left to the editor.
type KeyMap struct {
	Up, Down, Home, End key.Binding
	MoveUp, MoveDown    key.Binding
	Pick, Path          key.Binding
	Video, Frames       key.Binding
	Remove, Retry       key.Binding
	Choose              key.Binding

	// While the file picker is open.
	PickToggle, PickParent, PickDone key.Binding
	// While the path input is open.
	Submit, Cancel key.Binding

	mode mode
}

func defaultKeyMap() KeyMap {
	return KeyMap{
		Up:         key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:       key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Home:       key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:        key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		MoveUp:     key.NewBinding(key.WithKeys("K", "alt+up"), key.WithHelp("K/alt+↑", "move photo up")),
		MoveDown:   key.NewBinding(key.WithKeys("J", "alt+down"), key.WithHelp("J/alt+↓", "move photo down")),
		Pick:       key.NewBinding(key.WithKeys("a", "+"), key.WithHelp("a", "pick photos")),
		Path:       key.NewBinding(key.WithKeys("p", "i"), key.WithHelp("p", "path or glob")),
		Video:      key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "video")),
		Frames:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "3D frames folder")),
		Remove:     key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")),
		Retry:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry failed")),
		Choose:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add here")),
		PickToggle: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add/remove · open folder")),
		PickParent: key.NewBinding(key.WithKeys("h", "left", "backspace"), key.WithHelp("←/h", "parent folder")),
		PickDone:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
		Submit:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add")),
		Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	switch k.mode {
	case picking:
		return []key.Binding{k.PickToggle, k.PickParent, k.PickDone}
	case typing:
		return []key.Binding{k.Submit, k.Cancel}
	}
	return []key.Binding{k.Pick, k.Path, k.Video, k.Frames, k.MoveUp, k.MoveDown, k.Remove, k.Retry}
}

// FullHelp is the help overlay, one column per group.
func (k KeyMap) FullHelp() [][]key.Binding {
	switch k.mode {
	case picking:
		return [][]key.Binding{{k.Up, k.Down, k.PickToggle, k.PickParent, k.PickDone}}
	case typing:
		return [][]key.Binding{{k.Submit, k.Cancel}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.Home, k.End},
		{k.Pick, k.Path, k.Video, k.Frames, k.Choose},
		{k.MoveUp, k.MoveDown, k.Remove, k.Retry},
	}
}
