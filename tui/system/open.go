package system

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"runtime"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/msgs"
)

// Env is what opening a URL reads of the machine and how it runs a launcher; Here is
// the real one, tests give their own and see every command that would run.
type Env struct {
	GOOS   string
	Getenv func(string) string
	Launch Launcher
	Wait   time.Duration // how long the launcher may take to say how it went
}

// Launcher starts argv, with env added to the app's environment, detached from the
// terminal, and waits at most wait for it to end.
type Launcher func(argv, env []string, wait time.Duration) Launch

// Launch is how a launcher ended, as far as the wait saw.
type Launch struct {
	Running bool  // still running when the wait ended
	Err     error // nil: it exited with success (or still runs)
}

// launchWait is how long Open waits for the launcher's verdict: xdg-open, open and
// the Windows handler hand the URL over and exit within it; a browser started in the
// foreground (xdg-open running firefox, a $BROWSER) does not, and is taken to be
// opening it.
const launchWait = 3 * time.Second

// Here is the machine the app runs on.
func Here() Env {
	return Env{GOOS: runtime.GOOS, Getenv: os.Getenv, Launch: launch, Wait: launchWait}
}

// OpenOutcome is what came of asking for the browser.
type OpenOutcome int

const (
	OpenRefused   OpenOutcome = iota // not an http(s) URL: nothing was run
	OpenDone                         // the launcher handed the URL over and exited
	OpenStarted                      // the launcher still runs: a browser started in the foreground
	OpenNoBrowser                    // nothing was run: no graphical browser here
	OpenFailed                       // the launcher is missing or failed
)

// Opened is the typed result of Open.
type Opened struct {
	Outcome OpenOutcome
	URL     string   // the checked URL (as given when refused)
	Via     string   // the launcher's name: xdg-open, open, firefox
	Why     string   // with NoBrowser and Failed: why it did not open, in a few words
	Argv    []string // what was run, if anything
}

// Text is the result for people: what happened and, when it did not open, the URL to
// copy by hand.
func (o Opened) Text() string {
	switch o.Outcome {
	case OpenDone:
		return "Opened " + o.URL
	case OpenStarted:
		return "Opening " + o.URL + " in " + o.Via
	case OpenNoBrowser:
		return fmt.Sprintf("no graphical browser here (%s): the page is %s (y copies it)", o.Why, o.URL)
	case OpenFailed:
		return fmt.Sprintf("%s: the page is %s (y copies it)", o.Why, o.URL)
	}
	return o.Why
}

// Msg is the result for the root: a notice when the browser has it, else an error
// banner, which stays until dismissed so the URL can be read and copied.
func (o Opened) Msg() tea.Msg {
	if o.Outcome == OpenDone || o.Outcome == OpenStarted {
		return msgs.Notice{Text: o.Text()}
	}
	return msgs.Error{Op: "open in browser", Err: errors.New(o.Text())}
}

// Open opens raw in a graphical browser when there is one, and runs nothing that
// could take the terminal.
func Open(env Env, raw string) Opened {
	target, err := checkURL(raw)
	if err != nil {
		return Opened{Outcome: OpenRefused, URL: raw, Why: err.Error()}
	}
	argv, extra, why := browserCommand(env.Getenv, env.GOOS, target)
	if argv == nil {
		return Opened{Outcome: OpenNoBrowser, URL: target, Why: why}
	}
	o := Opened{URL: target, Via: progName(argv[0]), Argv: argv}
	l := env.Launch(argv, extra, env.Wait)
	switch {
	case l.Running:
		o.Outcome = OpenStarted
	case l.Err == nil:
		o.Outcome = OpenDone
	default:
		o.Outcome, o.Why = OpenFailed, failure(o.Via, l.Err)
	}
	return o
}

