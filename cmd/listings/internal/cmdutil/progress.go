package cmdutil

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/format"
)

// LongWait is the wait the budget may impose before a person is told of it.
const LongWait = 3 * time.Second

// StatusLine is one line of progress on standard error. On a terminal it is redrawn
// in place; elsewhere only what a log needs is written: a budget wait of more than a
// few seconds, once.
type StatusLine struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	text  string // the progress, without the wait
	wait  string
	drawn bool
}

// NewStatusLine draws on w, in place when tty.
func NewStatusLine(w io.Writer, tty bool) *StatusLine {
	return &StatusLine{w: w, tty: tty}
}

// Set replaces the progress text.
func (s *StatusLine) Set(text string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.text = fmt.Sprintf(text, args...)
	if s.wait != "" && !strings.Contains(s.wait, "until") {
		s.wait = ""
	}
	s.draw()
}

// OnWait is an api.OnWait callback: the budget is about to pause the work.
func (s *StatusLine) OnWait(w api.Wait) {
	why := fmt.Sprintf("the key's %d requests a minute are spent", w.PerMinute)
	if w.Throttled {
		why = "the service asked to slow down"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if msg, show := WaitNotice(w, why, s.w, s.tty); show {
		s.wait = msg
		s.draw()
	}
}

// WaitNotice tells a person of a wait the budget imposes, and why: nothing when it is
// short (LongWait); off a terminal, a line on log; on a terminal it returns the
// text for the caller to draw where it draws its progress (show).
func WaitNotice(w api.Wait, why string, log io.Writer, tty bool) (msg string, show bool) {
	if w.For < LongWait {
		return "", false
	}
	msg = fmt.Sprintf("waiting %s for the request budget (%s), until %s", format.Wait(w.For), why, format.Clock(w.Until))
	if !tty {
		fmt.Fprintf(log, "listings: %s\n", msg)
		return "", false
	}
	return msg, true
}

func (s *StatusLine) draw() {
	if !s.tty {
		return
	}
	line := s.text
	if s.wait != "" {
		line += " · " + s.wait
	}
	fmt.Fprintf(s.w, "\r%s\x1b[K", line)
	s.drawn = true
}

// Done clears the line so that what follows starts clean.
func (s *StatusLine) Done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.drawn = false
	}
}
