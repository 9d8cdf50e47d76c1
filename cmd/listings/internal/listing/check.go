package listing

import (
	"strings"

	"github.com/listings-tui/listings/api/client/rules"
)

// What the spec makes required in a create body, and the limits it states, are
// checked before anything is sent, by the rules the app's form and the importer use
// (api/client/rules). Everything else (attributes, a category that is not a leaf, a city
// that does not exist) is the service's to judge.

// refuseBody is the usage error of a body that breaks the spec's rules: every
// problem on its own line, and nothing sent.
func refuseBody(file string, problems []rules.Problem) error {
	if len(problems) == 0 {
		return nil
	}
	lines := make([]string, len(problems))
	for i, p := range problems {
		lines[i] = p.String()
	}
	return bodyError(file, "cli.body.refused", "Problems", strings.Join(lines, "\n  "))
}
