package tui

import (
	"bytes"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/sandbox"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestNotifySequences(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env  func(string) string
		want string
	}{
		{env("TERM_PROGRAM", "WezTerm"), "\x1b]9;Listing 7 approved\a"},
		{env("TERM", "xterm-kitty"), "\x1b]9;Listing 7 approved\a"},
		{env("VTE_VERSION", "7600"), "\x1b]777;notify;listings;Listing 7 approved\a"},
		{env("TERM", "xterm-256color"), ""},
		{env("TERM_PROGRAM", "iTerm.app", "TMUX", "/tmp/tmux-0/default,1,0"), "\x1bPtmux;\x1b\x1b]9;Listing 7 approved\a\x1b\\"},
	} {
		kind, tmux := detectNotify(c.env)
		if got := notifySeq(kind, tmux, "Listing 7 approved"); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	// A title cannot end the sequence early or smuggle another one in.
	if got := notifySeq(notifyOSC9, false, "a\x1b]0;pwned\a\nb"); got != "\x1b]9;a ]0;pwned  b\a" {
		t.Errorf("control characters kept: %q", got)
	}
}

// A decision rings the bell and notifies unless the user watches the panel in this
// window, or asked for quiet.
func TestNudgeOnlyWhenNotLooking(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	opts := f.options()
	opts.Getenv = func(k string) string {
		if k == "TERM_PROGRAM" {
			return "WezTerm"
		}
		return ""
	}
	m := f.model(opts, 100, 30)
	var out bytes.Buffer
	m.bell = &out
	decided := msgs.Notice{Bell: true, Text: "✓ Listing 7 was approved: active"}
	m, _ = f.run(m, decided)
	if out.String() != "\a\x1b]9;✓ Listing 7 was approved: active\a" {
		t.Fatalf("on the list: %q", out.String())
	}
	out.Reset()
	m, _ = f.press(m, "W")
	m, _ = f.run(m, decided)
	if out.Len() != 0 {
		t.Fatalf("on the watch panel, in focus: %q", out.String())
	}
	m, _ = f.run(m, tea.BlurMsg{})
	m, _ = f.run(m, decided)
	if out.Len() == 0 {
		t.Fatal("on the panel in another window: no nudge")
	}
	out.Reset()
	opts.Quiet = true
	q := f.model(opts, 100, 30)
	q.bell = &out
	q, _ = f.run(q, decided)
	if out.Len() != 0 {
		t.Fatalf("quiet: %q", out.String())
	}
}
