package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/keystore"
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
// Run write the report and return a *CrashError whose message names the file, which
// main prints to stderr. A panic that escapes anyway (inside Bubble Tea itself) is
// caught by Run's last defer, which releases the terminal before reporting.

// keyShape is any API key: sk_live_ or sk_test_ and 48 hex digits.
var keyShape = regexp.MustCompile(`sk_(?:live|test)_[0-9a-fA-F]{48}`)

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
	if out, ok := mapCmds(msg, r.wrap); ok {
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

// CrashError is what Run returns after a panic: the report's path, for stderr.
type CrashError struct {
	Path string // "" when the report could not be written
	Err  error  // why it could not
}

func (e *CrashError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("the app crashed, and its report could not be written: %v", e.Err)
	}
	return "the app crashed; the report is in " + e.Path + " (please attach it to a bug report)"
}

// writeReport writes the recorded panic to dir, with every secret redacted, and
// returns the file's path.
func (r *recorder) writeReport(dir, version string, secrets []string) (string, error) {
	r.mu.Lock()
	value, stack, at := r.value, r.stack, r.at
	r.mu.Unlock()
	if stack == nil {
		return "", errors.New("no panic was recorded")
	}
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(cache, "listings")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "listings crash report\n\ntime:    %s\nversion: %s\ngo:      %s %s/%s\n\npanic: %v\n\n%s",
		at.Format(time.RFC3339), version, runtime.Version(), runtime.GOOS, runtime.GOARCH, value, stack)
	text := b.String()
	for _, k := range secrets {
		text = keystore.Redact(text, k)
	}
	// A key the app was not told about (one being typed on the login screen, say)
	// is caught by its shape.
	text = keyShape.ReplaceAllString(text, "sk_…REDACTED")
	base := "crash-" + at.Format("20060102-150405")
	for i := 0; ; i++ {
		name := base + ".txt"
		if i > 0 {
			name = fmt.Sprintf("%s-%d.txt", base, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) && i < 100 {
			continue
		}
		if err != nil {
			return "", err
		}
		_, werr := f.WriteString(text)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		return path, werr
	}
}
