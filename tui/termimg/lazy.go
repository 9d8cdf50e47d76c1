package termimg

import (
	"bytes"
	"os"
	"sync"
	"time"
)

// Asking the terminal before the program starts costs its first frame a round trip
// with the terminal (and up to the time-out with one that answers nothing), for a
// photo most starts never show. So the questions go out right after the first frame
// (Painter.Write), and the answers come back on the program's own input: Input takes
// them out of what Bubble Tea reads, which would otherwise parse them as keys (an
// APC's letters typed into a field). Nothing waits for them until a photo is about
// to be encoded (Painter.Caps), long after they came in any real use.

// maxHeld bounds a partial answer held back between two reads: more than any answer
// to these questions, so a longer run of bytes is not one and goes on as keys.
const maxHeld = 128

// Detector learns what the terminal draws from its answers to Questions.
type Detector struct {
	getenv  func(string) string
	timeout time.Duration

	mu     sync.Mutex
	asked  bool
	ans    Answers
	held   []byte // the start of an answer cut by the end of a read
	result Caps
	ready  chan struct{} // closed once result is known
	once   sync.Once
}

// NewDetector returns a detector that gives the terminal timeout to answer, from the
// moment it is asked; getenv is read when choosing (Choose).
func NewDetector(getenv func(string) string, timeout time.Duration) *Detector {
	return &Detector{getenv: getenv, timeout: timeout, ready: make(chan struct{})}
}

