package confirm

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
)

// Keys are the questions' keys. A question is modal: while one is open no other key
// is live but the one that quits at once (the root's), so no table reaches them.
type Keys struct {
	Yes, No key.Binding
}

// DefaultKeys are the questions' keys: y or enter, n or esc.
func DefaultKeys() Keys {
	return Keys{
		Yes: key.NewBinding(key.WithKeys("y", "Y", "enter"), key.WithHelp("y/enter", "yes")),
		No:  key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
	}
}

// Answer is what a key says to the open question.
type Answer int

const (
	None Answer = iota // any other key: the question stays
	Yes
	No
)

// Answer is what k says to the question: yes, no, or nothing. quitKey says k is one
// of the quit action's keys, which answer the quit question yes (q twice quits).
func (d *Dialog) Answer(k tea.KeyMsg, keys Keys, quitKey bool) Answer {
	switch {
	case key.Matches(k, keys.Yes), d.Quit && quitKey:
		return Yes
	case key.Matches(k, keys.No):
		return No
	}
	return None
}

// Footer is the question's keys for the footer; force is the key that quits at once,
// which the quit question names (ctrl+c twice).
func (d *Dialog) Footer(keys Keys, force key.Binding) []key.Binding {
	if d.Quit {
		return []key.Binding{
			key.NewBinding(key.WithKeys("y", "enter", "q"), key.WithHelp("y/enter", i18n.T("confirm.quit.yes"))),
			key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", i18n.T("confirm.quit.no"))), force}
	}
	return []key.Binding{worded(keys.Yes, i18n.T("yes")), worded(keys.No, i18n.T("no"))}
}

// worded is b with its words in the interface's language: the keys are made once,
// their words at every draw, as L may have switched the language since.
func worded(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
