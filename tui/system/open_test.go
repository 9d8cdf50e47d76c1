package system

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/tui/msgs"
)

const page = "https://example.com/l/10053-bike"

// fakeEnv is a machine with the given variables whose launcher records what it is
// asked to run and answers with l.
type fakeEnv struct {
	vars map[string]string
	ran  [][]string
	env  [][]string
	l    Launch
}

func (f *fakeEnv) Env(goos string) Env {
	return Env{GOOS: goos, Getenv: func(k string) string { return f.vars[k] }, Wait: time.Second,
		Launch: func(argv, env []string, _ time.Duration) Launch {
			f.ran, f.env = append(f.ran, argv), append(f.env, env)
			return f.l
		}}
}

// Without a display, nothing is run on Linux (xdg-open would fall back to lynx or
// w3m in the app's terminal), whatever $BROWSER says if it names only text browsers
// or launchers that pick one; the banner says why and gives the URL.
func TestOpenWithoutDisplayRunsNothing(t *testing.T) {
	for _, browser := range []string{"", "lynx", "w3m -N", "/usr/bin/links2:elinks", "xdg-open", "sensible-browser", "www-browser"} {
		f := &fakeEnv{vars: map[string]string{"BROWSER": browser, "TERM": "xterm"}}
		o := Open(f.Env("linux"), page)
		if len(f.ran) != 0 {
			t.Errorf("BROWSER=%q: ran %v", browser, f.ran)
		}
		if o.Outcome != OpenNoBrowser {
			t.Errorf("BROWSER=%q: %+v", browser, o)
		}
		e, ok := o.Msg().(msgs.Error)
		if !ok {
			t.Fatalf("BROWSER=%q: %#v", browser, o.Msg())
		}
		text := e.Err.Error()
		for _, want := range []string{"no graphical browser here (no DISPLAY", "the page is " + page + " (y copies it)"} {
			if !strings.Contains(text, want) {
				t.Errorf("BROWSER=%q: %q lacks %q", browser, text, want)
			}
		}
		if strings.Contains(browser, "lynx") && !strings.Contains(text, "$BROWSER names lynx, which would take this terminal") {
			t.Errorf("BROWSER=%q: %q does not say why $BROWSER was not used", browser, text)
		}
	}
}

// The same through the command the views run, with a real xdg-open on the PATH
// that would record being run: it is not.
func TestOpenURLWithoutDisplayDoesNotRunXdgOpen(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("xdg-open is the Linux launcher")
	}
	dir := t.TempDir()
	ran := filepath.Join(dir, "ran")
	script := "#!/bin/sh\necho \"$@\" > " + ran + "\necho '/usr/bin/xdg-open: 882: www-browser: not found' >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(dir, "xdg-open"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("BROWSER", "")
	msg := OpenURL(page)()
	if _, err := os.Stat(ran); err == nil {
		t.Error("xdg-open was run without a display")
	}
	e, ok := msg.(msgs.Error)
	if !ok || !strings.Contains(e.Err.Error(), page) || strings.Contains(e.Err.Error(), "www-browser: not found") {
		t.Fatalf("got %#v", msg)
	}
}

// With a display, or on macOS and Windows, the system's launcher runs; xdg-open is
// told graphical browsers only. A $BROWSER that names a graphical one wins, text
// browsers in it are passed over.
func TestOpenPicksAGraphicalBrowser(t *testing.T) {
	x11 := map[string]string{"DISPLAY": ":0"}
	for _, c := range []struct {
		goos    string
		vars    map[string]string
		browser string
		want    string
	}{
		{"linux", x11, "", "xdg-open " + page},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, "", "xdg-open " + page},
		{"linux", x11, "lynx", "xdg-open " + page},
		{"linux", x11, "lynx:firefox", "firefox " + page},
		{"linux", nil, "firefox --new-window %s", "firefox --new-window " + page}, // chosen: trusted without a display
		{"freebsd", x11, "", "xdg-open " + page},
		{"darwin", nil, "", "open " + page},
		{"darwin", nil, "w3m", "open " + page},
		{"windows", nil, "", "rundll32 url.dll,FileProtocolHandler " + page},
		{"windows", nil, `"C:\Program Files\Mozilla\firefox.exe"`, `C:\Program Files\Mozilla\firefox.exe ` + page}, // one path
	} {
		vars := map[string]string{"BROWSER": c.browser}
		for k, v := range c.vars {
			vars[k] = v
		}
		f := &fakeEnv{vars: vars}
		o := Open(f.Env(c.goos), page)
		if len(f.ran) != 1 || o.Outcome != OpenDone {
			t.Errorf("%s BROWSER=%q: ran %v, %+v", c.goos, c.browser, f.ran, o)
			continue
		}
		if got := strings.Join(f.ran[0], " "); got != c.want {
			t.Errorf("%s BROWSER=%q: ran %q, want %q", c.goos, c.browser, got, c.want)
		}
		if f.ran[0][0] == "xdg-open" {
			env := strings.Join(f.env[0], " ")
			if !strings.Contains(env, "BROWSER=x-www-browser:firefox") || strings.Contains(env, "lynx") || strings.Contains(env, "w3m") {
				t.Errorf("xdg-open's $BROWSER: %q", env)
			}
		}
	}
}

// What the launcher did is said in words, the URL whenever it did not open, and
// never what the launcher printed.
func TestOpenSaysWhatTheLauncherDid(t *testing.T) {
	exit3 := exec.Command("sh", "-c", "exit 3").Run()
	exit1 := exec.Command("sh", "-c", "exit 1").Run()
	x11 := map[string]string{"DISPLAY": ":0"}
	for _, c := range []struct {
		l       Launch
		browser string
		notice  bool
		want    string
	}{
		{Launch{}, "", true, "Opened " + page},
		{Launch{Running: true}, "firefox", true, "Opening " + page + " in firefox"},
		{Launch{Err: exit3}, "", false, "xdg-open found no browser (set $BROWSER to yours): the page is " + page + " (y copies it)"},
		{Launch{Err: exit1}, "firefox", false, "firefox failed (exit status 1): the page is " + page},
		{Launch{Err: &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound}}, "", false, "no xdg-open here (install xdg-utils"},
		{Launch{Err: &exec.Error{Name: "chromium", Err: exec.ErrNotFound}}, "chromium", false, "no chromium here (set $BROWSER"},
		{Launch{Err: errors.New("fork/exec: permission denied")}, "", false, "xdg-open could not be started: the page is " + page},
	} {
		vars := map[string]string{"BROWSER": c.browser}
		for k, v := range x11 {
			vars[k] = v
		}
		f := &fakeEnv{vars: vars, l: c.l}
		msg := Open(f.Env("linux"), page).Msg()
		var text string
		switch m := msg.(type) {
		case msgs.Notice:
			text = m.Text
		case msgs.Error:
			text = m.Err.Error()
		}
		if _, isNotice := msg.(msgs.Notice); isNotice != c.notice || !strings.Contains(text, c.want) {
			t.Errorf("%+v: %#v, want %q", c.l, msg, c.want)
		}
	}
	if o := Open((&fakeEnv{}).Env("linux"), "file:///etc/passwd"); o.Outcome != OpenRefused {
		t.Errorf("a file URL: %+v", o)
	} else if e, ok := o.Msg().(msgs.Error); !ok || !strings.Contains(e.Err.Error(), "not an http(s) address") {
		t.Errorf("a file URL: %#v", o.Msg())
	}
}
