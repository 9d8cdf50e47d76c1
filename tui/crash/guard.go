// Package crash owns what happens when the app panics: the program runs under a guard
// that recovers every panic (in Init, Update, View and every command), the program
// leaves through its normal shutdown so the terminal is restored, and a report with
// every API key redacted is written for a bug report. The root's Run hands it the
// model; it knows nothing of the app.
package crash

import (
	"runtime/debug"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/internal/batch"
)

// Why our own recovery and not Bubble Tea's: v1.3.10 recovers a panic in the event
// loop (Update, View) and in command goroutines, but it only prints the value with
// fmt.Printf to stdout and the stack with debug.PrintStack to stderr, unredacted,
// and never hands either to the caller (Run returns a bare ErrProgramPanic). A
// panicking command is worse: its goroutine calls p.cancel() and the program exits
// as killed, so the report would have nothing to say.
//
// So the program runs with tea.WithoutCatchPanics and the root is wrapped in guard:
//   - Init, Update and View recover into the recorder; Update then returns tea.Quit,
//     and a panicking View makes the program quit through a crashedMsg;
//   - every command the root returns is wrapped so that it recovers too, and so are
//     the commands inside the tea.BatchMsg or sequence it yields, since Bubble Tea
//     runs those in goroutines of its own;
//   - a recovered command answers crashedMsg, on which Update returns tea.Quit.
//
// The program thus always leaves through its normal shutdown, which restores the
// terminal (raw mode, alt screen, mouse, cursor, bracketed paste); only then does
// Run write the report and return an *Error whose message names the file, which
// main prints to stderr. A panic that escapes anyway (inside Bubble Tea itself) is
// caught by Run's last defer, which releases the terminal before reporting.

// crashedMsg tells the event loop a command or View panicked: time to quit.
type crashedMsg struct{}

// recorder keeps the first panic of the run.
type recorder struct {
	mu    sync.Mutex
	value any
	stack []byte
	at    time.Time
	send  func(tea.Msg) // the program's Send, to quit after a View panic
}

func (r *recorder) record(v any, stack []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stack != nil {
		return
	}
	r.value, r.stack, r.at = v, stack, time.Now()
}

func (r *recorder) crashed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stack != nil
}

// wrap makes cmd recover into the recorder, and wraps the commands it yields.
func (r *recorder) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if v := recover(); v != nil {
				r.record(v, debug.Stack())
				msg = crashedMsg{}
			}
		}()
		return r.wrapMsg(cmd())
	}
}

// wrapMsg guards the commands of a batch or a sequence, which Bubble Tea runs in its
// own goroutines.
func (r *recorder) wrapMsg(msg tea.Msg) tea.Msg {
	if out, ok := batch.Map(msg, r.wrap); ok {
		return out
	}
	return msg
}

// guard is the tea.Model the program runs: the root (or, in tests, any model) with
// every entry point recovering into rec.
type guard struct {
	inner tea.Model
	rec   *recorder
}

func (g guard) Init() (cmd tea.Cmd) {
	defer func() {
		if v := recover(); v != nil {
			g.rec.record(v, debug.Stack())
			cmd = tea.Quit
		}
	}()
	return g.rec.wrap(g.inner.Init())
}

func (g guard) Update(msg tea.Msg) (model tea.Model, cmd tea.Cmd) {
	if _, ok := msg.(crashedMsg); ok || g.rec.crashed() {
		return g, tea.Quit
	}
	defer func() {
		if v := recover(); v != nil {
			g.rec.record(v, debug.Stack())
			model, cmd = g, tea.Quit
		}
	}()
	inner, cmd := g.inner.Update(msg)
	return guard{inner: inner, rec: g.rec}, g.rec.wrap(cmd)
}

func (g guard) View() (s string) {
	if g.rec.crashed() {
		return ""
	}
	defer func() {
		if v := recover(); v != nil {
			g.rec.record(v, debug.Stack())
			s = ""
			if send := g.rec.send; send != nil {
				// View runs on the event loop, which Send would block on.
				go send(crashedMsg{})
			}
		}
	}()
	return g.inner.View()
}
