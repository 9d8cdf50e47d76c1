package termimg

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// A picture cannot go through Bubble Tea's renderer: it diffs the frame line by line
// and would re-send, cut or skip a picture's escape sequence as if it were text. So a
// view draws the half-blocks as always and marks each of their lines (Mark); the root
// hands its finished frame to Frame, which takes the marks out and learns where the
// picture goes, or that it goes nowhere (a dialog or the help is open, the view
// changed, the picture is scrolled partly out of sight); and the Painter, which is
// the program's output, draws the picture over the half-blocks right after the
// renderer writes the frame, or removes it. Every screen change thus removes or
// redraws the picture, and what is under it is always the half-blocks, never a hole.

// markPrefix opens a mark: an APC no terminal acts on (kitty reads only APC G), of
// zero width for every ansi-aware measure, so layout and padding go around it.
const markPrefix = "\x1b_listings-img;"

// Mark is the zero-width mark a view puts at the start of line row of picture id's
// box; Frame takes it out before the frame reaches the terminal.
func Mark(id uint32, row int) string {
	return markPrefix + strconv.FormatUint(uint64(id), 10) + ";" + strconv.Itoa(row) + "\x1b\\"
}

// placement is where a picture is drawn: its top-left cell, and a digest of the lines
// it covers (when they change, the renderer has written text over a sixel or iTerm2
// picture, which must then be drawn again).
type placement struct {
	id       uint32
	row, col int
	sum      uint64
}

// Painter draws the pictures; one per program, shared by the views (nil-safe: a nil
// Painter draws nothing and its Protocol is Blocks).
type Painter struct {
	mu        sync.Mutex
	out       io.Writer
	caps      Caps
	kept      map[string]Image // each owner's (view's) current photo only
	sent      map[uint32]bool  // kitty: pictures transmitted and not freed
	forget    []uint32         // kitty: pictures to free at the next write
	want      placement        // what the last frame asked for; id 0: nothing
	shown     placement        // what is on the screen
	force     bool             // the screen was cleared or redrawn: draw again
	suspended bool             // out of the alternate screen (an external editor)
	detect    *Detector        // nil: caps were known at the start
}

// NewPainter returns the painter that writes to out, the terminal.
func NewPainter(out io.Writer, c Caps) *Painter {
	return &Painter{out: out, caps: c, kept: map[string]Image{}, sent: map[uint32]bool{}}
}

// NewDetectingPainter returns the painter that writes to out, a terminal not yet
// asked: it asks d's questions once the program has the terminal (lazy.go).
func NewDetectingPainter(out io.Writer, d *Detector) *Painter {
	p := NewPainter(out, Caps{})
	p.detect = d
	return p
}

// Caps is what the terminal draws; Blocks for a nil Painter. A painter still
// learning it waits for the terminal's answers (they are in long before anyone
// opens a photo; at worst the time-out after the first frame).
func (p *Painter) Caps() Caps {
	if p == nil {
		return Caps{}
	}
	if p.detect != nil {
		return p.detect.Caps(2 * p.detect.timeout)
	}
	return p.caps
}

// protocol is how pictures are drawn as of now, without waiting for answers.
func (p *Painter) protocol() Protocol {
	if p.detect != nil {
		return p.detect.settled().Protocol
	}
	return p.caps.Protocol
}

// Protocol is how pictures are drawn; Blocks for a nil Painter.
func (p *Painter) Protocol() Protocol { return p.Caps().Protocol }

// Keep makes im owner's current photo, replacing (and, for kitty, freeing in the
// terminal) the one before: only the photo a view shows is held.
func (p *Painter) Keep(owner string, im Image) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.kept[owner]; ok && old.ID != im.ID && p.sent[old.ID] && !p.inUse(old.ID, owner) {
		p.forget = append(p.forget, old.ID)
		delete(p.sent, old.ID)
	}
	if im.ID == 0 {
		delete(p.kept, owner)
		return
	}
	p.kept[owner] = im
}

// inUse reports whether another owner than except holds picture id.
func (p *Painter) inUse(id uint32, except string) bool {
	for o, im := range p.kept {
		if o != except && im.ID == id {
			return true
		}
	}
	return false
}

// image returns the kept picture id.
func (p *Painter) image(id uint32) (Image, bool) {
	for _, im := range p.kept {
		if im.ID == id {
			return im, true
		}
	}
	return Image{}, false
}

// Invalidate says the screen was cleared or redrawn whole (a resize): the picture is
// drawn again after the next frame.
func (p *Painter) Invalidate() {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.force = true
	p.mu.Unlock()
}

