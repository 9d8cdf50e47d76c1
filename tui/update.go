package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/langswitch"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/mirrorsync"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/rootkeys"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/watch"
)

// tick is the root's clock: one msgs.Tick a second.
func tick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return msgs.Tick{At: t} })
}

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return m.update(msg) }

// update is Update with the concrete type, for tests and benchmarks.
func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	m.now = m.opts.Now()
	m, cmd := m.route(msg)
	if m.client != nil { // the meter follows every answer, not only the clock
		m.budget = m.client.Budget()
	}
	m.under.Refresh(m.now, m.client != nil)
	m.layout()
	m.refresh()
	return m, cmd
}

func (m Model) route(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.opts.Painter.Invalidate() // the renderer redraws the screen whole
		return m, nil
	case msgs.Tick:
		return m.onTick()
	case tea.KeyMsg:
		m.under.Notice.Key(m.now) // the answer on the notice line was seen: background notices may follow
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	case tea.FocusMsg:
		m.bell.Focused = true
		return m, nil
	case tea.BlurMsg:
		m.bell.Focused = false
		return m, nil
	case addressed:
		return m.onAddressed(msg)
	case mirrorsync.Verified:
		return m.mirrorDone(m.mir.VerifyDone(msg))
	case mirrorsync.Synced:
		return m.mirrorDone(m.mir.SyncDone(msg))
	case keycheck.Pinged:
		if msg.Err != nil {
			return m.showError(msgs.Error{Op: keycheck.CheckOp(), Err: msg.Err})
		}
		m.lastIP = termtext.Clean(msg.Info.YourIP)
		m.budget = m.client.Budget()
		return m.learnScopes(msg.Writes())
	case draftnote.Health:
		return m.onSaver(msg)
	case draftnote.Count:
		return m.onDraftsCount(msg)
	case confirm.Done:
		return m.statusDone(msg)
	case langswitch.Saved:
		if w := msg.Warning(); w != "" {
			m.setNotice(w, true)
		}
		return m, nil
	case msgs.ToRoot:
		// The root's own command or a test's: a view's come addressed (onAddressed).
		return m.toRoot(msg)
	}
	// A message addressed to nobody (the end of an external editor, a test's own)
	// belongs to the view on screen, as keys do.
	return m.toActive(msg)
}

// addr addresses a command of the view id made outside its Update (an Open, an Init).
func (m Model) addr(id viewID, cmd tea.Cmd) tea.Cmd { return m.views.Address(id, cmd) }

func (m Model) handleKey(k tea.KeyMsg) (Model, tea.Cmd) {
	keys := m.keys
	if m.isKey(k, rootkeys.ForceQuit) {
		if m.dialog != nil && m.dialog.Quit {
			return m, tea.Quit // ctrl+c twice
		}
		return m.quit()
	}
	if m.showHelp {
		return m.helpKey(k)
	}
	if m.dialog != nil {
		switch m.dialog.Answer(k, m.answers, m.isKey(k, rootkeys.Quit)) {
		case confirm.Yes:
			return m.yes()
		case confirm.No:
			m.dialog = nil
		}
		return m, nil // the dialog is modal
	}
	if m.palette != nil {
		return m.paletteKey(k)
	}
	// The banner says "esc: dismiss", so esc dismisses it first on every screen, even
	// one with a text field in focus: one key, one meaning.
	if key.Matches(k, keys.Esc) && m.under.Banner != nil {
		m.under.Banner = nil
		return m, nil
	}
	if key.Matches(k, keys.Esc) && m.under.Wait.Text != "" {
		m.abandonWait()
		return m, nil
	}
	// The tables say who owns the key: a global action the view does not take, or
	// the view (which matches its own table, or types the key).
	if b, ok := m.global(k); ok {
		return m.runGlobal(b)
	}
	return m.toActive(k)
}

func (m *Model) push(v viewID) {
	if m.active == v {
		return
	}
	m.back = append(m.back, m.active)
	m.active = v
}

func (m *Model) pop() {
	if n := len(m.back); n > 0 {
		m.active = m.back[n-1]
		m.back = m.back[:n-1]
		return
	}
	if m.client != nil {
		m.active = viewBrowser
	}
}

func (m Model) cycleLang() (Model, tea.Cmd) {
	next := langswitch.Next(m.lang)
	m.lang = next
	m.setNotice(langswitch.Switch(next, m.opts.UIApart), false)
	m, cmd := m.broadcast(msgs.LangChanged{Lang: next})
	if m.opts.Env != nil && m.profile != "" && !m.sandbox {
		cmd = tea.Batch(cmd, langswitch.Save(m.opts.Env, m.profile, next, m.opts.UIApart))
	}
	return m, cmd
}

func (m Model) onTick() (Model, tea.Cmd) {
	if m.client != nil {
		m.budget = m.client.Budget()
	}
	m.under.Tick(m.now, m.width, m.height)
	// The views get the root's clock, not the timer's, so tests stay deterministic.
	m, cmd := m.broadcast(msgs.Tick{At: m.now})
	return m, tea.Batch(cmd, m.ticker(), m.mir.Verify(m.opts.Mirror), m.maybeSync())
}

func (m Model) loggedIn(d msgs.LoggedIn) (Model, tea.Cmd) {
	c, err := login.Client(d, m.opts.Version, m.opts.APIOptions)
	if err != nil { // login checked the URL with the same rule; this is a bug
		m.login.M.SetReason(termtext.Clean(err.Error()))
		return m, nil
	}
	m.shared.Keys.Add(d.Key)
	m.shared.AddStop(d.Stop)
	m.keepMirrorFor(d)
	m.baseURL, m.profile, m.sandbox = d.BaseURL, d.Profile, d.Sandbox
	if d.Sandbox {
		// The sandbox's ids are not the real service's.
		m.store = watch.NewMemoryStore()
	}
	m.store.Switch(d.BaseURL, d.Key) // the list of this key at this service
	m.setClient(c)
	m.under.Banner = nil
	if d.Info != nil {
		m.lastIP = termtext.Clean(d.Info.YourIP)
	}
	m.setNotice(login.Welcome(d), false)
	return m, m.startViews(c)
}
