package termimg

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

const (
	kittyOK = "\x1b_Gi=31;OK\x1b\\"
	da1     = "\x1b[?62;4;22c"
)

// keys are what users type that looks most like an answer: arrows, PageDown with
// ctrl (ESC [ 6 ; 5 ~), a mouse report, alt+_ and a lone Esc, and Cyrillic text.
const keys = "j\x1b[A\x1b[6;5~\x1b[<0;10;5M\x1b_x\x1bпривіт\x1b[6~q"

// TestAnswersNeverBecomeKeys: wherever a read ends, inside an answer or a key, the
// answers are taken out and every key comes through once, in order.
func TestAnswersNeverBecomeKeys(t *testing.T) {
	stream := "x" + kittyOK + keys[:9] + "\x1bP>|kitty(0.35)\x1b\\" + keys[9:] + "\x1b[6;20;10t" + da1 + "z"
	want := "x" + keys + "z"
	for cut := 0; cut <= len(stream); cut++ {
		d := NewDetector(noEnv, time.Minute)
		d.askOnce()
		got := string(d.take([]byte(stream[:cut]))) + string(d.take([]byte(stream[cut:])))
		if got != want {
			t.Fatalf("cut at %d: keys %q, want %q", cut, got, want)
		}
		if c := d.Caps(time.Second); c.Protocol != Kitty || c.CellW != 10 || c.CellH != 20 {
			t.Fatalf("cut at %d: %+v", cut, c)
		}
	}
}

// TestNothingHeldOnceAnswered: after DA1 (or the time-out), a read ending in what
// could begin an answer is passed on at once: no key waits for the next read.
func TestNothingHeldOnceAnswered(t *testing.T) {
	d := NewDetector(noEnv, time.Minute)
	d.askOnce()
	if got := string(d.take([]byte(da1 + "\x1b["))); got != "" {
		t.Fatalf("before DA1 was read whole: %q", got)
	}
	if got := string(d.take([]byte("A\x1b[6;5"))); got != "\x1b[A\x1b[6;5" {
		t.Fatalf("after DA1: %q", got)
	}
	// A late answer is still not a key.
	if got := string(d.take([]byte("a" + kittyOK + "b"))); got != "ab" {
		t.Fatalf("late answer: %q", got)
	}
	d = NewDetector(noEnv, time.Millisecond)
	d.askOnce()
	if c := d.Caps(time.Second); c.Protocol != Blocks {
		t.Fatalf("a terminal that answers nothing: %v", c.Protocol)
	}
	if got := string(d.take([]byte("\x1b["))); got != "\x1b[" {
		t.Fatalf("after the time-out: %q", got)
	}
}

// TestTerminalInputReads: what the program reads from a terminal is its keys only.
func TestTerminalInputReads(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	d := NewDetector(noEnv, time.Minute)
	d.askOnce()
	in := d.Input(r)
	if in.Fd() != r.Fd() || in.Name() != r.Name() {
		t.Fatal("not the terminal's file to Bubble Tea")
	}
	_, _ = w.WriteString("\x1b_Gi=31;O")
	buf := make([]byte, 256)
	if n, _ := in.Read(buf); n != 0 {
		t.Fatalf("a cut answer read as %q", buf[:n])
	}
	_, _ = w.WriteString("K\x1b\\" + keys + da1)
	var got []byte
	for len(got) < len(keys) {
		n, err := in.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, buf[:n]...)
	}
	if string(got) != keys || d.Caps(time.Second).Protocol != Kitty {
		t.Fatalf("read %q", got)
	}
	// A short buffer still gets every key, in order, over several reads, the last
	// ones without waiting for more input.
	d = NewDetector(noEnv, time.Minute)
	d.askOnce()
	in = d.Input(r)
	_, _ = w.WriteString("\x1b[6;5")
	if n, _ := in.Read(buf); n != 0 {
		t.Fatalf("a cut sequence read as %q while awaiting answers", buf[:n])
	}
	_, _ = w.WriteString("~abc")
	small := make([]byte, 2)
	got = got[:0]
	for len(got) < len("\x1b[6;5~abc") {
		n, _ := in.Read(small)
		got = append(got, small[:n]...)
	}
	if string(got) != "\x1b[6;5~abc" {
		t.Fatalf("short reads: %q", got)
	}
}

// TestPainterAsksOnceTheProgramHasTheTerminal: the questions go out right after the
// alternate screen is entered (raw mode, the program's input reading), once, and
// never before: answers to a terminal still in cooked mode would be echoed.
func TestPainterAsksOnceTheProgramHasTheTerminal(t *testing.T) {
	var out bytes.Buffer
	d := NewDetector(noEnv, time.Minute)
	p := NewDetectingPainter(&out, d)
	_, _ = p.Write([]byte("\x1b[?25l"))
	if strings.Contains(out.String(), Questions) {
		t.Fatal("asked before the alternate screen")
	}
	_, _ = p.Write([]byte("\x1b[?1049h"))
	_, _ = p.Write([]byte("frame"))
	_, _ = p.Write([]byte("\x1b[?1049l\x1b[?1049h")) // back from an external editor
	if n := strings.Count(out.String(), Questions); n != 1 {
		t.Fatalf("asked %d times: %q", n, out.String())
	}
	if p.protocol() != Blocks {
		t.Fatal("a protocol before any answer")
	}
	done := make(chan Caps)
	go func() { done <- p.Caps() }()
	d.take([]byte(kittyOK + da1))
	if c := <-done; c.Protocol != Kitty || p.protocol() != Kitty {
		t.Fatalf("%+v", c)
	}
}
