// Package notice owns the lines the root shows between the view and the footer: the
// error banner (a failure as what happened and what to do, with a countdown for the
// request limits), the notice line, and the line of a request held back by the
// request budget. It renders them to a width and a number of lines, and keeps the
// rule of the notice line (Board): a background notice never hides the answer to the
// user's last key. Which failure becomes a banner and which the login screen, and
// what a notice says, is the root's to decide.
package notice

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// Why is what the user is told of a failure: the code, the service's hint and what to
// do. It has the fields of login.Explanation, which the root converts.
type Why struct {
	Code string
	Hint string
	Todo string
}

// Banner is the dismissable error shown under the view. Its text is rendered in
// Update (Render), so a countdown only costs a re-render once a second.
type Banner struct {
	op       string
	x        Why
	kind     kind
	until    time.Time // rate limit: when a retry may go; daily limit: when the day resets
	lines    []string
	width    int // what lines were rendered for
	maxLines int
}

type kind int

const (
	plain kind = iota
	rateLimit
	daily
	unreachable
)

// NewBanner is the banner of err, failed while doing op (already cleaned). A limit's
// countdown runs from now to when the service said; dayResets is the budget's guess
// when a daily limit does not say.
func NewBanner(op string, err error, x Why, now, dayResets time.Time) *Banner {
	b := &Banner{op: op, x: x}
	ae, _ := api.AsError(err)
	switch {
	case api.IsDailyLimit(err):
		b.kind = daily
		if ae != nil && !ae.ResetsAt.IsZero() {
			b.until = ae.ResetsAt
		} else {
			b.until = dayResets
		}
	case api.IsRateLimit(err):
		b.kind = rateLimit
		switch {
		case ae != nil && ae.RetryAfter > 0:
			b.until = now.Add(ae.RetryAfter)
		case ae != nil && !ae.ResetsAt.IsZero():
			b.until = ae.ResetsAt
		default:
			b.until = now.Add(time.Minute)
		}
	case api.IsUnreachable(err):
		b.kind = unreachable
	}
	return b
}

// Op is what was being done when it failed.
func (b *Banner) Op() string { return b.op }

// Same reports whether b says the same plain failure as o (the start-up ping and the
// first page failing alike, say): the banner then stays as it is rather than flicker.
func (b *Banner) Same(o *Banner) bool {
	return b != nil && o != nil && b.kind == plain && o.kind == plain && b.x == o.x
}

// Lines are the banner as rendered last.
func (b *Banner) Lines() []string { return b.lines }

// Fit renders the banner unless it was rendered for this width and height already.
func (b *Banner) Fit(now time.Time, width, maxLines int) {
	if b.lines == nil || b.width != width || b.maxLines != maxLines {
		b.Render(now, width, maxLines)
	}
}

// Render computes the banner's lines for the time now: at most maxLines, each one
// terminal line of the given width.
func (b *Banner) Render(now time.Time, width, maxLines int) {
	var first, second string
	switch b.kind {
	case rateLimit:
		left := b.until.Sub(now)
		if left > 0 {
			first = i18n.T("notice.rate_limit.wait", "In", countdown(left))
		} else {
			first = i18n.T("notice.rate_limit.now")
		}
		second = b.x.Hint
	case daily:
		first = i18n.T("notice.daily")
		if !b.until.IsZero() {
			reset := b.until.In(api.Kyiv)
			first = i18n.T("notice.daily.resets", "At", format.HourMinute(reset), "In", countdown(b.until.Sub(now)))
		}
		second = b.x.Hint
	case unreachable:
		// What to do before the error's own text, which can be a long URL.
		first = i18n.T("notice.unreachable")
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
	b.lines = bannerLines(theme.ErrorMark+" "+first, second, max(width, 10), max(maxLines, 2))
}

// bannerDismiss is said at the end of every banner.
func bannerDismiss() string { return i18n.T("notice.dismiss", "Key", "esc") }

// bannerLines wraps the message and the hint (what to do) into at most maxLines
// lines of the given width, rather than cutting them to one line each: the end of a
// hint ("… in account settings → API & integrations") is often the part that matters.
// What still does not fit ends with an ellipsis; "esc: dismiss" always stays.
func bannerLines(first, second string, width, maxLines int) []string {
	inner := width - 2 // the styles' padding
	dismiss := bannerDismiss()
	dw := ansi.StringWidth(dismiss)
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
	case inner < 2+dw: // no room for it at all
	case ansi.StringWidth(*last)+2+dw <= inner:
		*last += "  " + dismiss
	case len(p1)+len(p2) < maxLines:
		p2 = append(p2, dismiss)
	default:
		*last = ansi.Truncate(*last, inner-2-dw, theme.Ellipsis) + "  " + dismiss
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

// Height is how many lines a banner, or a notice, may take on a terminal of height h:
// up to four, but not more than a quarter of a small screen.
func Height(h int) int { return min(max(h/4, 2), 4) }

// countdown is a short, whole-second duration: "42s", "3m05s", "5h12m".
func countdown(d time.Duration) string {
	d = d.Round(time.Second)
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return i18n.T("notice.countdown.s", "S", int(d.Seconds()))
	case d < time.Hour:
		return i18n.T("notice.countdown.ms", "M", int(d.Minutes()), "S", fmt.Sprintf("%02d", int(d.Seconds())%60))
	default:
		return i18n.T("notice.countdown.hm", "H", int(d.Hours()), "M", fmt.Sprintf("%02d", int(d.Minutes())%60))
	}
}
