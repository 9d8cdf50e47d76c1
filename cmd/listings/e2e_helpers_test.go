package main

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The end-to-end harness: the listings binary (built once by TestMain) runs in a
// detached tmux session of a fixed size on a tmux server of its own (-L), with a home
// of its own. Tests drive it with send and read it with screen and waitFor; nothing
// sleeps for a fixed time to decide an outcome.
//
//	s := launchTUI(t, 100, 30, "--sandbox")
//	s.waitFor("[active 28]")
//	s.send("Down", "Enter")
//	s.waitFor("Public page")
//	s.send("q")
//	s.waitExit(0)
//	s.checkRestored()

// e2eWait bounds every wait: generous, for a loaded 2-core CI machine. A wait ends as
// soon as the text appears.
const e2eWait = 30 * time.Second

// exitMarker is printed by the pane's shell after the app exits, with its status;
// ttyMarker then shows the terminal's line discipline flags.
const (
	exitMarker = "__LISTINGS_EXITED__"
	ttyMarker  = "__TTY__"
)

var tmuxServers atomic.Int32

// tuiSession is the app running in tmux.
type tuiSession struct {
	t      *testing.T
	socket string // the tmux server's name (-L)
	target string
	home   string // HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME are under it
	tmpdir string // the tmux server's TMUX_TMPDIR
	w, h   int
}

// launchTUI runs `listings args...` in a new tmux session of w×h. The test is skipped,
// saying why, when tmux is missing (.ci/run installs it). env adds variables
// ("NO_COLOR=1") to the clean environment the app gets.
func launchTUI(t *testing.T, w, h int, args []string, env ...string) *tuiSession {
	t.Helper()
	return launchTUIHome(t, "", w, h, args, env...)
}

// launchTUIHome is launchTUI with the home directory of an earlier session ("" for a
// new one): a second start sees what the first one stored.
func launchTUIHome(t *testing.T, home string, w, h int, args []string, env ...string) *tuiSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed, so the end-to-end TUI tests cannot run: install it (apt-get install tmux; .ci/run does)")
	}
	dir := t.TempDir()
	s := &tuiSession{
		t:      t,
		socket: fmt.Sprintf("listings-e2e-%d-%d", os.Getpid(), tmuxServers.Add(1)),
		target: "app",
		home:   cmp.Or(home, filepath.Join(dir, "home")),
		tmpdir: dir,
		w:      w, h: h,
	}
	if err := os.MkdirAll(s.home, 0o700); err != nil {
		t.Fatal(err)
	}
	// The pane runs a script: the app, then the markers, then it stays open so the
	// test can read what the terminal looks like after the app left.
	quoted := []string{shellQuote(binary)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	script := filepath.Join(dir, "run.sh")
	body := strings.Join(quoted, " ") + "\n" +
		"code=$?\n" +
		"printf '\\n" + exitMarker + " %d\\n' \"$code\"\n" +
		"printf '" + ttyMarker + " %s\\n' \"$(stty -a | tr ' ;' '\\n\\n' | grep -x -E -- '-?(icanon|echo)' | tr '\\n' ' ')\"\n" +
		"exec sleep 3600\n"
	if err := os.WriteFile(script, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	environ := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + s.home,
		"XDG_CONFIG_HOME=" + filepath.Join(s.home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(s.home, ".cache"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8", "LC_ALL=C.UTF-8",
		"TMUX_TMPDIR=" + dir,
	}
	environ = append(environ, env...)
	cmd := exec.Command("tmux", "-u", "-L", s.socket, "-f", "/dev/null", "new-session", "-d",
		"-s", s.target, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sh "+shellQuote(script))
	cmd.Env = environ
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", s.screen())
		}
		k := exec.Command("tmux", "-L", s.socket, "kill-server")
		k.Env = environ
		_ = k.Run()
	})
	return s
}

