package nudge

import (
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// Bell nudges through the terminal, written to directly for the bell and
// notifications: Bubble Tea v1 has no bell command and drops Println in the alt
// screen; the renderer writes each frame with one Write call, so a short write in
// between cannot land inside an escape sequence.
type Bell struct {
	Out     io.Writer // the terminal
	Term    Terminal  // how it shows a desktop notification
	Quiet   bool      // the user turned nudges off (Options.Quiet)
	Focused bool      // the terminal window has focus (as far as it reports)
}

// Ring rings the bell and, where the terminal can, shows text as a notification;
// nothing when the user turned it off or is watching the panel (onWatch) in this
// window.
func (b Bell) Ring(text string, onWatch bool) tea.Cmd {
	if b.Quiet || (onWatch && b.Focused) {
		return nil
	}
	out := "\a" + b.Term.Seq(text)
	w := b.Out
	return func() tea.Msg {
		_, _ = w.Write([]byte(out))
		return nil
	}
}