// Frame takes the marks out of the frame's lines (in place) and, when show is true,
// records where the first picture whose box is whole on screen goes; otherwise no
// picture goes anywhere. The root calls it on its finished frame, with show false
// while anything is drawn over the view.
func (p *Painter) Frame(lines []string, show bool) {
	if p == nil {
		return
	}
	type mark struct{ id, row, col int }
	var marks map[int]mark // by line
	for i, l := range lines {
		if !strings.Contains(l, markPrefix) {
			continue
		}
		var m mark
		lines[i], m = stripMarks(l)
		if marks == nil {
			marks = map[int]mark{}
		}
		marks[i] = mark{m.id, m.row, m.col}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.want = placement{}
	if !show || p.protocol() == Blocks {
		return
	}
	for i := range lines {
		m, ok := marks[i]
		if !ok || m.row != 0 {
			continue
		}
		im, ok := p.image(uint32(m.id))
		if !ok || i+im.Rows > len(lines) {
			continue
		}
		whole := true
		h := fnv.New64a()
		for k := range im.Rows {
			mk, ok := marks[i+k]
			whole = whole && ok && mk.id == m.id && mk.row == k && mk.col == m.col
			io.WriteString(h, lines[i+k])
		}
		if whole {
			p.want = placement{id: im.ID, row: i, col: m.col, sum: h.Sum64()}
			return
		}
	}
}

// stripMarks removes every mark from line l and returns the first one's id, row and
// column (the line's width before it).
func stripMarks(l string) (string, struct{ id, row, col int }) {
	var first struct{ id, row, col int }
	found := false
	for {
		i := strings.Index(l, markPrefix)
		if i < 0 {
			return l, first
		}
		end := strings.Index(l[i:], "\x1b\\")
		if end < 0 {
			return l[:i], first
		}
		body := l[i+len(markPrefix) : i+end]
		if !found {
			found = true
			var id, row int
			if _, err := fmt.Sscanf(body, "%d;%d", &id, &row); err == nil {
				first.id, first.row, first.col = id, row, ansi.StringWidth(l[:i])
			}
		}
		l = l[:i] + l[i+end+2:]
	}
}

// Write passes what the renderer writes to the terminal, then draws, moves or
// removes the picture as the last frame asked. It runs on the renderer's goroutine,
// after each frame; the lock keeps the picture's bytes from splitting a frame's.
func (p *Painter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, err := p.out.Write(b)
	if err != nil {
		return n, err
	}
	// Leaving the alternate screen (an external editor, the end) takes the picture
	// with it; coming back, the renderer draws everything anew.
	if bytes.Contains(b, []byte("\x1b[?1049l")) {
		p.suspended, p.shown = true, placement{}
	}
	if bytes.Contains(b, []byte("\x1b[?1049h")) {
		p.suspended, p.force = false, true
		// The terminal is now the program's, in raw mode: its answers are neither
		// echoed nor held for a newline, and come in as the program's input.
		if q := p.detect.askOnce(); q != "" {
			if _, err := io.WriteString(p.out, q); err != nil {
				return n, err
			}
		}
	}
	if p.suspended {
		return n, nil
	}
	if extra := p.paint(); len(extra) > 0 {
		_, err = p.out.Write(extra)
	}
	return n, err
}

// paint is what brings the screen from shown to want.
func (p *Painter) paint() []byte {
	var b bytes.Buffer
	for _, id := range p.forget {
		b.WriteString(kittyForget(id))
	}
	p.forget = p.forget[:0]
	want := p.want
	im, ok := p.image(want.id)
	if !ok {
		want = placement{}
	}
	same := want.id == p.shown.id && want.row == p.shown.row && want.col == p.shown.col
	switch p.protocol() {
	case Kitty:
		// Text never covers a kitty picture: it lies above the cells until deleted.
		if p.shown.id != 0 && (!same || want.id == 0) {
			b.WriteString(kittyUnplace(p.shown.id))
		}
		if want.id != 0 && (!same || p.force) {
			if !p.sent[want.id] {
				b.Write(im.Data)
				p.sent[want.id] = true
			}
			b.WriteString(at(want, kittyPlace(want.id, im.Cols, im.Rows)))
		}
	case ITerm, Sixel:
		// The picture is part of the cells: text written over it (the renderer
		// rewriting a line it covers) erases it, and it is drawn again.
		if want.id != 0 && (!same || want.sum != p.shown.sum || p.force) {
			b.WriteString(at(want, string(im.Data)))
		}
	}
	p.shown, p.force = want, false
	return b.Bytes()
}

// at draws seq at the placement's cell, the cursor saved and restored around it so
// that the renderer's idea of where the cursor is stays true.
func at(pl placement, seq string) string {
	return "\x1b7" + ansi.CursorPosition(pl.col+1, pl.row+1) + seq + "\x1b8"
}

// Output is the writer to give Bubble Tea: the painter, and still the terminal's file
// when out is one, since Bubble Tea reads the window's size from it.
func (p *Painter) Output() io.Writer {
	if f, ok := p.out.(term.File); ok {
		return fileOutput{p, f}
	}
	return p
}

// fileOutput is the Painter as a term.File.
type fileOutput struct {
	*Painter
	f term.File
}

func (o fileOutput) Read(b []byte) (int, error) { return o.f.Read(b) }
func (o fileOutput) Fd() uintptr                { return o.f.Fd() }

// Close does not close the terminal, which is not the program's to close.
func (o fileOutput) Close() error { return nil }

// Close removes what the painter drew and frees kitty's pictures: the terminal keeps
// them after the program ends otherwise.
func (p *Painter) Close() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	for id := range p.sent {
		b.WriteString(kittyForget(id))
	}
	for _, id := range p.forget {
		b.WriteString(kittyForget(id))
	}
	p.sent, p.forget, p.shown = map[uint32]bool{}, nil, placement{}
	if b.Len() == 0 {
		return nil
	}
	_, err := io.WriteString(p.out, b.String())
	return err
}
