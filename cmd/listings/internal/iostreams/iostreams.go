// Package iostreams owns the three standard streams of the listings command and what
// is known about them: whether each one is a terminal, and whether colour may be used.
// They are built once, from the process's files in main (System) or from buffers in
// tests (Test), and handed to every command through cmdutil.Factory, so no command
// asks the operating system about a stream itself and a test can pretend any of them
// is a terminal.
//
// Standard output is wrapped so that a failed write is never lost: the first failure
// is kept (OutError) and every later write fails with it, whether or not the code that
// wrote looked at the error. A reader that went away (a closed pipe: `| head -1`) is
// told apart from an output that cannot take more (a full disk), since the first ends
// the command quietly and the second is an error (see WriteError).
package iostreams

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"

	"github.com/charmbracelet/x/term"
)

// IOStreams are the standard streams of one run of the command.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer // standard output, wrapped: see OutError
	ErrOut io.Writer

	IsStdinTTY  bool
	IsStdoutTTY bool
	IsStderrTTY bool
	// ColorEnabled: standard output is a terminal, NO_COLOR is not set and TERM is not
	// dumb.
	ColorEnabled bool

	out *checkedWriter
}

// System returns the process's standard streams; getenv reads NO_COLOR and TERM.
func System(getenv func(string) string) *IOStreams {
	s := New(os.Stdin, os.Stdout, os.Stderr)
	s.IsStdinTTY = isTerminal(os.Stdin)
	s.IsStdoutTTY = isTerminal(os.Stdout)
	s.IsStderrTTY = isTerminal(os.Stderr)
	s.ColorEnabled = s.IsStdoutTTY && ColorAllowed(getenv)
	return s
}

// New returns streams over in, out and errOut, none of them a terminal.
func New(in io.Reader, out, errOut io.Writer) *IOStreams {
	cw := &checkedWriter{w: out}
	return &IOStreams{In: in, Out: cw, ErrOut: errOut, out: cw}
}

// ColorAllowed reports whether the environment lets colour be used: NO_COLOR unset or
// empty (https://no-color.org) and a TERM other than dumb.
func ColorAllowed(getenv func(string) string) bool {
	return getenv("NO_COLOR") == "" && strings.TrimSpace(getenv("TERM")) != "dumb"
}

// OutError is the first failed write to standard output, a *WriteError; nil while
// every write succeeded.
func (s *IOStreams) OutError() error {
	if s.out == nil {
		return nil
	}
	return s.out.failure()
}

// OutWritten reports whether anything reached standard output: the root prints a
// failed --json command's error object only when the command printed nothing, so
// that standard output always holds exactly one JSON document.
func (s *IOStreams) OutWritten() bool {
	if s.out == nil {
		return false
	}
	s.out.mu.Lock()
	defer s.out.mu.Unlock()
	return s.out.written
}

func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// WriteError is a write to standard output that failed.
type WriteError struct{ Err error }

func (e *WriteError) Error() string {
	cause := e.Err
	var pe *fs.PathError // "write /dev/stdout: …" says less than the stream's name
	if errors.As(cause, &pe) {
		cause = pe.Err
	}
	return "write standard output: " + cause.Error()
}
func (e *WriteError) Unwrap() error { return e.Err }

// BrokenPipe reports whether the reader of standard output went away: a closed pipe,
// as when the output goes to `head -1`. That is no failure of the command, which only
// has to stop; gh ends quietly with 0 there, and so does listings.
func (e *WriteError) BrokenPipe() bool {
	return errors.Is(e.Err, syscall.EPIPE) || strings.Contains(e.Err.Error(), "broken pipe")
}

// IsBrokenPipe reports whether err comes from a write to standard output whose reader
// went away.
func IsBrokenPipe(err error) bool {
	var we *WriteError
	return errors.As(err, &we) && we.BrokenPipe()
}

// checkedWriter keeps the first failure of its writer and fails every later write with
// it, so output stops at the first error and the error reaches main even through code
// that did not look.
type checkedWriter struct {
	mu      sync.Mutex
	w       io.Writer
	err     *WriteError
	written bool // a byte reached w
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.written = c.written || n > 0
	if err != nil {
		c.err = &WriteError{err}
		return n, c.err
	}
	return n, nil
}

func (c *checkedWriter) failure() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		return nil // not a typed nil
	}
	return c.err
}
