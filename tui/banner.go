package tui

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
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
	op      string
	x       login.Explanation
	kind    bannerKind
	until   time.Time // rate limit: when a retry may go; daily limit: when the day resets
	message string    // the plain first line, without the countdown
	lines   []string
	width   int // what lines were rendered for
}

type bannerKind int

const (
	bannerPlain bannerKind = iota
	bannerRateLimit
	bannerDaily
	bannerUnreachable
)

// notice is the short line above the footer.
type notice struct {
	text  string
	warn  bool
	until time.Time
}

func (m *Model) setNotice(text string, warn bool) {
	m.notice = notice{text: text, warn: warn, until: m.now.Add(noticeFor)}
}

// showError turns a failure into the banner, or into the login screen when the key
// itself is gone.
func (m Model) showError(e msgs.Error) (Model, tea.Cmd) {
	if e.Err == nil {
		return m, nil
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
	b.render(m.now, m.width)
	m.banner = b
	return m, nil
}

// render computes the banner's lines for the time now: at most two, each one
// terminal line of the given width.
func (b *banner) render(now time.Time, width int) {
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
			first += fmt.Sprintf(": it resets at %s Kyiv time (in %s)", reset.Format("15:04"), countdown(b.until.Sub(now)))
		}
		second = b.x.Hint
	case bannerUnreachable:
		first = "service unreachable: showing the last loaded rows"
		second = b.x.Hint
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
	b.width = width
	width = max(width, 10)
	dismiss := "  esc: dismiss"
	b.lines = []string{theme.Banner.Width(width).Render(ansi.Truncate(theme.ErrorMark+" "+first, width-2, theme.Ellipsis))}
	if second != "" {
		b.lines = append(b.lines, theme.BannerHint.Width(width).Render(ansi.Truncate(second, width-2-len(dismiss), theme.Ellipsis)+dismiss))
	} else {
		b.lines[0] = theme.Banner.Width(width).Render(ansi.Truncate(theme.ErrorMark+" "+first, width-2-len(dismiss), theme.Ellipsis) + dismiss)
	}
	for i, l := range b.lines {
		b.lines[i] = lipgloss.NewStyle().MaxWidth(width).Render(l)
	}
	b.message = first
}

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
