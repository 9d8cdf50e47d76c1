// Package system owns what the TUI asks of the desktop around it: opening a listing's
// public page in the browser and copying its URL to the clipboard. Both take URLs that
// came from the network, so both accept only http and https.
package system

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/atotto/clipboard"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/msgs"
)

// checkURL refuses anything but an absolute http(s) URL: a listing URL from a hostile
// or broken server must not become file://, javascript: or a command-line option.
func checkURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) address", raw)
	}
	return u.String(), nil
}

// browserCommand is the command that opens a URL here; $BROWSER wins, as in gh.
func browserCommand(getenv func(string) string, goos, target string) *exec.Cmd {
	if b := strings.TrimSpace(getenv("BROWSER")); b != "" {
		return exec.Command(b, target)
	}
	switch goos {
	case "darwin":
		return exec.Command("open", target)
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", target)
	default:
		return exec.Command("xdg-open", target)
	}
}

// launchWait is how long OpenURL waits for the launcher's verdict: xdg-open, open and
// the Windows handler hand the URL over and exit within it; a $BROWSER that runs the
// browser itself in the foreground does not, and is then taken to be opening it.
const launchWait = 3 * time.Second

// OpenURL opens raw in the user's browser and reports the outcome as a notice or an
// error message, and only what happened: a launcher that is missing, or that exits
// with a failure (xdg-open with no browser configured), is an error that says what to
// do. The browser's own output is never shown: nothing may print over the UI.
func OpenURL(raw string) tea.Cmd {
	return func() tea.Msg {
		target, err := checkURL(raw)
		if err != nil {
			return msgs.Error{Op: "open in browser", Err: err}
		}
		cmd := browserCommand(os.Getenv, runtime.GOOS, target)
		var stderr limitedBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			var notFound *exec.Error
			if errors.As(err, &notFound) || errors.Is(err, fs.ErrNotExist) {
				return msgs.Error{Op: "open in browser", Err: fmt.Errorf("no browser launcher found (%s); set $BROWSER, or copy the URL with y", cmd.Path)}
			}
			return msgs.Error{Op: "open in browser", Err: err}
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				why := strings.TrimSpace(stderr.String())
				if why != "" {
					why = ": " + why
				}
				return msgs.Error{Op: "open in browser", Err: fmt.Errorf("%s failed (%v)%s; set $BROWSER to your browser, or copy the URL with y",
					filepath.Base(cmd.Path), err, why)}
			}
			return msgs.Notice{Text: "Opened " + target}
		case <-time.After(launchWait):
			return msgs.Notice{Text: "Opening " + target + " in " + filepath.Base(cmd.Path)}
		}
	}
}

// limitedBuffer keeps the first 300 bytes a launcher writes, for its error message.
type limitedBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := 300 - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(strings.Fields(string(l.b)), " ")
}

// CopyURL puts raw on the clipboard: the system clipboard when a tool for it exists
// (pbcopy, xclip, xsel, wl-copy, Windows), else an OSC 52 sequence that most terminals,
// tmux and SSH sessions pass to the local clipboard.
func CopyURL(raw string) tea.Cmd {
	return func() tea.Msg {
		target, err := checkURL(raw)
		if err != nil {
			return msgs.Error{Op: "copy URL", Err: err}
		}
		if err := clipboard.WriteAll(target); err == nil {
			return msgs.Notice{Text: "Copied " + target}
		}
		// Stderr, not stdout: the UI owns stdout, and the sequence prints nothing.
		if !term.IsTerminal(os.Stderr.Fd()) {
			return msgs.Error{Op: "copy URL", Err: errors.New("no clipboard tool (xclip, xsel or wl-copy) and no terminal for OSC 52")}
		}
		termenv.NewOutput(os.Stderr).Copy(target)
		return msgs.Notice{Text: "Copied " + target + " (through the terminal)"}
	}
}
