package system

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/atotto/clipboard"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/msgs"
)

// Clipboard is what copying reads of the machine and how it writes; HereClipboard is
// the real one.
type Clipboard struct {
	GOOS   string
	Getenv func(string) string
	// Write puts text on the system clipboard through a tool (xclip, xsel, wl-copy,
	// pbcopy, Windows's); NoTool says none was found, so there is nothing to try.
	Write  func(string) error
	NoTool bool
	// Terminal says whether a terminal is there to take OSC 52; OSC52 sends it.
	Terminal func() bool
	OSC52    func(string)
	Wait     time.Duration // how long the tool may take
}

// copyWait bounds the clipboard tool: xclip waiting for an X server that does not
// answer would otherwise hold the copy for ever.
const copyWait = 2 * time.Second

// HereClipboard is the machine the app runs on. The OSC 52 sequence goes to stderr:
// the UI owns stdout, and the sequence prints nothing.
func HereClipboard() Clipboard {
	return Clipboard{
		GOOS: runtime.GOOS, Getenv: os.Getenv,
		Write: clipboard.WriteAll, NoTool: clipboard.Unsupported,
		Terminal: func() bool { return term.IsTerminal(os.Stderr.Fd()) },
		OSC52:    func(s string) { termenv.NewOutput(os.Stderr).Copy(s) },
		Wait:     copyWait,
	}
}

// CopyOutcome is what came of a copy.
type CopyOutcome int

const (
	CopyRefused CopyOutcome = iota // not an http(s) URL
	CopyDone                       // the system clipboard has it
	CopySent                       // sent to the terminal (OSC 52): whether it took it cannot be known
	CopyNone                       // no clipboard works here
)

// Copied is the typed result of Copy.
type Copied struct {
	Outcome CopyOutcome
	URL     string
	Why     string // why not the system clipboard, or why refused
	Tmux    bool   // OSC 52 went to tmux, which passes it on only with set-clipboard on
}

// Text is the result for people; when the copy may not have worked, it holds the URL.
func (c Copied) Text() string {
	switch c.Outcome {
	case CopyDone:
		return "Copied " + c.URL
	case CopySent:
		// Whether the terminal took it cannot be known: said so, with the URL.
		s := upperFirst(c.Why) + ": sent to the terminal's clipboard (OSC 52), if it takes that: " + c.URL
		if c.Tmux {
			s += " · tmux passes it on with set -g set-clipboard on"
		}
		return s
	case CopyNone:
		return "no clipboard here (" + c.Why + ", and no terminal for OSC 52): the page is " + c.URL
	}
	return c.Why
}

// Msg is the result for the root: a notice, or an error banner when nothing could be
// copied (it stays, with the URL, until dismissed).
func (c Copied) Msg() tea.Msg {
	if c.Outcome == CopyDone || c.Outcome == CopySent {
		return msgs.Notice{Text: c.Text()}
	}
	return msgs.Error{Op: "copy URL", Err: errors.New(c.Text())}
}

// Copy puts raw on the system clipboard when a tool for it works, else sends it to the
// terminal as OSC 52 (most terminals, and tmux and SSH sessions, pass it to the local
// clipboard), else says that no clipboard works and shows the URL.
func Copy(cb Clipboard, raw string) Copied {
	target, err := checkURL(raw)
	if err != nil {
		return Copied{Outcome: CopyRefused, URL: raw, Why: err.Error()}
	}
	c := Copied{URL: target}
	if !cb.NoTool {
		err := bounded(cb.Write, target, cb.Wait)
		if err == nil {
			c.Outcome = CopyDone
			return c
		}
		c.Why = cb.toolFailure(err)
	} else {
		c.Why = cb.noTool()
	}
	if !cb.Terminal() {
		c.Outcome = CopyNone
		return c
	}
	cb.OSC52(target)
	c.Outcome, c.Tmux = CopySent, cb.Getenv("TMUX") != ""
	return c
}

var errNoAnswer = errors.New("no answer")

// bounded runs write for at most wait; one that does not answer is left behind.
func bounded(write func(string) error, s string, wait time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- write(s) }()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return errNoAnswer
	}
}

func (cb Clipboard) noTool() string {
	switch cb.GOOS {
	case "darwin", "windows":
		return "no clipboard tool"
	}
	return "no xclip, xsel or wl-copy"
}

// toolFailure says why the tool failed, without its own output.
func (cb Clipboard) toolFailure(err error) string {
	switch {
	case errors.Is(err, errNoAnswer):
		return "the clipboard tool did not answer"
	case cb.GOOS != "darwin" && cb.GOOS != "windows" &&
		strings.TrimSpace(cb.Getenv("DISPLAY")) == "" && strings.TrimSpace(cb.Getenv("WAYLAND_DISPLAY")) == "":
		return "no DISPLAY for the clipboard tool"
	}
	return "the clipboard tool failed"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
