package jobs

import "github.com/charmbracelet/bubbles/key"

// KeyMap holds the panel's bindings; it implements help.KeyMap for the root's footer.
type KeyMap struct {
	Pause, Cancel, Back key.Binding
	Resume, Discard     key.Binding // an interrupted job offered at start
	Yes, No             key.Binding // giving the job up

	st     state
	offers bool
	asking bool
}

// DefaultKeyMap returns the panel's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Pause:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause/resume")),
		Cancel:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "cancel the job")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back (the job goes on)")),
		Resume:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "resume it")),
		Discard: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "discard it")),
		Yes:     key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "give it up")),
		No:      key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "keep it")),
	}
}

// ShortHelp is the footer line: what applies now.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.asking {
		return []key.Binding{k.Yes, k.No}
	}
	var out []key.Binding
	if k.offers {
		out = append(out, k.Resume, k.Discard)
	}
	switch k.st {
	case stRunning, stPaused, stWaiting, stStopped:
		out = append(out, k.Pause, k.Cancel)
	}
	return append(out, k.Back)
}

// FullHelp is the help overlay.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Pause, k.Cancel, k.Back}, {k.Resume, k.Discard}}
}

// KeyMap returns the bindings for the help bar.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.st, k.offers, k.asking = m.job.st, len(m.offers) > 0, m.asking
	return k
}
