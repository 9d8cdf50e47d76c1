package cmdutil

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/format"
)

// LongWait is the wait the budget may impose before a person is told of it.
const LongWait = 3 * time.Second

// StatusLine is one line of progress on standard error. On a terminal it is redrawn
// in place; elsewhere only what a log needs is written: a budget wait of more than a
// few seconds, one line each.
type StatusLine struct {
	mu      sync.Mutex
	w       io.Writer
	tty     bool
	text    string // the progress, without the wait
	wait    string
	waitEnd *time.Timer // takes the wait off the line when it is over
	drawn   bool
	// logged is the end of the last wait written to a log: the requests in flight
	// of a job meet the same wait at once, and a log says it once.
	logged time.Time
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
	s.wait = msg
	if s.waitEnd != nil {
		s.waitEnd.Stop()
	}
	s.waitEnd = time.AfterFunc(w.For, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.wait == msg {
			s.wait = ""
			s.draw()
		}
	})
	s.draw()
}

// WaitReason says what a wait is for.
func WaitReason(w api.Wait) string {
	if w.Throttled {
		return "the service asked to slow down"
	}
	return fmt.Sprintf("the key's %d requests a minute are spent", w.PerMinute)
}

// WaitNotice tells a person of a wait the budget imposes, what for and until when:
// nothing when it is short (LongWait); off a terminal, a line on log; on a terminal
// it returns the text for the caller to draw where it draws its progress (show).
func WaitNotice(w api.Wait, log io.Writer, tty bool) (msg string, show bool) {
	if w.For < LongWait {
		return "", false
	}
	msg = fmt.Sprintf("waiting %s for the request budget (%s), until %s; Ctrl+C gives up",
		format.Wait(w.For), WaitReason(w), KyivTime(format.Clock(w.Until)))
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
	line := s.text
	switch {
	case s.wait != "" && line != "":
		line += " · " + s.wait
	case s.wait != "":
		line = s.wait
	}
	if line == "" {
		s.clear()
		return
	}
	fmt.Fprintf(s.w, "\r%s\x1b[K", line)
	s.drawn = true
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
	s.text, s.wait = "", ""
	s.clear()
}
