package tui

import (
	"strings"

	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/frame"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/layout"
)

// layout gives the views what is left between the header and the footer, whenever
// that changes (a resize, a banner or a notice coming or going).
func (m *Model) layout() {
	h := m.height - 2 - m.under.Fit(m.now, m.width, m.height) // header and footer
	h = max(h, 1)
	if h == m.viewHeight && m.width == m.sizedWidth {
		return
	}
	m.viewHeight, m.sizedWidth = h, m.width
	m.views.Each(func(_ viewID, p registry.Pane) { p.SetSize(m.width, h) })
}

// refresh precomputes the header and the footer for View.
func (m *Model) refresh() {
	m.header = m.renderHeader()
	m.footer = m.renderFooter()
	m.helpBox = nil
	if m.showHelp {
		m.helpBox, m.helpOff = helpview.Overlay(m.help, action.Columns(m.split()), m.width, m.viewHeight, m.helpOff)
	}
}

// renderHeader says who is logged in and where (tui/frame words and draws the line).
func (m *Model) renderHeader() string {
	s := frame.Session{Profile: m.profile, BaseURL: m.baseURL, Sandbox: m.sandbox, LoggedIn: m.client != nil}
	return s.Header(m.lang, m.width)
}

// renderFooter gives the footer the keys of what is on screen and, once logged in,
// the request budget and the watch's summary.
func (m *Model) renderFooter() string {
	status := ""
	if m.client != nil {
		status = frame.Status(m.budget, m.width, m.jobs.M.Summary(), m.watch.M.Summary())
	}
	view, root := m.shortHelp()
	return frame.Footer(m.help, view, root, status, m.width)
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
	if m.palette != nil {
		lines = m.palette.Over(lines, m.width)
	}
	if m.dialog != nil {
		lines = m.dialog.Over(lines, m.width)
	}
	out := make([]string, 0, m.height)
	out = append(out, m.header)
	out = append(out, lines...)
	out = append(out, m.under.Lines()...)
	out = append(out, m.footer)
	if len(out) > m.height && m.height > 0 {
		out = out[len(out)-m.height:] // the footer and the banner matter more than the header
	}
	// The photo drawn as a picture goes where its marks are, only when nothing is
	// drawn over the view; the marks leave the frame either way.
	m.opts.Painter.Frame(out, m.dialog == nil && !m.showHelp && m.palette == nil)
	return strings.Join(out, "\n")
}

func (m Model) activeView() string {
	if p := m.views.Get(m.active); p != nil {
		return p.View()
	}
	return ""
}
