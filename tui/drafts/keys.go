package drafts

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the drafts list's keys; it implements help.KeyMap.
type KeyMap struct {
	Up, Down, Home, End key.Binding
	Open, Delete        key.Binding
	Import              key.Binding // a sheet of listings (tui/importer)
	Reload, Back        key.Binding
	Yes                 key.Binding
}

func defaultKeyMap() KeyMap {
	return KeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Home:   key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:    key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "resume")),
		Delete: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Reload: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Import: key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "import a sheet")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Yes:    key.NewBinding(key.WithKeys("y", "enter"), key.WithHelp("y", "confirm")),
	}
}

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() KeyMap { return m.keys }

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Open, k.Delete, k.Import, k.Back} }

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Home, k.End}, {k.Open, k.Delete, k.Import, k.Reload, k.Back}}
}