// askOnce returns the questions the first time and nothing after (nothing from a nil
// detector): the caller writes them to the terminal. The time-out starts now.
func (d *Detector) askOnce() string {
	if d == nil {
		return ""
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.asked {
		return ""
	}
	d.asked = true
	time.AfterFunc(d.timeout, d.finish)
	return Questions
}

// finish settles the result from the answers so far; only the first call counts.
func (d *Detector) finish() {
	d.once.Do(func() {
		d.mu.Lock()
		d.result = Choose(d.ans, d.getenv)
		d.mu.Unlock()
		close(d.ready)
	})
}

// Caps waits for the answers (at most the time-out after the questions, or
// giveUp when they have not been asked: no frame was ever written) and returns what
// the terminal draws.
func (d *Detector) Caps(giveUp time.Duration) Caps {
	select {
	case <-d.ready:
	case <-time.After(giveUp):
		d.finish()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.result
}

// settled reports what is known without waiting: Blocks until the answers are in.
func (d *Detector) settled() Caps {
	select {
	case <-d.ready:
		d.mu.Lock()
		defer d.mu.Unlock()
		return d.result
	default:
		return Caps{}
	}
}

// waiting reports whether answers may still come: a partial one is held back only
// then, so that after the answers no key is ever delayed.
func (d *Detector) waiting() bool {
	select {
	case <-d.ready:
		return false
	default:
		d.mu.Lock()
		defer d.mu.Unlock()
		return d.asked
	}
}

// take removes the answers from b, a read of the terminal's input, and returns what
// is left: the keys. An answer cut by the end of b is held back for the next read
// while answers are awaited. Answers are removed even after the time-out: a late one
// is still not a key.
func (d *Detector) take(b []byte) []byte {
	wait := d.waiting()
	d.mu.Lock()
	data := b
	if len(d.held) > 0 {
		data = append(d.held, b...)
		d.held = nil
	}
	out := b[:0]
	if len(data) > len(b) {
		out = make([]byte, 0, len(data))
	}
	da1 := false
	for i := 0; i < len(data); {
		n, complete := answerAt(data[i:])
		switch {
		case n > 0 && complete:
			a := parseAnswers(data[i : i+n])
			d.merge(a)
			da1 = da1 || a.DA1
			i += n
		case n > 0 && wait && i+n == len(data):
			d.held = append([]byte(nil), data[i:]...)
			i += n
		default:
			out = append(out, data[i])
			i++
		}
	}
	d.mu.Unlock()
	if da1 { // every answer meant comes before DA1's
		d.finish()
	}
	return out
}

// merge adds one answer to what the terminal said so far.
func (d *Detector) merge(a Answers) {
	d.ans.Kitty = d.ans.Kitty || a.Kitty
	d.ans.Sixel = d.ans.Sixel || a.Sixel
	d.ans.DA1 = d.ans.DA1 || a.DA1
	if a.Version != "" {
		d.ans.Version = a.Version
	}
	if a.CellW > 0 {
		d.ans.CellW, d.ans.CellH = a.CellW, a.CellH
	}
}

// answerAt measures the answer b starts with: its length and true when b holds all
// of it; the length of b and false when b is a beginning of one that is cut; 0 when b
// does not start an answer. The answers are an APC (kitty: ESC _ G … ST), a DCS
// (XTVERSION: ESC P … ST), DA1 (ESC [ ? digits;… c) and the cell size
// (ESC [ 6 ; h ; w t); none is a key, and no key is one of them: PageDown with
// modifiers (ESC [ 6 ; 5 ~) ends in another letter. A lone ESC at the end of a read
// is held too while answers are awaited: passed on, it would make the rest of a cut
// answer a key and letters typed. An Esc pressed then waits for the answers, a few
// milliseconds, or for the next key with a terminal that answers nothing.
func answerAt(b []byte) (int, bool) {
	if len(b) == 0 || b[0] != 0x1b {
		return 0, false
	}
	if len(b) == 1 { // an Esc, or an answer's first byte
		return 1, false
	}
	switch b[1] {
	case '_', 'P':
		if b[1] == '_' && len(b) > 2 && b[2] != 'G' {
			return 0, false
		}
		if end := bytes.Index(b, []byte("\x1b\\")); end >= 0 {
			return end + 2, true
		}
		if len(b) > maxHeld {
			return 0, false
		}
		return len(b), false
	case '[':
		return csiAnswerAt(b)
	}
	return 0, false
}

// csiAnswerAt is answerAt for DA1 and the cell size.
func csiAnswerAt(b []byte) (int, bool) {
	i := 2
	for i < len(b) && (b[i] >= '0' && b[i] <= '9' || b[i] == ';' || b[i] == '?') {
		i++
	}
	params := b[2:i]
	da1 := len(params) > 0 && params[0] == '?'
	cell := bytes.HasPrefix(params, []byte("6;")) || string(params) == "6"
	if i == len(b) { // cut: a beginning of either, or of nothing known
		if len(params) == 0 || da1 || cell {
			return len(b), false
		}
		return 0, false
	}
	switch {
	case da1 && b[i] == 'c', cell && b[i] == 't':
		return i + 1, true
	}
	return 0, false
}

// Input is what the program reads instead of in (a terminal): in, without the
// answers to Questions. It is a file to Bubble Tea, which puts the terminal in raw
// mode by its descriptor and waits on it to read (cancelreader's epoll), so that
// quitting and an external editor still interrupt a read.
func (d *Detector) Input(in *os.File) *TerminalInput { return &TerminalInput{f: in, d: d} }

// TerminalInput is a terminal's input with the answers taken out.
type TerminalInput struct {
	f       *os.File
	d       *Detector
	pending []byte // keys that did not fit the last read's buffer
}

func (t *TerminalInput) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if len(t.pending) > 0 {
		k := copy(b, t.pending)
		t.pending = t.pending[k:]
		return k, nil
	}
	// Room is left for a held answer's start, which may turn out to be keys: with
	// Bubble Tea's reads (256 bytes) they always fit.
	t.d.mu.Lock()
	room := max(len(b)-len(t.d.held), 1)
	t.d.mu.Unlock()
	n, err := t.f.Read(b[:room])
	if n <= 0 {
		return n, err
	}
	keys := t.d.take(b[:n])
	k := copy(b, keys)
	t.pending = append(t.pending, keys[k:]...)
	return k, err
}

func (t *TerminalInput) Write(b []byte) (int, error) { return t.f.Write(b) }
func (t *TerminalInput) Fd() uintptr                 { return t.f.Fd() }
func (t *TerminalInput) Name() string                { return t.f.Name() }

// Close does not close the terminal, which is not the program's to close.
func (t *TerminalInput) Close() error { return nil }