// failure says why a launcher failed, without what it printed (xdg-open's is a list
// of every browser it tried, cut in the middle).
func failure(name string, err error) string {
	var exit *exec.ExitError
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		if name == "xdg-open" {
			return "no xdg-open here (install xdg-utils, or set $BROWSER to your browser)"
		}
		return "no " + name + " here (set $BROWSER to your browser)"
	case errors.As(err, &exit) && name == "xdg-open" && exit.ExitCode() == 3:
		return "xdg-open found no browser (set $BROWSER to yours)"
	case errors.As(err, &exit):
		return fmt.Sprintf("%s failed (exit status %d)", name, exit.ExitCode())
	}
	return name + " could not be started"
}

// textBrowsers draw in the terminal they are started from: run under the app they
// would take its screen (and, detached from it, hang or fail unseen).
var textBrowsers = map[string]bool{
	"lynx": true, "w3m": true, "links": true, "links2": true, "elinks": true, "www-browser": true,
	"browsh": true, "carbonyl": true, "cha": true, "netrik": true, "edbrowse": true, "retawq": true,
}

// needsDisplay are launchers that pick a text browser when there is no display
// (sensible-browser runs www-browser then).
var needsDisplay = map[string]bool{"xdg-open": true, "sensible-browser": true}

// graphicalBrowsers is what xdg-open, when it knows no desktop, may try in place of
// its own list, which ends with links2, elinks, links, lynx and w3m.
const graphicalBrowsers = "x-www-browser:firefox:firefox-esr:chromium:chromium-browser:google-chrome:" +
	"google-chrome-stable:brave-browser:microsoft-edge:vivaldi:opera:epiphany:konqueror:falkon:qutebrowser"

// browserCommand is the command that opens target here and what to add to its
// environment, or nil and why none can. $BROWSER wins, as in gh, unless it names only
// text browsers; outside macOS and Windows a browser needs a display (DISPLAY or
// WAYLAND_DISPLAY), else nothing is run.
func browserCommand(getenv func(string) string, goos, target string) (argv, env []string, why string) {
	display := goos == "darwin" || goos == "windows" ||
		strings.TrimSpace(getenv("DISPLAY")) != "" || strings.TrimSpace(getenv("WAYLAND_DISPLAY")) != ""
	var text []string
	for _, e := range browserEntries(getenv("BROWSER"), goos) {
		name := progName(e[0])
		switch {
		case textBrowsers[name]:
			text = append(text, name)
		case needsDisplay[name] && !display:
		default:
			return withTarget(e, target), nil, ""
		}
	}
	if !display {
		why = "no DISPLAY"
		if len(text) > 0 {
			why += "; $BROWSER names " + strings.Join(text, ", ") + ", which would take this terminal"
		}
		return nil, nil, why
	}
	switch goos {
	case "darwin":
		return []string{"open", target}, nil, ""
	case "windows":
		return []string{"rundll32", "url.dll,FileProtocolHandler", target}, nil, ""
	}
	return []string{"xdg-open", target}, []string{"BROWSER=" + graphicalBrowsers}, ""
}

// browserEntries reads $BROWSER: a command with its arguments or, as xdg-open reads
// it, several separated by colons. On Windows it is one program's path, which may
// hold a colon and spaces.
func browserEntries(v, goos string) [][]string {
	if goos == "windows" {
		if v = strings.Trim(strings.TrimSpace(v), `"`); v != "" {
			return [][]string{{v}}
		}
		return nil
	}
	var out [][]string
	for _, p := range strings.Split(v, ":") {
		if f := strings.Fields(p); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// withTarget puts target where an entry says %s, or after it.
func withTarget(entry []string, target string) []string {
	out := make([]string, 0, len(entry)+1)
	put := false
	for _, a := range entry {
		if strings.Contains(a, "%s") {
			a, put = strings.ReplaceAll(a, "%s", target), true
		}
		out = append(out, a)
	}
	if !put {
		out = append(out, target)
	}
	return out
}

// progName is a command's name without its folder and .exe, in lower case.
func progName(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	return strings.TrimSuffix(strings.ToLower(path.Base(p)), ".exe")
}
