package tui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// statusTimeout bounds one status change.
const statusTimeout = 30 * time.Second

// dialog is the open status-change confirmation.
type dialog struct {
	req   msgs.RequestStatus
	quit  bool     // the quit question instead of a status change
	lines []string // rendered once when opened
}

// statusDoneMsg is the answer of a status change.
type statusDoneMsg struct {
	req msgs.RequestStatus
	seq int
	res *api.StatusResult
	err error
}

// setter is what a status change needs; *api.Client satisfies it.
type setter interface {
	SetStatus(ctx context.Context, id int, status api.Status) (*api.StatusResult, error)
}

func setStatus(svc setter, req msgs.RequestStatus, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), statusTimeout)
		defer cancel()
		res, err := svc.SetStatus(ctx, req.ID, req.To)
		return statusDoneMsg{req: req, seq: seq, res: res, err: err}
	}
}

// refusal says why the spec forbids moving from to to, before any request is spent;
// "" means the move is allowed.
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

func (m Model) requestStatus(r msgs.RequestStatus) (Model, tea.Cmd) {
	if m.client == nil {
		return m, nil
	}
	r.Title = termtext.Clean(r.Title)
	if m.readOnly {
		m.setNotice(readOnlyNote, true)
		return m, nil
	}
	if why := refusal(r.From, r.To); why != "" {
		if r.From == r.To {
			m.setNotice(fmt.Sprintf("%d is %s", r.ID, why), false)
		} else {
			m.setNotice(fmt.Sprintf("%s cannot %s %d: %s", theme.WarningMark, verb(r.To), r.ID, why), true)
		}
		return m, nil
	}
	consequence := "It will be hidden from the catalog."
	if r.To == api.StatusActive {
		consequence = "It will be shown in the catalog again."
	}
	title := r.Title
	if title == "" {
		title = "untitled"
	}
	m.dialog = &dialog{req: r, lines: []string{
		theme.Heading.Render(fmt.Sprintf("%s %d “%s”?", capitalize(verb(r.To)), r.ID, title)),
		consequence,
		"",
		theme.Key.Render("y/enter") + theme.Muted.Render(": yes · ") + theme.Key.Render("n/esc") + theme.Muted.Render(": no"),
	}}
	return m, nil
}

func (m Model) confirm() (Model, tea.Cmd) {
	if m.dialog.quit {
		return m, tea.Quit
	}
	r := m.dialog.req
	m.dialog = nil
	m.statuses[r.ID]++
	seq := m.statuses[r.ID]
	m.setNotice(fmt.Sprintf("%sing %d…", verb(r.To)[:len(verb(r.To))-1], r.ID), false)
	return m, setStatus(m.client, r, seq)
}

func (m Model) statusDone(msg statusDoneMsg) (Model, tea.Cmd) {
	if msg.seq != m.statuses[msg.req.ID] {
		return m, nil // a later change of the same listing was asked for
	}
	if msg.err != nil {
		m.notice = notice.Line{}
		return m.showError(msgs.Error{Op: fmt.Sprintf("%s %d", verb(msg.req.To), msg.req.ID), Err: msg.err})
	}
	status := msg.req.To
	if msg.res != nil && msg.res.Status.Known() {
		status = msg.res.Status
	}
	m.setNotice(fmt.Sprintf("%s %d %s", theme.OKMark, msg.req.ID, pastVerb(status)), false)
	return m.broadcast(msgs.ListingChanged{ID: msg.req.ID, Status: status})
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
