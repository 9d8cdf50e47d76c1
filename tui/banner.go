package tui

import (
	"errors"
	"fmt"
	"github.com/listings-tui/listings/api/format"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
)

// banner is the dismissable error shown under the view. Its text is rendered in
// Update (render), so a countdown only costs a re-render once a second.
type banner struct {
	op       string
	x        login.Explanation
	kind     bannerKind
	until    time.Time // rate limit: when a retry may go; daily limit: when the day resets
	message  string    // the plain first line, without the countdown
	lines    []string
	width    int // what lines were rendered for
	maxLines int
}

type bannerKind int

const (
	bannerPlain bannerKind = iota
	bannerRateLimit
	bannerDaily
	bannerUnreachable
)

// notice is the short line above the footer; a long one (a block reason) takes two.
type notice struct {
	text     string
	warn     bool
	until    time.Time
	lines    []string // rendered by layout for width
	width    int
	maxLines int
}

// render renders the notice for width w, wrapped, in at most maxLines lines (a
// decision with its reason needs three at 80 columns and four at 60: it is wrapped,
// not cut, as far as a quarter of the screen allows).
func (n *notice) render(w, maxLines int) {
	style := theme.Notice
	if n.warn {
		style = theme.Warning.Padding(0, 1)
	}
	n.width, n.maxLines, n.lines = w, maxLines, nil
	for _, l := range clip(wrapLines(n.text, max(w-2, 1)), maxLines, max(w-2, 1)) {
		n.lines = append(n.lines, ansi.Truncate(style.Render(l), w, theme.Ellipsis))
	}
}

func (m *Model) setNotice(text string, warn bool) {
	m.notice = notice{text: text, warn: warn, until: m.now.Add(noticeFor)}
}

// showError turns a failure into the banner, or into the login screen when the key
// itself is gone.
func (m Model) showError(e msgs.Error) (Model, tea.Cmd) {
	if e.Err == nil || errors.Is(e.Err, api.ErrWaitAbandoned) {
		return m, nil // the user gave the wait up; the notice said so already
	}
	op := termtext.Clean(e.Op)
	if api.IsCode(e.Err, api.CodeInvalidKey) || api.IsCode(e.Err, api.CodeKeyRevoked) ||
		api.IsCode(e.Err, api.CodeMissingBearerToken) {
		reason := login.Explain(e.Err, m.lastIP).String()
		if op != "" {
			reason = op + ": " + reason
		}
		m.toLogin(reason)
		return m, nil
	}
	b := &banner{op: op, x: login.Explain(e.Err, m.lastIP)}
	ae, _ := api.AsError(e.Err)
	switch {
	case api.IsDailyLimit(e.Err):
		b.kind = bannerDaily
		if ae != nil && !ae.ResetsAt.IsZero() {
			b.until = ae.ResetsAt
		} else {
			b.until = m.budget.DayResetsAt
		}
	case api.IsRateLimit(e.Err):
		b.kind = bannerRateLimit
		switch {
		case ae != nil && ae.RetryAfter > 0:
			b.until = m.now.Add(ae.RetryAfter)
		case ae != nil && !ae.ResetsAt.IsZero():
			b.until = ae.ResetsAt
		default:
			b.until = m.now.Add(time.Minute)
		}
	case api.IsUnreachable(e.Err):
		b.kind = bannerUnreachable
	}
	if old := m.banner; old != nil && b.kind == bannerPlain && old.kind == bannerPlain && old.x == b.x {
		// The same failure from another request (the start-up ping and the first
		// page, say): the banner stays as it is rather than flicker.
		return m, nil
	}
	b.render(m.now, m.width, bannerHeight(m.height))
	m.banner = b
	return m, nil
}

