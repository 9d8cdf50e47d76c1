package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// A moderation decision is worth a nudge when the user is not looking at the watch
// panel, or not at this window at all: the bell, which every terminal has, and a
// desktop notification where the terminal shows one. OSC 9 is understood by iTerm2,
// kitty, WezTerm, Windows Terminal and ghostty; OSC 777 by foot, rxvt-unicode and
// VTE-based terminals (GNOME Terminal, Tilix). Terminals that know neither ignore an
// OSC they do not understand, but only the ones named get it, so nothing is ever
// printed by mistake. Inside tmux the sequence goes through its passthrough.
// Options.Quiet, config tui.notify false or LISTINGS_NOTIFY=off turn both off.

// notifyKind is how the terminal shows a desktop notification.
type notifyKind int

const (
	notifyNone notifyKind = iota
	notifyOSC9
	notifyOSC777
)

// detectNotify reads what terminal this is from its environment.
func detectNotify(getenv func(string) string) (notifyKind, bool) {
	tmux := getenv("TMUX") != ""
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case prog == "iTerm.app", prog == "WezTerm", prog == "ghostty", getenv("WT_SESSION") != "",
		strings.HasPrefix(term, "xterm-kitty"), getenv("KITTY_WINDOW_ID") != "":
		return notifyOSC9, tmux
	case strings.HasPrefix(term, "foot"), strings.HasPrefix(term, "rxvt-unicode"), getenv("VTE_VERSION") != "":
		return notifyOSC777, tmux
	}
	return notifyNone, tmux
}

// notifySeq is the escape sequence that shows text as a desktop notification, or ""
// when the terminal has none. The text is cut and stripped of control characters, so
// it cannot end the sequence early.
func notifySeq(kind notifyKind, tmux bool, text string) string {
	clean := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' && kind == notifyOSC777 {
			return ' '
		}
		return r
	}, text)
	if r := []rune(clean); len(r) > 200 {
		clean = string(r[:200])
	}
	var seq string
	switch kind {
	case notifyOSC9:
		seq = "\x1b]9;" + clean + "\a"
	case notifyOSC777:
		seq = "\x1b]777;notify;listings;" + clean + "\a"
	default:
		return ""
	}
	if tmux {
		seq = "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
	}
	return seq
}

// nudge rings the bell and, where the terminal can, shows text as a notification;
// nothing when the user turned it off or is watching the panel in this window.
func (m Model) nudge(text string) tea.Cmd {
	if m.opts.Quiet || (m.active == viewWatch && m.focused) {
		return nil
	}
	out := "\a" + notifySeq(m.notify, m.inTmux, text)
	w := m.bell
	return func() tea.Msg {
		_, _ = w.Write([]byte(out))
		return nil
	}
}
