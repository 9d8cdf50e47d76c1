package browser

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea runs Init's commands only once it has entered the alternate screen, drawn
// the first view and started its event loop: on a cold start, milliseconds in which
// the first page's request has not left yet, and its answer then misses the first
// frame the renderer writes (a sixtieth of a second after the start) more often than
// not. StartFirstPage sends it before the program starts (docs/performance.md,
// "Start").

// StartFirstPage sends the first tab's first page request now, ahead of Init, which
// then waits for its answer instead of sending it. The app calls it once New is made,
// before the program runs; a model Init is called on without it sends the request
// from Init as usual.
func (m *Model) StartFirstPage() {
	if m.early == nil {
		s := m.srcs[0]
		m.early = early(fetchPage(s.reqCtx, s.cancel, m.svc, m.params(0, 0), 0, s.seq, true))
	}
}

// firstPage is Init's command for the first page: the early one when it was started.
func (m Model) firstPage() tea.Cmd {
	if m.early != nil {
		return m.early
	}
	s := m.srcs[0]
	return fetchPage(s.reqCtx, s.cancel, m.svc, m.params(0, 0), 0, s.seq, true)
}

// early runs cmd on a goroutine at once and returns the command that yields its
// message, as often as it is run. A panic in cmd is raised again by that command,
// which Bubble Tea runs under the app's crash guard, so that it restores the terminal
// and writes its report as for any other command.
func early(cmd tea.Cmd) tea.Cmd {
	done := make(chan struct{})
	var msg tea.Msg
	var fault any
	go func() {
		defer close(done)
		defer func() { fault = recover() }()
		msg = cmd()
	}()
	return func() tea.Msg {
		<-done
		if fault != nil {
			panic(fault)
		}
		return msg
	}
}
