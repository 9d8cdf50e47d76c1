package nudge

import "testing"

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
		if got := Detect(c.env).Seq("Listing 7 approved"); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	// A title cannot end the sequence early or smuggle another one in.
	if got := (Terminal{Kind: OSC9}).Seq("a\x1b]0;pwned\a\nb"); got != "\x1b]9;a ]0;pwned  b\a" {
		t.Errorf("control characters kept: %q", got)
	}
}
