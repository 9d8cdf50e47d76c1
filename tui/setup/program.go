package setup

import (
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Program is how the program takes the terminal. The mouse is reported (cell motion:
// clicks, the wheel, drags; not every move) unless the user keeps it for the
// terminal's own selection of text, which reporting would take over.
//
// The renderer writes at most 120 frames a second, Bubble Tea's highest, not its
// default 60: a frame waits for the renderer's next tick, so a key's answer (and the
// first page's rows at start) reaches the screen half as late on average, 4 ms
// rather than 8. A tick with nothing new writes nothing; idle, the app's CPU stayed
// under a hundredth of a second in 20 s either way (docs/performance.md, "Start").
func (s Settings) Program() []tea.ProgramOption {
	popts := []tea.ProgramOption{
		tea.WithAltScreen(),
		tea.WithFPS(frameRate),
		tea.WithReportFocus(), // a decision nudges only when the user is not looking
	}
	if !s.NoMouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	if s.Input != nil {
		popts = append(popts, tea.WithInput(s.Input))
	}
	switch {
	case s.Painter != nil:
		popts = append(popts, tea.WithOutput(s.Painter.Output()))
	case s.Output != nil:
		popts = append(popts, tea.WithOutput(s.Output))
	}
	return popts
}

// frameRate is the renderer's highest rate of frames a second (Program).
const frameRate = 120

// Terminal is where the app writes outside the frames (the bell, a notification): the
// painter, through its lock, never inside a frame or a picture; else the output
// given, or stdout.
func (s Settings) Terminal() io.Writer {
	switch {
	case s.Painter != nil:
		return s.Painter
	case s.Output != nil:
		return s.Output
	}
	return os.Stdout
}
