package termimg

import (
	"io"
	"os"
	"time"
)

// Detect decides how photos are drawn: by the mode when it names a protocol (or is
// off); else, when in and out are both a terminal, by asking it, which the returned
// Detector does once the program has the terminal (lazy.go); else half-blocks, so a
// pipe, a test or CI is never asked anything.
func Detect(mode Mode, getenv func(string) string, in, out *os.File, timeout time.Duration) (Caps, *Detector) {
	if p, ok := mode.forced(); ok {
		return Caps{Protocol: p}, nil
	}
	if in == nil || out == nil || !canAsk(in, out) {
		return Caps{}, nil
	}
	return Caps{}, NewDetector(getenv, timeout)
}

// ForProgram returns the painter that is the program's output, nil where only
// half-blocks can be drawn, so that nothing stands between the renderer and the
// terminal there. In a terminal that may draw pictures it asks the terminal once the
// program has it, and returns the input the program reads instead of stdin: stdin
// without the answers (Detector). It asks only the real terminal: with input or output
// given (tests), only a protocol the mode names.
func ForProgram(mode Mode, getenv func(string) string, input io.Reader, output io.Writer) (*Painter, io.Reader) {
	in, out := os.Stdin, os.Stdout
	var w io.Writer = os.Stdout
	if input != nil || output != nil {
		in, out = nil, nil
		w = output
	}
	caps, detect := Detect(mode, getenv, in, out, DefaultTimeout)
	switch {
	case detect != nil:
		return NewDetectingPainter(w, detect), detect.Input(in)
	case caps.Protocol == Blocks || w == nil:
		return nil, input
	}
	return NewPainter(w, caps), input
}
