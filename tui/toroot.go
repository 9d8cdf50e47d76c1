package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// router is the root as msgs.Root: what it does with each message a view sends it.
// The compiler holds the two together: a message added to tui/msgs without its
// method here does not build.
type router struct{ m Model }

var _ msgs.Root = (*router)(nil)

// toRoot hands a view's message to the root's method for it.
func (m Model) toRoot(msg msgs.ToRoot) (Model, tea.Cmd) {
	r := &router{m: m}
	cmd := msg.SendTo(r)
	return r.m, cmd
}

// do runs one of the root's steps on the router's model.
func (r *router) do(step func(Model) (Model, tea.Cmd)) tea.Cmd {
	var cmd tea.Cmd
	r.m, cmd = step(r.m)
	return cmd
}

func (r *router) OpenListing(x msgs.OpenListing) tea.Cmd {
	m := &r.m
	if m.client == nil {
		return nil
	}
	built := m.need(viewDetail)
	m.push(viewDetail)
	var cmd tea.Cmd
	m.detail.M, cmd = m.detail.M.Open(x.ID, x.Title)
	return tea.Batch(built, m.addr(viewDetail, cmd))
}

func (r *router) Back(msgs.Back) tea.Cmd {
	r.m.pop()
	return nil
}

func (r *router) Error(x msgs.Error) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.showError(x) })
}

func (r *router) Notice(x msgs.Notice) tea.Cmd {
	m := &r.m
	// A background notice (a moderation decision) waits while the answer to the
	// user's last key is on the line (notice.Board).
	m.under.Say(termtext.Clean(x.Text), false, x.Background, m.now)
	if x.Bell {
		return m.bell.Ring(termtext.Clean(x.Text), m.active == viewWatch)
	}
	return nil
}

func (r *router) RequestStatus(x msgs.RequestStatus) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.requestStatus(x) })
}

func (r *router) Watch(x msgs.Watch) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.deliver(viewWatch, x) })
}

func (r *router) Unauthorized(x msgs.Unauthorized) tea.Cmd {
	r.m.toLogin(login.Explain(x.Err, r.m.lastIP).String())
	return nil
}

func (r *router) ListingSaved(x msgs.ListingSaved) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.listingSaved(x) })
}

func (r *router) ResumeDraft(x msgs.ResumeDraft) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.openEditor(x) })
}

func (r *router) Bulk(x msgs.Bulk) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.openBulk(x) })
}

func (r *router) StartJob(x msgs.StartJob) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.startJob(x) })
}

func (r *router) OpenImport(msgs.OpenImport) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.openImport() })
}

func (r *router) ShowJobs(msgs.ShowJobs) tea.Cmd {
	r.m.push(viewJobs)
	return nil
}

func (r *router) LoggedIn(x msgs.LoggedIn) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.loggedIn(x) })
}

func (r *router) Broadcast(x tea.Msg) tea.Cmd {
	return r.do(func(m Model) (Model, tea.Cmd) { return m.broadcast(x) })
}
