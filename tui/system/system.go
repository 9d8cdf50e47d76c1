// Package system owns what the TUI asks of the desktop around it: opening a listing's
// public page in the browser and copying its URL to the clipboard. Both take URLs that
// came from the network, so both accept only http and https.
//
// Neither may disturb the screen the app draws: nothing is run that could take the
// terminal (a text browser such as lynx or w3m, which xdg-open falls back to when no
// graphical one is found), whatever is run is detached from the terminal and given a
// bounded time, and what a launcher prints is never shown. Each returns a typed
// result (Opened, Copied) that says what happened and, when the desktop could not
// help, the URL itself so the user can copy it by hand.
package system

import (
	"fmt"
	"net/url"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
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

// OpenURL opens raw in the user's graphical browser, if there is one, and reports what
// happened as a notice or an error banner (Opened.Msg).
func OpenURL(raw string) tea.Cmd {
	return func() tea.Msg { return Open(Here(), raw).Msg() }
}

// CopyURL puts raw on the clipboard and reports what happened (Copied.Msg).
func CopyURL(raw string) tea.Cmd {
	return func() tea.Msg { return Copy(HereClipboard(), raw).Msg() }
}
