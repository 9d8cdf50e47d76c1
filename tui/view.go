package tui

import (
	"fmt"
	"github.com/listings-tui/listings/api/format"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/theme"
)

// layout gives the views what is left between the header and the footer, whenever
// that changes (a resize, a banner or a notice coming or going).
func (m *Model) layout() {
	h := m.height - 2 // header and footer
	if m.banner != nil {
		m.banner.Fit(m.now, m.width, notice.Height(m.height))
		h -= len(m.banner.Lines())
	}
	if m.notice.Text != "" {
		m.notice.Fit(m.width, notice.Height(m.height))
		h -= len(m.notice.Lines())
	}
	if m.waitLine.Text != "" {
		m.waitLine.Fit(m.width, 2)
		h -= len(m.waitLine.Lines())
	}
	h = max(h, 1)
	if h == m.viewHeight && m.width == m.sizedWidth {
		return
	}
	m.viewHeight, m.sizedWidth = h, m.width
	m.views.each(func(_ viewID, p pane) { p.setSize(m.width, h) })
}

// refresh precomputes the header and the footer for View.
func (m *Model) refresh() {
	m.header = m.renderHeader()
	m.footer = m.renderFooter()
	m.helpBox = nil
	if m.showHelp {
		m.helpBox, m.helpOff = helpview.Overlay(m.help, m.fullHelp(), m.width, m.viewHeight, m.helpOff)
	}
}

func (m *Model) renderHeader() string {
	who := m.profile
	switch {
	case m.sandbox:
		who = "sandbox"
	case m.client == nil:
		who = "not logged in"
	case who == "":
		who = "no profile"
	}
	parts := []string{theme.Title.Render("listings"), theme.Heading.Render(who)}
	if m.baseURL != "" && !m.sandbox {
		parts = append(parts, theme.Muted.Render(host(m.baseURL)))
	}
	left := strings.Join(parts, theme.Faint.Render(" · "))
	right := theme.Muted.Render("lang ") + theme.Key.Render(m.lang)
	return spread(left, right, m.width)
}

func (m *Model) renderFooter() string {
	right := ""
	if m.client != nil {
		right = meter(m.budget, m.width >= 70)
		if s := m.watchSummary(); s != "" && lipgloss.Width(s)+lipgloss.Width(right)+3 <= m.width/2 {
			right = s + " · " + right
		}
		right = theme.Footer.Render(right)
	}
	view, root := m.shortHelp()
	left := helpview.Bar(m.help, view, root, m.width, m.width-lipgloss.Width(right)-2)
	return spread(left, right, m.width)
}

func (m *Model) watchSummary() string {
	if m.client == nil {
		return ""
	}
	return m.watch.m.Summary()
}

// meter is the request budget: "12/60 min · 340/5 000 today", with "~" before the
// numbers while the limits are assumed rather than told by a ping.
func meter(b api.Budget, long bool) string {
	approx := ""
	if !b.Known {
		approx = "~"
	}
	if long {
		s := fmt.Sprintf("%s%d/%s min · %s%s/%s today", approx, b.UsedMinute, format.Number(b.PerMinute),
			approx, format.Number(b.UsedToday), format.Number(b.PerDay))
		if b.Foreign > 0 {
			// Another program spends the same key: the numbers are the service's, and
			// this says why they grow without a request from here.
			s += fmt.Sprintf(" (%s by another client)", format.Number(b.Foreign))
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

// View joins what Update prepared: header, the active view (or the help overlay,
// with the dialog over it), banner, notice and footer.
func (m Model) View() string {
	var lines []string
	if m.showHelp {
		lines = layout.Block(strings.Join(m.helpBox, "\n"), m.width, m.viewHeight)
	} else {
		lines = layout.Block(m.activeView(), m.width, m.viewHeight)
	}
	if m.dialog != nil {
		lines = m.dialog.Over(lines, m.width)
	}
	out := make([]string, 0, m.height)
	out = append(out, m.header)
	out = append(out, lines...)
	if m.banner != nil {
		out = append(out, m.banner.Lines()...)
	}
	if m.notice.Text != "" {
		out = append(out, m.notice.Lines()...)
	}
	if m.waitLine.Text != "" {
		out = append(out, m.waitLine.Lines()...)
	}
	out = append(out, m.footer)
	if len(out) > m.height && m.height > 0 {
		out = out[len(out)-m.height:] // the footer and the banner matter more than the header
	}
	return strings.Join(out, "\n")
}

func (m Model) activeView() string {
	if p := m.views.get(m.active); p != nil {
		return p.view()
	}
	return ""
}
