// Command listings is the terminal client of the Listings Integration API v1: a TUI for
// everyday work, scripting commands in the conventions of gh, and an embedded sandbox
// of the whole API. The commands live in internal/ by noun (internal/root builds the
// tree; docs/cli.md, "Code layout"); the work itself in api/, keystore/ and tui/.
package main

import (
	"os"

	"github.com/listings-tui/listings/cmd/listings/internal/root"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3") by make build and
// goreleaser; a plain `go install` leaves it empty and the module's build info answers.
var version = ""

func main() {
	os.Exit(root.Run(os.Args[1:], version))
}
