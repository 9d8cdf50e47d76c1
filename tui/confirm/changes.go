package confirm

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// Ask is the question for the status change r (its title cleaned, since it comes from
// a view's row), or, when the rule refuses r, no question and what the notice says
// instead (warn: as a warning). Whether to ask at all (a client, a key that writes) is
// the root's.
func Ask(r msgs.RequestStatus) (d *Dialog, text string, warn bool) {
	r.Title = termtext.Clean(r.Title)
	if text, warn := Refused(r); text != "" {
		return nil, text, warn
	}
	return Status(r), "", false
}

// Changes numbers each listing's status requests: only the answer to the latest
// change of a listing counts, so that an older answer arriving late cannot undo a
// later change. The copies of the root share it (a map).
type Changes map[int]int

// Send numbers the change r and makes it (Send's Done carries the number).
func (c Changes) Send(svc Setter, r msgs.RequestStatus) tea.Cmd {
	c[r.ID]++
	return Send(svc, r, c[r.ID])
}

// Latest reports whether d answers the latest change asked of its listing.
func (c Changes) Latest(d Done) bool { return d.Seq == c[d.Req.ID] }
