// Package nudge owns how the app draws the user's eye to a moderation decision: which
// terminal this is, read from its environment, and the escape sequence that shows a
// desktop notification there, written to the terminal with the bell (Bell), unless the
// user asked for quiet or is looking. The root decides what is worth a nudge.
package nudge

import "strings"

// A moderation decision is worth a nudge when the user is not looking at the watch
// panel, or not at this window at all: the bell, which every terminal has, and a
// desktop notification where the terminal shows one. OSC 9 is understood by iTerm2,
// kitty, WezTerm, Windows Terminal and ghostty; OSC 777 by foot, rxvt-unicode and
// VTE-based terminals (GNOME Terminal, Tilix). Terminals that know neither ignore an
// OSC they do not understand, but only the ones named get it, so nothing is ever
// printed by mistake. Inside tmux the sequence goes through its passthrough.
// Options.Quiet, config tui.notify false or LISTINGS_NOTIFY=off turn both off.

// Kind is how the terminal shows a desktop notification.
type Kind int

const (
	None Kind = iota
	OSC9
	OSC777
)

// Terminal is what the app knows of the terminal it runs in.
type Terminal struct {
	Kind Kind
	Tmux bool // inside tmux: sequences go through its passthrough
}

// Detect reads what terminal this is from its environment.
func Detect(getenv func(string) string) Terminal {
	tmux := getenv("TMUX") != ""
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case prog == "iTerm.app", prog == "WezTerm", prog == "ghostty", getenv("WT_SESSION") != "",
		strings.HasPrefix(term, "xterm-kitty"), getenv("KITTY_WINDOW_ID") != "":
		return Terminal{OSC9, tmux}
	case strings.HasPrefix(term, "foot"), strings.HasPrefix(term, "rxvt-unicode"), getenv("VTE_VERSION") != "":
		return Terminal{OSC777, tmux}
	}
	return Terminal{None, tmux}
}

// Seq is the escape sequence that shows text as a desktop notification, or "" when
// the terminal has none. The text is cut and stripped of control characters, so it
// cannot end the sequence early.
func (t Terminal) Seq(text string) string {
	clean := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' && t.Kind == OSC777 {
			return ' '
		}
		return r
	}, text)
	if r := []rune(clean); len(r) > 200 {
		clean = string(r[:200])
	}
	var seq string
	switch t.Kind {
	case OSC9:
		seq = "\x1b]9;" + clean + "\a"
	case OSC777:
		seq = "\x1b]777;notify;listings;" + clean + "\a"
	default:
		return ""
	}
	if t.Tmux {
		seq = "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
	}
	return seq
}
