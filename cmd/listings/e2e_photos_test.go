package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// ptyTerminal is the app in a pseudo-terminal whose other side plays the terminal:
// it answers the cursor report (as every terminal does, so that Bubble Tea's start is
// not delayed) and, when kitty is true, the kitty graphics query and the device
// attributes that follow it. tmux cannot play this part: it answers for itself.
type ptyTerminal struct {
	t     *testing.T
	ptmx  *os.File
	cmd   *exec.Cmd
	mu    sync.Mutex
	out   bytes.Buffer
	kitty bool
}

func startInPty(t *testing.T, kitty bool) *ptyTerminal {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(binary, "--sandbox")
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"TERM=xterm-256color", "COLORTERM=truecolor", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
	}
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	p := &ptyTerminal{t: t, ptmx: ptmx, cmd: cmd, kitty: kitty}
	go p.play()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = ptmx.Close()
		if t.Failed() {
			t.Logf("output: %q", p.output())
		}
	})
	return p
}

// play reads what the app writes and answers its questions as they come.
func (p *ptyTerminal) play() {
	buf := make([]byte, 64<<10)
	seen := 0
	for {
		n, err := p.ptmx.Read(buf)
		if n > 0 {
			p.mu.Lock()
			p.out.Write(buf[:n])
			all := p.out.Bytes()
			// Questions may be split across reads: look again from a little before.
			from := max(seen-8, 0)
			fresh := string(all[from:])
			seen = len(all)
			p.mu.Unlock()
			for range strings.Count(fresh, "\x1b[6n") {
				_, _ = p.ptmx.WriteString("\x1b[1;1R")
			}
			if p.kitty && strings.Contains(fresh, "\x1b[c") {
				_, _ = p.ptmx.WriteString("\x1b_Gi=31;OK\x1b\\\x1b[?62;22c")
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *ptyTerminal) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// waitFor waits until the app has written every one of texts.
func (p *ptyTerminal) waitFor(texts ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(e2eWait)
	for {
		out := p.output()
		ok := true
		for _, s := range texts {
			ok = ok && strings.Contains(out, s)
		}
		if ok {
			return out
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("never written: %q", texts)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestE2EPhotoAsKittyPicture: in a terminal that answers the kitty graphics query,
// the detail view sends the main photo (a=t) and places it (a=p) over its preview.
func TestE2EPhotoAsKittyPicture(t *testing.T) {
	p := startInPty(t, true)
	out := p.waitFor("› ")
	// The terminal is asked once the program has it, not before its first frame.
	if q, alt := strings.Index(out, "\x1b_Gi=31,"), strings.Index(out, "\x1b[?1049h"); q < alt || alt < 0 {
		t.Fatalf("asked at %d, the alternate screen at %d", q, alt)
	}
	_, _ = p.ptmx.WriteString("\r")
	p.waitFor("Public page", "\x1b_Ga=t,f=100,q=2,i=", "\x1b_Ga=p,i=")
	_, _ = p.ptmx.WriteString("\x1b") // back to the list: the picture goes
	p.waitFor("\x1b_Ga=d,d=i,i=")
}

// TestE2EPhotoAsHalfBlocks: a terminal that answers nothing to the questions gets
// the half-blocks, and no picture.
func TestE2EPhotoAsHalfBlocks(t *testing.T) {
	p := startInPty(t, false)
	p.waitFor("› ")
	_, _ = p.ptmx.WriteString("\r")
	out := p.waitFor("Public page", "▀")
	if strings.Contains(out, "\x1b_Ga=") || strings.Contains(out, "\x1bP0;") {
		t.Fatalf("a picture written to a terminal that draws none")
	}
}
