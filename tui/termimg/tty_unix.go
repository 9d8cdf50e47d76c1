//go:build unix

package termimg

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// canAsk reports whether the terminal can be asked: in and out are one.
func canAsk(in, out *os.File) bool { return term.IsTerminal(in.Fd()) && term.IsTerminal(out.Fd()) }
