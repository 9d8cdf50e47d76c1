package importer

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the view's bindings; it implements help.KeyMap for the root's footer.
type KeyMap struct {
	Check, Complete, Suggest, Anywhere, Back key.Binding // the path
	Confirm, Cancel, Report                  key.Binding // the plan
	Up, Down, PageUp, PageDown               key.Binding
	Yes, No                                  key.Binding // the AI's categories

	stage stage
	empty bool // the plan sends nothing
}

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Check:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "check the sheet")),
		Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete the path")),
		Suggest:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "AI category for empty cells")),
		Anywhere: key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "files from outside the sheet's folder")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Confirm:  key.NewBinding(key.WithKeys("y", "Y", "enter"), key.WithHelp("y/enter", "run the good rows")),
		Cancel:   key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "cancel")),
		Report:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "write the report")),
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Yes:      key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "take them")),
		No:       key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "back to the plan")),
	}
}

// KeyMap returns the bindings of the stage on screen.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.stage, k.empty = m.stage, m.plan != nil && m.plan.Requests == 0
	return k
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	switch k.stage {
	case stPath:
		return []key.Binding{k.Check, k.Complete, k.Suggest, k.Anywhere, k.Back}
	case stChecking:
		return []key.Binding{k.Back}
	case stSuggested:
		return []key.Binding{k.Yes, k.No}
	}
	if k.empty {
		return []key.Binding{k.Cancel, k.Report, k.Down}
	}
	return []key.Binding{k.Confirm, k.Cancel, k.Report, k.Down}
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Check, k.Complete, k.Suggest, k.Anywhere, k.Back}, {k.Confirm, k.Cancel, k.Report}, {k.Up, k.Down, k.PageUp, k.PageDown}}
}