// render computes the banner's lines for the time now: at most maxLines, each one
// terminal line of the given width.
func (b *banner) render(now time.Time, width, maxLines int) {
	var first, second string
	switch b.kind {
	case bannerRateLimit:
		left := b.until.Sub(now)
		if left > 0 {
			first = fmt.Sprintf("rate limit: retry in %s", countdown(left))
		} else {
			first = "rate limit: you can retry now"
		}
		second = b.x.Hint
	case bannerDaily:
		first = "daily request limit reached"
		if !b.until.IsZero() {
			reset := b.until.In(api.Kyiv)
			first += fmt.Sprintf(": it resets at %s Kyiv time (in %s)", format.HourMinute(reset), countdown(b.until.Sub(now)))
		}
		second = b.x.Hint
	case bannerUnreachable:
		// What to do before the error's own text, which can be a long URL.
		first = "service unreachable: loaded data stays, marked stale"
		second = b.x.Hint
		if b.x.Todo != "" {
			second = b.x.Todo + " — " + b.x.Hint
		}
	default:
		first = b.x.Code
		if b.x.Hint != "" {
			if first != "" {
				first += " — "
			}
			first += b.x.Hint
		}
		second = b.x.Todo
	}
	if b.op != "" {
		first = b.op + ": " + first
	}
	b.width, b.maxLines = width, maxLines
	b.message = first
	b.lines = bannerLines(theme.ErrorMark+" "+first, second, max(width, 10), max(maxLines, 2))
}

// bannerDismiss is said at the end of every banner.
const bannerDismiss = "esc: dismiss"

// bannerLines wraps the message and the hint (what to do) into at most maxLines
// lines of the given width, rather than cutting them to one line each: the end of a
// hint ("… in account settings → API & integrations") is often the part that matters.
// What still does not fit ends with an ellipsis; "esc: dismiss" always stays.
func bannerLines(first, second string, width, maxLines int) []string {
	inner := width - 2 // the styles' padding
	p1 := wrapLines(first, inner)
	var p2 []string
	if second != "" {
		p2 = wrapLines(second, inner)
	}
	// What to do comes whole if it can (it is ours, and short); the message gets
	// what is left, at least its first line.
	n2 := min(len(p2), maxLines-1)
	n1 := min(len(p1), maxLines-n2)
	p1, p2 = clip(p1, n1, inner), clip(p2, n2, inner)

	// "esc: dismiss" goes after the last line, or on a line of its own, or in place
	// of the last line's end.
	last := &p1[len(p1)-1]
	if len(p2) > 0 {
		last = &p2[len(p2)-1]
	}
	switch {
	case inner < 2+len(bannerDismiss): // no room for it at all
	case ansi.StringWidth(*last)+2+len(bannerDismiss) <= inner:
		*last += "  " + bannerDismiss
	case len(p1)+len(p2) < maxLines:
		p2 = append(p2, bannerDismiss)
	default:
		*last = ansi.Truncate(*last, inner-2-len(bannerDismiss), theme.Ellipsis) + "  " + bannerDismiss
	}
	out := make([]string, 0, len(p1)+len(p2))
	for _, l := range p1 {
		out = append(out, theme.Banner.Width(width).MaxWidth(width).Render(l))
	}
	for _, l := range p2 {
		out = append(out, theme.BannerHint.Width(width).MaxWidth(width).Render(l))
	}
	return out
}

// wrapLines wraps s at word boundaries (and inside words longer than w).
func wrapLines(s string, w int) []string {
	return strings.Split(ansi.Wrap(s, max(w, 1), ""), "\n")
}

// clip keeps the first n lines, the last one ending in an ellipsis when lines were
// dropped.
func clip(lines []string, n, w int) []string {
	if n >= len(lines) {
		return lines
	}
	if n <= 0 {
		return nil
	}
	lines = lines[:n]
	lines[n-1] = ansi.Truncate(lines[n-1]+" "+theme.Ellipsis, w, theme.Ellipsis)
	return lines
}

// bannerHeight is how many lines a banner may take on a terminal of height h: up to
// four, but not more than a quarter of a small screen.
func bannerHeight(h int) int { return min(max(h/4, 2), 4) }

// countdown is a short, whole-second duration: "42s", "3m05s", "5h12m".
func countdown(d time.Duration) string {
	d = d.Round(time.Second)
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
}
