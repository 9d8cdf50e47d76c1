package termimg

import (
	"os"
	"time"
)

// Detect decides how photos are drawn: by the mode when it names a protocol (or is
// off), else by asking the terminal on in and out (Query) within timeout. It asks only
// when both are terminals, so a pipe, a test or CI never waits; and it must run before
// Bubble Tea reads in, which would otherwise take the answers for keys.
func Detect(mode Mode, getenv func(string) string, in, out *os.File, timeout time.Duration) Caps {
	if p, ok := mode.forced(); ok {
		return Caps{Protocol: p}
	}
	if in == nil || out == nil {
		return Caps{}
	}
	a, ok := askTerminal(in, out, timeout)
	if !ok {
		return Caps{}
	}
	return Choose(a, getenv)
}
