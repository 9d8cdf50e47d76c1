//go:build !unix

package termimg

import "os"

// canAsk is false on systems whose console input Bubble Tea reads as events, not
// bytes (Windows): half-blocks there, unless the setting names a protocol.
func canAsk(_, _ *os.File) bool { return false }
