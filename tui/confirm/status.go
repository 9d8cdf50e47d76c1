package confirm

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
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
		return i18n.T("confirm.already", "ID", r.ID, "Why", why), false
	default:
		return theme.WarningMark + " " + i18n.T("confirm.cannot."+verb(r.To), "ID", r.ID, "Why", why), true
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

// Status asks to confirm the change r (its title cleaned already), saying what
// follows.
func Status(r msgs.RequestStatus) *Dialog {
	title := r.Title
	if title == "" {
		title = i18n.T("confirm.untitled")
	}
	v := verb(r.To)
	return &Dialog{Req: r, lines: []string{
		theme.Heading.Render(i18n.T("confirm.ask."+v, "ID", r.ID, "Title", title)),
		i18n.T("confirm.consequence." + v),
		"",
		theme.Key.Render("y/enter") + theme.Muted.Render(": "+i18n.T("yes")+" · ") + theme.Key.Render("n/esc") + theme.Muted.Render(": "+i18n.T("no")),
	}}
}

// Sending is the notice while the change r is sent: "deactivating 12…".
func Sending(r msgs.RequestStatus) string {
	return i18n.T("confirm.sending."+verb(r.To), "ID", r.ID)
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
func (d Done) Op() string { return i18n.T("confirm.op."+verb(d.Req.To), "ID", d.Req.ID) }

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
	return theme.OKMark + " " + i18n.T("confirm.done."+verb(d.Status()), "ID", d.Req.ID)
}
