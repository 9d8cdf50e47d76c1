package cmdutil

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
)

// LongWait is the wait the budget may impose before a person is told of it.
const LongWait = 3 * time.Second

// StatusLine is one line of progress on standard error. On a terminal it is redrawn
// in place, and always fits the terminal's width: a line wider than the terminal
// wraps, and every redraw then starts a new line instead of replacing the last. So
// the progress and the wait each come in forms from the longest to the shortest, and
// the line is the longest pair that fits (the wait shrinks first), cut with "…" only
// when even the shortest does not. Elsewhere only what a log needs is written: a
// budget wait of more than a few seconds, one line each.
type StatusLine struct {
	mu      sync.Mutex
	w       io.Writer
	tty     bool
	width   func() int // the terminal's columns; 0: not known, nothing is cut
	text    []string   // the progress, without the wait, longest form first
	wait    []string
	waitEnd *time.Timer // takes the wait off the line when it is over
	drawn   bool
	// logged is the end of the last wait written to a log: the requests in flight
	// of a job meet the same wait at once, and a log says it once.
	logged time.Time
}

// NewStatusLine draws on w, in place when tty, as wide as the terminal w is (read at
// every redraw, so a resized window is followed); a w that is no terminal's file has
// no known width (SetWidth gives one).
func NewStatusLine(w io.Writer, tty bool) *StatusLine {
	return &StatusLine{w: w, tty: tty, width: func() int { return TerminalWidth(w) }}
}

// SetWidth replaces how the line learns the terminal's width (0: not known).
func (s *StatusLine) SetWidth(width func() int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.width = width
}

// TerminalWidth is the columns of the terminal w writes to, 0 when w is no
// terminal's file.
func TerminalWidth(w io.Writer) int {
	f, ok := w.(interface{ Fd() uintptr })
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0
	}
	cols, _, err := term.GetSize(f.Fd())
	if err != nil {
		return 0
	}
	return cols
}

// columnsEnv is the width a terminal's shell may export (COLUMNS), the fallback when
// standard error is no terminal's file that can be asked.
func columnsEnv(getenv func(string) string) int {
	n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS")))
	if err != nil || n <= 0 || n > 10000 {
		return 0
	}
	return n
}

// StatusLine returns the progress line of a command on standard error: in place on a
// terminal, as wide as it is (asked of the terminal, else $COLUMNS).
func (f *Factory) StatusLine() *StatusLine {
	s := NewStatusLine(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY)
	s.width = func() int {
		if n := TerminalWidth(f.IOStreams.ErrOut); n > 0 {
			return n
		}
		return columnsEnv(f.Getenv)
	}
	return s
}

// Set replaces the progress text.
func (s *StatusLine) Set(text string, args ...any) {
	s.SetForms(fmt.Sprintf(text, args...))
}

// SetForms replaces the progress text with its forms, from the longest, which a wide
// terminal shows, to the shortest, for a narrow one.
func (s *StatusLine) SetForms(forms ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.text = forms
	s.draw()
}

// OnWait is an api.OnWait callback: the budget is about to pause the work. On a
// terminal the wait shows on the line until it is over.
func (s *StatusLine) OnWait(w api.Wait) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.tty && w.For >= LongWait {
		if d := w.Until.Sub(s.logged); d > -time.Second && d < time.Second {
			return
		}
		s.logged = w.Until
	}
	msg, show := WaitNotice(w, s.w, s.tty)
	if !show {
		return
	}
	s.wait = waitForms(w, msg)
	if s.waitEnd != nil {
		s.waitEnd.Stop()
	}
	s.waitEnd = time.AfterFunc(w.For, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.wait) > 0 && s.wait[0] == msg {
			s.wait = nil
			s.draw()
		}
	})
	s.draw()
}

// waitForms are the notice of a wait from msg, the whole of it, to the wait alone.
func waitForms(w api.Wait, msg string) []string {
	d, until := format.Wait(w.For), format.Clock(w.Until)
	return []string{msg,
		i18n.T("cli.wait.long", "Wait", d, "Until", KyivTime(until)),
		i18n.T("cli.wait.mid", "Wait", d, "Until", until),
		i18n.T("cli.wait.short", "Wait", d),
	}
}

// WaitReason says what a wait is for.
func WaitReason(w api.Wait) string {
	switch {
	case w.Throttled:
		return i18n.T("cli.wait.throttled")
	case w.Background:
		return i18n.T("cli.wait.background", "PerMinute", w.PerMinute)
	}
	return i18n.T("cli.wait.spent", "PerMinute", w.PerMinute)
}

// WaitNotice tells a person of a wait the budget imposes, what for and until when:
// nothing when it is short (LongWait); off a terminal, a line on log; on a terminal
// it returns the text for the caller to draw where it draws its progress (show).
func WaitNotice(w api.Wait, log io.Writer, tty bool) (msg string, show bool) {
	if w.For < LongWait {
		return "", false
	}
	msg = i18n.T("cli.wait.notice", "Wait", format.Wait(w.For), "Why", WaitReason(w), "Until", KyivTime(format.Clock(w.Until)))
	if !tty {
		fmt.Fprintf(log, "listings: %s\n", msg)
		return "", false
	}
	return msg, true
}

// draw shows the line on a terminal, or clears it when there is nothing to show.
// Caller holds mu.
func (s *StatusLine) draw() {
	if !s.tty {
		return
	}
	width := 0
	if s.width != nil {
		width = s.width()
	}
	line := Fit(width, s.text, s.wait)
	if line == "" {
		s.clear()
		return
	}
	fmt.Fprintf(s.w, "\r%s\x1b[K", line)
	s.drawn = true
}

// Fit is the line of a progress (its forms, longest first) and a wait (the same; nil
// when there is none) that fits width columns (0: any): the longest pair that fits,
// trying first the pairs that shorten the two least, and the wait before the
// progress; when none does, the shortest pair cut with "…". The last column stays
// free: a character written there leaves some terminals' cursor past the edge, and
// the next carriage return then redraws the line below.
func Fit(width int, text, wait []string) string {
	text, wait = nonEmpty(text), nonEmpty(wait)
	join := func(i, j int) string {
		switch {
		case len(text) == 0 && len(wait) == 0:
			return ""
		case len(wait) == 0:
			return text[i]
		case len(text) == 0:
			return wait[j]
		}
		return text[i] + " · " + wait[j]
	}
	nt, nw := max(len(text), 1), max(len(wait), 1)
	if width <= 0 {
		return join(0, 0)
	}
	room := max(width-1, 1)
	for level := 0; level <= nt+nw-2; level++ {
		for i := max(0, level-(nw-1)); i <= min(level, nt-1); i++ {
			if l := join(i, level-i); ansi.StringWidth(l) <= room {
				return l
			}
		}
	}
	return ansi.Truncate(join(nt-1, nw-1), room, "…")
}

func nonEmpty(forms []string) []string {
	if len(forms) == 0 || forms[0] == "" {
		return nil
	}
	return forms
}

func (s *StatusLine) clear() {
	if s.drawn {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.drawn = false
	}
}

// Done clears the line so that what follows starts clean.
func (s *StatusLine) Done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.waitEnd != nil {
		s.waitEnd.Stop()
	}
	s.text, s.wait = nil, nil
	s.clear()
}
