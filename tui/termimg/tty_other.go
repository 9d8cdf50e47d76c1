//go:build !unix

package termimg

import (
	"os"
	"time"
)

// askTerminal does not ask on systems without poll(2) (Windows): half-blocks there,
// unless the setting names a protocol.
func askTerminal(_, _ *os.File, _ time.Duration) (Answers, bool) { return Answers{}, false }
