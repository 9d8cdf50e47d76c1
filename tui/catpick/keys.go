package catpick

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the picker's bindings; it implements help.KeyMap for the root's footer
// and help overlay. Tab, shift+tab and ctrl+s are left to the editor.
//
// The AI suggestion is ctrl+a, which works in the search input too (the input's own
// ctrl+a, go to line start, is taken off it; home still does that); A is an alias
// while no input has focus.
type KeyMap struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	Home, End        key.Binding
	Enter            key.Binding // open a group, choose a category
	Open             key.Binding // open a group
	Parent           key.Binding // up one level
	Back             key.Binding // esc: close the search, cancel, up a level, leave
	Search           key.Binding
	Suggest          key.Binding
	Retry            key.Binding

	// Searching is set while the search input has focus: the help then shows only
	// what works there (arrows, not j/k).
	Searching bool
}

// DefaultKeyMap returns the picker's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Enter:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open/choose")),
		Open:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "open group")),
		Parent:   key.NewBinding(key.WithKeys("left", "h", "backspace"), key.WithHelp("←/h", "up a level")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Search:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search all")),
		Suggest:  key.NewBinding(key.WithKeys("ctrl+a", "A"), key.WithHelp("ctrl+a", "AI suggest")),
		Retry:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
	}
}

// searchKeys are the bindings that work while the search input has focus; letters
// belong to the input.
func (k KeyMap) searchKeys() KeyMap {
	k.Up = key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up"))
	k.Down = key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down"))
	k.Enter = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose"))
	k.Back = key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close search"))
	k.Suggest = key.NewBinding(key.WithKeys("ctrl+a"), key.WithHelp("ctrl+a", "AI suggest"))
	return k
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.Searching {
		s := k.searchKeys()
		return []key.Binding{s.Enter, s.Back, s.Up, s.Down, s.Suggest}
	}
	return []key.Binding{k.Enter, k.Parent, k.Search, k.Suggest, k.Back}
}

// FullHelp is the help overlay, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.Searching {
		s := k.searchKeys()
		return [][]key.Binding{{s.Enter, s.Back, s.Up, s.Down, s.PageUp, s.PageDown, s.Suggest}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Enter, k.Open, k.Parent, k.Back},
		{k.Search, k.Suggest, k.Retry},
	}
}
