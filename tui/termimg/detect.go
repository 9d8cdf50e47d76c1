package termimg

import (
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
