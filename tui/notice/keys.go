package notice

import (
	"errors"
	"strings"
	"time"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
)

// KeyProblems is the banner of what is wrong with the user's keys (action.Check), said
// at start: the app runs on, with the default keys of the actions concerned; nil when
// nothing is. file is the config file they were read from.
func KeyProblems(file string, problems []action.Problem) *Banner {
	if len(problems) == 0 {
		return nil
	}
	where := i18n.T("root.keys.config")
	if file != "" {
		where = file
	}
	var said []string
	for _, p := range problems {
		said = append(said, p.Text)
	}
	text := strings.Join(said, "; ")
	return NewBanner(i18n.T("root.keys.op", "Where", where), errors.New(text),
		Why{Hint: text, Todo: i18n.T("root.keys.todo")},
		time.Time{}, time.Time{})
}
