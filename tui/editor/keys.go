package editor

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/huh"

	"github.com/listings-tui/listings/tui/action"
)

// KeyMap holds the editor's own keys and, for the help bar, the keys of the step
// on screen. It implements help.KeyMap.
type KeyMap struct {
	Next, Prev   key.Binding
	Submit, Send key.Binding
	Back, Jump   key.Binding
	Reload       key.Binding
	Scroll       key.Binding

	step     []key.Binding
	stepFull [][]key.Binding
}

func defaultKeyMap() KeyMap {
	return KeyMap{
		Next:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "back a step")),
		Submit: key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "review & send")),
		Send:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave (draft kept)")),
		Jump: key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7"),
			key.WithHelp("alt+1…7", "go to step")),
		Reload: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "reload attributes")),
		Scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓ pgup/pgdn", "scroll")),
	}
}

// ShortHelp is the footer: the step's first keys, then the editor's.
func (k KeyMap) ShortHelp() []key.Binding {
	b := append([]key.Binding(nil), k.step[:min(len(k.step), 3)]...)
	return append(b, k.Next, k.Submit, k.Back)
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	g := append([][]key.Binding(nil), k.stepFull...)
	return append(g, []key.Binding{k.Next, k.Prev, k.Jump, k.Submit, k.Back})
}

// KeyMap returns the keys for the help bar, with the step on screen.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	switch {
	case m.d == nil:
		k.step, k.stepFull = nil, nil
	case m.step == stepCategory:
		k.step, k.stepFull = m.cat.KeyMap().ShortHelp(), m.cat.KeyMap().FullHelp()
	case m.step == stepCity:
		k.step, k.stepFull = m.city.KeyMap().ShortHelp(), m.city.KeyMap().FullHelp()
	case m.step == stepMedia:
		k.step, k.stepFull = m.media.KeyMap().ShortHelp(), m.media.KeyMap().FullHelp()
	case m.step == stepReview && m.review.unchanged:
		// Nothing to send: neither enter nor ctrl+s is offered (the copy's binding
		// only: the key still answers that nothing changed).
		k.Submit.SetEnabled(false)
		k.step = []key.Binding{k.Scroll}
		k.stepFull = [][]key.Binding{k.step}
	case m.step == stepReview:
		k.step = []key.Binding{k.Send, k.Scroll}
		k.stepFull = [][]key.Binding{k.step}
	default:
		k.step = fieldKeys(m.forms[m.step])
		k.stepFull = [][]key.Binding{k.step}
	}
	if m.attrEr != "" {
		k.step = append([]key.Binding{k.Reload}, k.step...)
	}
	return k
}

// fieldKeys are the enabled keys of the focused huh field, without those the
// editor shows itself.
func fieldKeys(sf *stepForm) []key.Binding {
	if sf == nil {
		return nil
	}
	var f huh.Field = sf.form.GetFocusedField()
	if f == nil {
		return nil
	}
	var out []key.Binding
	for _, b := range f.KeyBinds() {
		if !b.Enabled() || b.Help().Key == "" {
			continue
		}
		switch b.Help().Key {
		case "shift+tab", "tab", "enter":
			continue
		}
		out = append(out, b)
	}
	return out
}

// Actions is what the editor does now, for the root. The media step has a table
// (tui/mediapick): while its list has the keys, its actions come first, with the
// ids and shadows it declares (J moves a photo), then the editor's own keys. Every
// other step gives its key map's bindings, its text fields taking the letters.
func (m Model) Actions() []action.Bound {
	k := m.KeyMap()
	if m.d != nil && m.loading == 0 && m.step == stepMedia && !m.media.Capturing() {
		k.step, k.stepFull = nil, nil
		return append(m.media.Actions(), action.FromKeyMap(k, false)...)
	}
	if m.d != nil && m.loading == 0 && m.step == stepCity {
		if city := m.city.Actions(); city != nil {
			k.step, k.stepFull = nil, nil
			return append(city, action.FromKeyMap(k, false)...)
		}
	}
	return action.FromKeyMap(k, m.Capturing())
}

// SetKeymap gives the editor's steps with a table the user's keys.
func (m *Model) SetKeymap(km action.Keymap) {
	m.media.SetKeymap(km)
	m.city.SetKeymap(km)
}