// tmux runs a tmux command on this session's server.
func (s *tuiSession) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-u", "-L", s.socket}, args...)...)
	cmd.Env = append(os.Environ(), "TMUX_TMPDIR="+s.tmpdir, "LC_ALL=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen is what the terminal shows now, as text.
func (s *tuiSession) screen() string {
	return s.tmux("capture-pane", "-p", "-t", s.target)
}

// screenWithEscapes is the screen with its colours and attributes as SGR sequences.
func (s *tuiSession) screenWithEscapes() string {
	return s.tmux("capture-pane", "-p", "-e", "-t", s.target)
}

// send types keys, one tmux send-keys each, in tmux's key names ("Down", "Enter",
// "Escape", "BTab", "NPage", "q"). One at a time: letters sent together would reach
// the app as one multi-rune key press, and Escape followed at once by a letter reads
// as alt+letter.
func (s *tuiSession) send(keys ...string) {
	s.t.Helper()
	for i, k := range keys {
		if i > 0 {
			time.Sleep(40 * time.Millisecond) // pacing between presses, not a wait for an outcome
		}
		s.tmux("send-keys", "-t", s.target, k)
	}
}

// waitFor waits until the screen shows every one of texts, and returns it.
func (s *tuiSession) waitFor(texts ...string) string {
	s.t.Helper()
	return s.waitUntil(strings.Join(texts, " and "), func(scr string) bool {
		for _, x := range texts {
			if !strings.Contains(scr, x) {
				return false
			}
		}
		return true
	})
}

// waitMatch waits until the screen matches re, and returns the match.
func (s *tuiSession) waitMatch(re string) string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	scr := s.waitUntil("/"+re+"/", rx.MatchString)
	return rx.FindString(scr)
}

// waitUntil polls the screen until ok holds, failing the test with the last screen
// after e2eWait.
func (s *tuiSession) waitUntil(what string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(e2eWait)
	for {
		scr := s.screen()
		if ok(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %s for %s; the screen:\n%s", e2eWait, what, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// line is the first screen line containing sub, or "".
func (s *tuiSession) line(sub string) string {
	for _, l := range strings.Split(s.screen(), "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// selected is the table row under the cursor.
func (s *tuiSession) selected() string { return s.line("›") }

// bellRung reports whether the terminal bell rang in the session (tmux flags a
// window whose bell rang while no client looked at it).
func (s *tuiSession) bellRung() bool {
	return strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.target, "#{window_bell_flag}")) == "1"
}

// waitExit waits for the app to exit with code.
func (s *tuiSession) waitExit(code int) {
	s.t.Helper()
	s.waitFor(fmt.Sprintf("%s %d", exitMarker, code))
}

// checkRestored checks the app gave the terminal back: the alternate screen left,
// the cursor shown, mouse reporting off, and the line discipline cooked again (icanon
// and echo on).
func (s *tuiSession) checkRestored() {
	s.t.Helper()
	flags := strings.Fields(s.tmux("display-message", "-p", "-t", s.target,
		"#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_button_flag} #{mouse_all_flag}"))
	if want := []string{"0", "1", "0", "0", "0"}; strings.Join(flags, " ") != strings.Join(want, " ") {
		s.t.Errorf("terminal flags (alternate, cursor, mouse any/button/all) = %v, want %v", flags, want)
	}
	tty := s.waitFor(ttyMarker)
	for _, l := range strings.Split(tty, "\n") {
		if strings.HasPrefix(l, ttyMarker) {
			f := strings.Fields(strings.TrimPrefix(l, ttyMarker))
			if strings.Join(f, " ") != "icanon echo" {
				s.t.Errorf("terminal modes after exit: %v, want icanon echo", f)
			}
		}
	}
	// The app's frames were on the alternate screen: nothing of them is left.
	if scr := s.screen(); strings.Contains(scr, "listings · ") {
		s.t.Errorf("the app's frame is still on the screen:\n%s", scr)
	}
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
