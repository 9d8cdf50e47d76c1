package confirm

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// statusTimeout bounds one status change.
const statusTimeout = 30 * time.Second

// Refused says, before any request is spent, why the spec forbids the change r asks
// for, as a notice; "" when it is allowed. warn is false when the listing already
// has the status asked for: nothing is wrong then.
func Refused(r msgs.RequestStatus) (text string, warn bool) {
	why := refusal(r.From, r.To)
	switch {
	case why == "":
		return "", false
	case r.From == r.To:
		return fmt.Sprintf("%d is %s", r.ID, why), false
	default:
		return fmt.Sprintf("%s cannot %s %d: %s", theme.WarningMark, verb(r.To), r.ID, why), true
	}
}

// refusal says why the spec forbids moving from to to (api.CheckMove, shared with the
// CLI and bulk plans); "" means the move is allowed.
func refusal(from, to api.Status) string {
	_, why := api.CheckMove(from, to)
	return termtext.Clean(why)
}

func verb(to api.Status) string {
	if to == api.StatusActive {
		return "activate"
	}
	return "deactivate"
}

func pastVerb(to api.Status) string { return verb(to) + "d" }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// Status asks to confirm the change r (its title cleaned already), saying what
// follows.
func Status(r msgs.RequestStatus) *Dialog {
	consequence := "It will be hidden from the catalog."
	if r.To == api.StatusActive {
		consequence = "It will be shown in the catalog again."
	}
	title := r.Title
	if title == "" {
		title = "untitled"
	}
	return &Dialog{Req: r, lines: []string{
		theme.Heading.Render(fmt.Sprintf("%s %d “%s”?", capitalize(verb(r.To)), r.ID, title)),
		consequence,
		"",
		theme.Key.Render("y/enter") + theme.Muted.Render(": yes · ") + theme.Key.Render("n/esc") + theme.Muted.Render(": no"),
	}}
}

// Sending is the notice while the change r is sent: "deactivating 12…".
func Sending(r msgs.RequestStatus) string {
	return fmt.Sprintf("%sing %d…", verb(r.To)[:len(verb(r.To))-1], r.ID)
}

// Setter is what a status change needs; *api.Client satisfies it.
type Setter interface {
	SetStatus(ctx context.Context, id int, status api.Status) (*api.StatusResult, error)
}

// Done is the answer of a status change; Seq is the number the root gave its
// request, so that an answer to an older request of the same listing is dropped.
type Done struct {
	Req msgs.RequestStatus
	Seq int
	Res *api.StatusResult
	Err error
}

// Send makes the change r.
func Send(svc Setter, r msgs.RequestStatus, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), statusTimeout)
		defer cancel()
		res, err := svc.SetStatus(ctx, r.ID, r.To)
		return Done{Req: r, Seq: seq, Res: res, Err: err}
	}
}

// Op names the change for the banner when it failed: "deactivate 12".
func (d Done) Op() string { return fmt.Sprintf("%s %d", verb(d.Req.To), d.Req.ID) }

// Status is the listing's status after the change: the service's word, else what was
// asked for.
func (d Done) Status() api.Status {
	if d.Res != nil && d.Res.Status.Known() {
		return d.Res.Status
	}
	return d.Req.To
}

// Notice is what a change that went through says: "✓ 12 deactivated".
func (d Done) Notice() string {
	return fmt.Sprintf("%s %d %s", theme.OKMark, d.Req.ID, pastVerb(d.Status()))
}
