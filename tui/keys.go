package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/listings-tui/listings/tui/theme"
)

// rootKeys are the keys the root owns in every view (docs/tui.md, "Keys").
type rootKeys struct {
	Quit, ForceQuit, Help, Lang, Watch, Esc key.Binding
	New, Edit, Drafts                       key.Binding
	Yes, No                                 key.Binding
	// The help overlay scrolls when it is taller than the screen.
	HelpUp, HelpDown, HelpPageUp, HelpPageDown key.Binding
}

func defaultRootKeys() rootKeys {
	return rootKeys{
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Lang:      key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "language")),
		Watch:     key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "watch panel")),
		Esc:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back/close")),
		New:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new listing")),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Drafts:    key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "drafts")),
		Yes:       key.NewBinding(key.WithKeys("y", "Y", "enter"), key.WithHelp("y/enter", "yes")),
		No:        key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),

		HelpUp:       key.NewBinding(key.WithKeys("up", "k")),
		HelpDown:     key.NewBinding(key.WithKeys("down", "j")),
		HelpPageUp:   key.NewBinding(key.WithKeys("pgup", "home", "g")),
		HelpPageDown: key.NewBinding(key.WithKeys("pgdown", "end", "G")),
	}
}

// short is what the root adds to a view's short help.
func (k rootKeys) short(loggedIn bool) []key.Binding {
	if !loggedIn {
		return []key.Binding{k.ForceQuit}
	}
	return []key.Binding{k.Help, k.Quit}
}

// full is the root's column of the help overlay.
func (k rootKeys) full(loggedIn, readOnly bool) []key.Binding {
	if !loggedIn {
		return []key.Binding{k.Esc, k.Help, k.ForceQuit}
	}
	if readOnly { // a key without listings:write: nothing that writes is offered
		return []key.Binding{k.Drafts, k.Esc, k.Watch, k.Lang, k.Help, k.Quit, k.ForceQuit}
	}
	return []key.Binding{k.New, k.Edit, k.Drafts, k.Esc, k.Watch, k.Lang, k.Help, k.Quit, k.ForceQuit}
}

func newHelp() help.Model {
	h := help.New()
	h.Styles.ShortKey = theme.Key
	h.Styles.ShortDesc = theme.Muted
	h.Styles.ShortSeparator = theme.Faint
	h.Styles.Ellipsis = theme.Faint
	h.Styles.FullKey = theme.Key
	h.Styles.FullDesc = theme.Muted
	h.Styles.FullSeparator = theme.Faint
	return h
}
