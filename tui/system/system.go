// Package system owns what the TUI asks of the desktop around it: opening a listing's
// public page in the browser and copying its URL to the clipboard. Both take URLs that
// came from the network, so both accept only http and https.
package system

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"strings"

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

// OpenURL opens raw in the user's browser and reports the outcome as a notice or an
// error message. The browser's own output is discarded: nothing may print over the UI.
func OpenURL(raw string) tea.Cmd {
	return func() tea.Msg {
		target, err := checkURL(raw)
		if err != nil {
			return msgs.Error{Op: "open in browser", Err: err}
		}
		cmd := browserCommand(os.Getenv, runtime.GOOS, target)
		if err := cmd.Start(); err != nil {
			var notFound *exec.Error
			if errors.As(err, &notFound) {
				return msgs.Error{Op: "open in browser", Err: fmt.Errorf("no browser launcher found (%s); set $BROWSER, or copy the URL with y", cmd.Path)}
			}
			return msgs.Error{Op: "open in browser", Err: err}
		}
		go func() { _ = cmd.Wait() }()
		return msgs.Notice{Text: "Opened " + target}
	}
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
