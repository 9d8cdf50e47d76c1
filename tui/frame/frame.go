// Package frame renders the two lines the root puts around the view: the header (the
// app, who is logged in and where, the language) and the footer (the short help on the
// left; the watch summary and the request budget meter on the right). What they say
// is the root's; frame fits it to the width, cutting the left side first.
package frame

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/theme"
)

// Header is the first line: "listings · who · host" and the language on the right;
// host "" leaves the address out.
func Header(who, host, lang string, width int) string {
	parts := []string{theme.Title.Render("listings"), theme.Heading.Render(who)}
	if host != "" {
		parts = append(parts, theme.Muted.Render(host))
	}
	left := strings.Join(parts, theme.Faint.Render(" · "))
	right := theme.Muted.Render(i18n.T("frame.lang")+" ") + theme.Key.Render(lang)
	return spread(left, right, width)
}

// Host is the base URL's host, for the header and the notice of a login.
func Host(base string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return base
	}
	return u.Host
}

// Status is the footer's right side: the request budget, after as many of the
// summaries (the running job's, the watch's: the first matters most) as fit with it
// in half the width.
func Status(b api.Budget, width int, summaries ...string) string {
	right := meter(b, width >= 70)
	for _, s := range summaries {
		if s != "" && lipgloss.Width(s)+lipgloss.Width(right)+3 <= width/2 {
			right = s + " · " + right
		}
	}
	return theme.Footer.Render(right)
}

// Footer is the last line: the short help of view and root (tui/helpview) in what
// status, on the right, leaves.
func Footer(h help.Model, view, root []key.Binding, status string, width int) string {
	left := helpview.Bar(h, view, root, width, width-lipgloss.Width(status)-2)
	return spread(left, status, width)
}

// meter is the request budget: "12/60 min · 340/5 000 today", with "~" before the
// numbers while the limits are assumed rather than told by a ping.
func meter(b api.Budget, long bool) string {
	approx := ""
	if !b.Known {
		approx = "~"
	}
	if long {
		s := i18n.T("frame.meter",
			"Minute", fmt.Sprintf("%s%d/%s", approx, b.UsedMinute, format.Number(b.PerMinute)),
			"Today", fmt.Sprintf("%s%s/%s", approx, format.Number(b.UsedToday), format.Number(b.PerDay)))
		if b.Foreign > 0 {
			// Another program spends the same key: the numbers are the service's, and
			// this says why they grow without a request from here.
			s += " " + i18n.T("frame.foreign", "N", format.Number(b.Foreign))
		}
		return s
	}
	return fmt.Sprintf("%s%d/%s · %s%s/%s", approx, b.UsedMinute, format.Number(b.PerMinute),
		approx, format.Number(b.UsedToday), format.Number(b.PerDay))
}

// spread puts left and right on one line of width w, left cut first.
func spread(left, right string, w int) string {
	rw := lipgloss.Width(right)
	if rw >= w {
		return ansi.Truncate(right, w, "")
	}
	lw := lipgloss.Width(left)
	if lw+rw+1 > w {
		left = ansi.Truncate(left, w-rw-1, theme.Ellipsis)
		lw = lipgloss.Width(left)
	}
	return left + strings.Repeat(" ", w-lw-rw) + right
}
