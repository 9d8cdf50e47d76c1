package notice

import (
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// Line is the short line above the footer; a long one (a block reason) takes more.
// The root keeps two: the notice, and the wait for the request budget.
type Line struct {
	Text  string
	Warn  bool
	Until time.Time // when the root takes it down; zero: it stays

	lines    []string // rendered for width and maxLines
	width    int
	maxLines int
}

// Lines are the line as rendered last.
func (n *Line) Lines() []string { return n.lines }

// Fit renders the line for width w, wrapped, in at most maxLines lines, unless it was
// rendered for those already. A decision with its reason needs three at 80 columns
// and four at 60: it is wrapped, not cut, as far as the root allows.
func (n *Line) Fit(w, maxLines int) {
	if n.lines != nil && n.width == w && n.maxLines == maxLines {
		return
	}
	style, text := theme.Notice, n.Text
	if n.Warn {
		style = theme.Warning.Padding(0, 1)
		// A warning reads as one without colour: it starts with a mark, even when the
		// one who said it gave none.
		if !strings.HasPrefix(text, theme.WarningMark) && !strings.HasPrefix(text, theme.ErrorMark) {
			text = theme.WarningMark + " " + text
		}
	}
	n.width, n.maxLines, n.lines = w, maxLines, nil
	for _, l := range keepTail(text, max(w-2, 1), maxLines) {
		n.lines = append(n.lines, ansi.Truncate(style.Render(l), w, theme.Ellipsis))
	}
}

// keepTail wraps text into at most maxLines lines of width w. A text too long for
// them is cut with an ellipsis, but its last part after " · ", what the user can do
// (esc gives up), stays at the end, as the banner's "esc: dismiss" does: a longer
// language must not push it out.
func keepTail(text string, w, maxLines int) []string {
	lines := wrapLines(text, w)
	i := strings.LastIndex(text, tailSep)
	if len(lines) <= maxLines || i < 0 || maxLines < 1 {
		return clip(lines, maxLines, w)
	}
	tail := text[i+len(tailSep):]
	tw := ansi.StringWidth(tail)
	if tw+len(tailSep)+2 > w {
		return clip(lines, maxLines, w)
	}
	head := clip(wrapLines(text[:i], w), maxLines, w)
	last := &head[len(head)-1]
	if len(head) < maxLines && ansi.StringWidth(*last)+len(tailSep)+tw > w {
		return append(head, tail)
	}
	*last = ansi.Truncate(*last, w-tw-len(tailSep), theme.Ellipsis) + tailSep + tail
	return head
}

// tailSep parts a notice from what the user can do about it.
const tailSep = " · "

// Every wait is visible: when the request budget holds a request back, a line under
// the view says what it waits for, for how long, and that esc gives it up. The client
// reports each wait (api.Client.OnWaits) from the request's goroutine into Waits; the
// root reads it on every update and each second.

// Waits is the latest budget wait of the client, shared by the copies of the root.
type Waits struct {
	mu   sync.Mutex
	last api.Wait
}

// Note is the client's report of a wait (api.Client.OnWaits): the one that ends last
// is kept.
func (w *Waits) Note(x api.Wait) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if x.Until.After(w.last.Until) {
		w.last = x
	}
}

// Active is the wait that has not ended at now, if any.
func (w *Waits) Active(now time.Time) (api.Wait, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last, w.last.Until.After(now)
}

// Clear forgets the wait: the user gave it up.
func (w *Waits) Clear() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.last = api.Wait{}
}

// WaitText is the line of an active wait: "⧗ waiting 42s for the request budget (the
// key's 60 requests a minute are spent), until 12:01:05 Kyiv time · esc gives up".
func WaitText(x api.Wait, now time.Time) string {
	why := i18n.N("notice.wait.spent", x.PerMinute)
	if x.Throttled {
		why = i18n.T("notice.wait.throttled")
	}
	return "⧗ " + i18n.T("notice.wait", "For", format.Wait(x.Until.Sub(now)), "Why", why, "Until", format.Clock(x.Until), "Key", "esc")
}
