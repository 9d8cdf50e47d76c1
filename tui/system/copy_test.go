package system

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/atotto/clipboard"

	"github.com/listings-tui/listings/tui/msgs"
)

// fakeClip is a machine whose clipboard tool answers err (or hangs), with or without
// a terminal for OSC 52, recording what was sent there.
type fakeClip struct {
	vars     map[string]string
	noTool   bool
	err      error
	hang     bool
	terminal bool
	wrote    []string
	osc      []string
}

func (f *fakeClip) Clipboard(goos string) Clipboard {
	return Clipboard{GOOS: goos, Getenv: func(k string) string { return f.vars[k] }, NoTool: f.noTool,
		Write: func(s string) error {
			if f.hang {
				time.Sleep(time.Hour)
			}
			f.wrote = append(f.wrote, s)
			return f.err
		},
		Terminal: func() bool { return f.terminal },
		OSC52:    func(s string) { f.osc = append(f.osc, s) },
		Wait:     50 * time.Millisecond}
}

func text(msg any) (string, bool) {
	switch m := msg.(type) {
	case msgs.Notice:
		return m.Text, true
	case msgs.Error:
		return m.Err.Error(), false
	}
	return "", false
}

// y says whether the copy worked: "Copied" only when the system clipboard took it;
// through OSC 52, that the terminal may ignore it; with neither, that no clipboard
// works here, with the URL to copy by hand.
func TestCopySaysWhetherAClipboardWorks(t *testing.T) {
	for _, c := range []struct {
		name   string
		f      fakeClip
		notice bool
		want   []string
		osc    bool
	}{
		{"tool", fakeClip{}, true, []string{"Copied " + page}, false},
		{"no tool, no terminal", fakeClip{noTool: true}, false,
			[]string{"no clipboard here (no xclip, xsel or wl-copy, and no terminal for OSC 52): the page is " + page}, false},
		{"no tool, a terminal", fakeClip{noTool: true, terminal: true}, true,
			[]string{"No xclip, xsel or wl-copy: sent to the terminal's clipboard (OSC 52), if it takes that: " + page}, true},
		{"in tmux", fakeClip{noTool: true, terminal: true, vars: map[string]string{"TMUX": "/tmp/tmux-0/default,1,0"}}, true,
			[]string{"OSC 52", page, "set -g set-clipboard on"}, true},
		{"xclip without a display", fakeClip{err: errors.New("exit status 1"), terminal: false}, false,
			[]string{"no clipboard here (no DISPLAY for the clipboard tool", page}, false},
		{"a tool that hangs", fakeClip{hang: true, terminal: false}, false,
			[]string{"the clipboard tool did not answer", page}, false},
	} {
		f := c.f
		start := time.Now()
		got, notice := text(Copy(f.Clipboard("linux"), page).Msg())
		if notice != c.notice {
			t.Errorf("%s: notice %v: %q", c.name, notice, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.name, got, w)
			}
		}
		if (len(f.osc) == 1 && f.osc[0] == page) != c.osc {
			t.Errorf("%s: OSC 52 sent %v", c.name, f.osc)
		}
		if time.Since(start) > 2*time.Second {
			t.Errorf("%s: took %v", c.name, time.Since(start))
		}
	}
	if got, _ := text(Copy((&fakeClip{}).Clipboard("linux"), "javascript:x").Msg()); !strings.Contains(got, "not an http(s) address") {
		t.Errorf("a bad URL: %q", got)
	}
}

// Through the command the views run, on this machine: when no clipboard tool is
// installed and stderr is no terminal (go test), the message gives the URL.
func TestCopyURLWithoutAClipboardGivesTheURL(t *testing.T) {
	if !clipboard.Unsupported || HereClipboard().Terminal() {
		t.Skip("a clipboard tool or a terminal is here")
	}
	got, _ := text(CopyURL(page)())
	if !strings.Contains(got, "the page is "+page) {
		t.Errorf("%q lacks the URL", got)
	}
}
