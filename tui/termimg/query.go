package termimg

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// The questions, in the order they are asked. Every terminal answers the primary
// device attributes (DA1), and answers in order, so DA1 comes last: once its answer
// is in, whatever did not come before it will not come, and nothing is waited for.
const (
	// kittyQuery asks for a 1×1 picture to be checked, not stored (a=q); a terminal
	// with the protocol answers "OK" under the same id, the others ignore an APC.
	kittyQuery = "\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
	// versionQuery (XTVERSION) names the terminal: iTerm2 has no other question that
	// tells it apart, and tmux rewrites $TERM_PROGRAM.
	versionQuery = "\x1b[>0q"
	// cellQuery (XTWINOPS 16) asks the size of a cell in pixels, which sixel needs.
	cellQuery = "\x1b[16t"
	da1Query  = "\x1b[c"
	// Questions is all of them, as written to the terminal.
	Questions = kittyQuery + versionQuery + cellQuery + da1Query
)

// DefaultTimeout bounds the wait for a terminal that answers nothing at all (not even
// DA1: a serial console, a bare pipe pretending to be a tty). A terminal that answers
// is done in one round trip, a few milliseconds on a local machine.
const DefaultTimeout = 150 * time.Millisecond

// Answers is what the terminal said.
type Answers struct {
	Kitty   bool   // answered the kitty graphics query with OK
	Sixel   bool   // DA1 lists 4 (sixel graphics)
	DA1     bool   // answered DA1 (so every answer it meant to give has come)
	Version string // XTVERSION's name and version, "" without one
	CellW   int    // a cell in pixels, 0 unknown
	CellH   int
}

// parseAnswers reads the answers in b: each one is an escape sequence; anything else
// (a key the user typed meanwhile) is skipped.
func parseAnswers(b []byte) Answers {
	var a Answers
	for len(b) > 0 {
		i := bytes.IndexByte(b, 0x1b)
		if i < 0 || i+1 >= len(b) {
			break
		}
		b = b[i:]
		switch b[1] {
		case '_', 'P': // APC (kitty) or DCS (XTVERSION), ended by ST
			end := bytes.Index(b, []byte("\x1b\\"))
			if end < 0 {
				return a
			}
			body := string(b[2:end])
			switch {
			case strings.HasPrefix(body, "Gi=31;"):
				a.Kitty = strings.HasPrefix(body, "Gi=31;OK")
			case strings.HasPrefix(body, ">|"):
				a.Version = body[2:]
			}
			b = b[end+2:]
		case '[': // CSI: DA1 (?…c) or the cell size (6;h;wt)
			end := 2
			for end < len(b) && (b[end] < 0x40 || b[end] > 0x7e) {
				end++
			}
			if end >= len(b) {
				return a
			}
			params, final := string(b[2:end]), b[end]
			switch {
			case final == 'c' && strings.HasPrefix(params, "?"):
				a.DA1 = true
				for _, p := range strings.Split(params[1:], ";") {
					a.Sixel = a.Sixel || p == "4"
				}
			case final == 't' && strings.HasPrefix(params, "6;"):
				f := strings.Split(params, ";")
				if len(f) == 3 {
					h, _ := strconv.Atoi(f[1])
					w, _ := strconv.Atoi(f[2])
					if w > 0 && h > 0 && w < 1000 && h < 1000 {
						a.CellW, a.CellH = w, h
					}
				}
			}
			b = b[end+1:]
		default:
			b = b[1:]
		}
	}
	return a
}

// Choose picks the protocol from the answers and the environment. The answers come
// first: $TERM and $TERM_PROGRAM are passed on by ssh, sudo and tmux to programs in
// other terminals. In tmux the answers are tmux's own: it never answers the kitty
// query and lists sixel only when it draws sixel itself (3.4+, built with it), which
// is the one protocol that survives it with the picture where it belongs (see
// docs/tui.md, "Photos in the terminal").
func Choose(a Answers, getenv func(string) string) Caps {
	c := Caps{CellW: a.CellW, CellH: a.CellH}
	tmux := getenv("TMUX") != ""
	switch {
	case tmux:
		if a.Sixel && a.CellW > 0 {
			c.Protocol = Sixel
		}
	case a.Kitty:
		c.Protocol = Kitty
	case strings.HasPrefix(a.Version, "iTerm2"), getenv("TERM_PROGRAM") == "iTerm.app" && a.DA1:
		c.Protocol = ITerm
	case a.Sixel && a.CellW > 0:
		// Without the cell's size a sixel picture could spill out of its box onto
		// lines the renderer does not redraw: half-blocks are better then.
		c.Protocol = Sixel
	}
	return c
}
