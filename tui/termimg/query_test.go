package termimg

import (
	"strings"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

func TestQueryChoosesFromTheAnswers(t *testing.T) {
	const (
		kittyOK = "\x1b_Gi=31;OK\x1b\\"
		cell    = "\x1b[6;20;10t"
	)
	for _, c := range []struct {
		name    string
		answers []string
		env     map[string]string
		want    Protocol
	}{
		{"kitty", []string{kittyOK + cell, "\x1b[?62;22c"}, nil, Kitty},
		// Answers split anywhere across reads are joined.
		{"kitty split", []string{"\x1b_Gi=3", "1;OK\x1b", "\\\x1b[?62;c"}, nil, Kitty},
		{"kitty error", []string{"\x1b_Gi=31;ENOTSUPPORTED\x1b\\\x1b[?62c"}, nil, Blocks},
		{"sixel", []string{"\x1bP>|foot(1.16)\x1b\\" + cell + "\x1b[?62;4;22c"}, nil, Sixel},
		{"sixel without cell size", []string{"\x1b[?62;4;22c"}, nil, Blocks},
		{"iterm2 by its version", []string{"\x1bP>|iTerm2 3.5.0\x1b\\\x1b[?62;4c"}, nil, ITerm},
		{"iterm2 by its env", []string{"\x1b[?62;22c"}, map[string]string{"TERM_PROGRAM": "iTerm.app"}, ITerm},
		{"plain xterm", []string{"\x1b[?1;2c"}, nil, Blocks},
		{"nothing within the time-out", nil, nil, Blocks},
		// tmux answers for itself: sixel when it draws it, never kitty through it.
		{"tmux with sixel", []string{cell + "\x1b[?1;2;4c"}, map[string]string{"TMUX": "/tmp/t,1,0"}, Sixel},
		{"tmux", []string{kittyOK + "\x1b[?1;2c"}, map[string]string{"TMUX": "/tmp/t,1,0"}, Blocks},
		// A key typed while asking is skipped.
		{"typing", []string{"x" + kittyOK + "\x1b[?62c"}, nil, Kitty},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := func(k string) string { return c.env[k] }
			d := NewDetector(env, 50*time.Millisecond)
			if q := d.askOnce(); q != Questions || d.askOnce() != "" {
				t.Fatalf("asked %q, then again", q)
			}
			start := time.Now()
			var keys []byte
			for _, r := range c.answers {
				keys = append(keys, d.take([]byte(r))...)
			}
			got := d.Caps(time.Second)
			if c.answers != nil && time.Since(start) > 40*time.Millisecond {
				t.Errorf("waited %v after DA1", time.Since(start))
			}
			if got.Protocol != c.want {
				t.Errorf("got %v, want %v (answers %+v)", got.Protocol, c.want, d.ans)
			}
			if want := strings.Repeat("x", strings.Count(strings.Join(c.answers, ""), "x")); string(keys) != want {
				t.Errorf("keys %q, want %q", keys, want)
			}
		})
	}
}

func TestModes(t *testing.T) {
	for in, want := range map[string]Protocol{"off": Blocks, "kitty": Kitty, "SIXEL": Sixel, "iterm2": ITerm} {
		m, err := ParseMode(in)
		if err != nil {
			t.Fatal(err)
		}
		// A forced protocol asks nothing: no terminal is given here.
		if got, d := Detect(m, noEnv, nil, nil, time.Millisecond); got.Protocol != want || d != nil {
			t.Errorf("%s: %v", in, got)
		}
	}
	if m, _ := ParseMode(""); m != Auto {
		t.Error("the default is not auto")
	} else if c, d := Detect(m, noEnv, nil, nil, time.Millisecond); c.Protocol != Blocks || d != nil {
		t.Error("auto without a terminal is not half-blocks")
	}
	if _, err := ParseMode("pictures"); err == nil {
		t.Error("an unknown mode accepted")
	}
}

// A program given its input or output (a test) is never asked anything: without a
// protocol named it draws half-blocks with no painter in between, and with one it
// paints into the output given.
func TestForProgramAsksOnlyTheRealTerminal(t *testing.T) {
	env := func(string) string { return "" }
	in, out := strings.NewReader(""), &strings.Builder{}
	p, got := ForProgram(Auto, env, in, out)
	if p != nil || got != in {
		t.Errorf("auto with a given terminal: painter %v, input kept %v", p != nil, got == in)
	}
	p, got = ForProgram(Off, env, in, out)
	if p != nil || got != in {
		t.Errorf("off: painter %v", p != nil)
	}
	p, got = ForProgram(Mode("kitty"), env, in, out)
	if p == nil || p.Protocol() != Kitty || got != in {
		t.Fatalf("kitty named: painter %v", p)
	}
	_ = p.Close()
}
