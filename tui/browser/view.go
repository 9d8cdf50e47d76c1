package browser

import (
	"strings"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// View renders the tab line, the header, the visible window of rows and the footer,
// exactly width × height.
func (m Model) View() string {
	lines := make([]string, 0, m.hgt)
	lines = append(lines, m.tabLine(), m.header())
	lines = append(lines, m.body()...)
	lines = lines[:min(len(lines), max(m.hgt-1, 0))]
	for len(lines) < m.hgt-1 {
		lines = append(lines, "")
	}
	lines = append(lines, m.footer())
	if m.menu.open {
		m.overlayMenu(lines)
	}
	if len(lines) > m.hgt {
		lines = lines[len(lines)-m.hgt:]
	}
	for i, ln := range lines {
		lines[i] = layout.Pad(ln, m.width)
	}
	return strings.Join(lines, "\n")
}

func (m *Model) tabLabel(i int, counts bool) string {
	d := m.def(i)
	s := &m.srcs[d.src]
	label := m.tabTitle(i)
	if c := m.total(i); counts && c.isOK {
		label += " " + c.String()
	}
	if s.stale && (counts || i == m.cur) {
		label += " " + theme.StaleMark()
	}
	return label
}

func (m *Model) tabLine() string { return strings.Join(m.tabParts(), "") }

// tabParts are the tabs as drawn, one a tab, the tab line joined: the mouse finds the
// tab under it by their widths (tabAt), so a click and the line agree whatever the
// theme pads a tab with.
func (m *Model) tabParts() []string {
	render := func(counts bool) ([]string, int) {
		parts, w := make([]string, m.numTabs()), 0
		for i := range parts {
			if i == m.cur { // brackets: the tab on screen reads without colour or underline
				parts[i] = theme.TabActive.Render("[" + m.tabLabel(i, true) + "]")
			} else {
				parts[i] = theme.Tab.Render(m.tabLabel(i, counts))
			}
			w += layout.Width(parts[i])
		}
		return parts, w
	}
	parts, w := render(true)
	if w > m.width {
		parts, w = render(false) // only the tab on screen keeps its count
	}
	if w > m.width { // the tabs before the one on screen give way to it, the first first
		for i := range m.cur {
			if w <= m.width {
				break
			}
			w -= layout.Width(parts[i]) - 1
			parts[i] = "‹"
		}
	}
	return parts
}

func (m *Model) body() []string {
	t := &m.tabs[m.cur]
	if len(t.vis) == 0 {
		return m.emptyState()
	}
	rows := &m.srcs[m.def(m.cur).src].rows
	end := m.windowEnd()
	out := make([]string, 0, m.bodyLines())
	for i := t.offset; i < end; i++ {
		r := rows.at(t.vis[i])
		out = append(out, m.renderRow(rows, r, i == t.cursor))
		if m.tallRows() {
			out = append(out, m.renderReview(rows, r)...)
		}
	}
	return out
}

// marks renders the VIP and TOP badges in fixed places, so a column of them reads
// without colour.
func marks(r *row, plain bool) string {
	vip, top := "   ", "   "
	if r.vip {
		vip = "VIP"
		if !plain {
			vip = theme.VIPBadge.UnsetPadding().Render(vip)
		}
	}
	if r.top {
		top = "TOP"
		if !plain {
			top = theme.TopBadge.UnsetPadding().Render(top)
		}
	}
	return vip + " " + top
}

func (m *Model) emptyState() []string {
	d := m.def(m.cur)
	s := &m.srcs[d.src]
	t := &m.tabs[m.cur]
	// The words of a tab's listings change with the tab (and their case with the
	// sentence in Ukrainian and Russian): each sentence has an entry a kind of tab.
	kind := "status"
	if d.moderation {
		kind = "moderation"
	}
	if v := m.viewOf(m.cur); v != nil {
		if lines := m.viewEmpty(v); lines != nil {
			return lines
		}
		kind = "view"
	}
	name := m.tabTitle(m.cur)
	switch {
	case !s.loaded && s.loading:
		return []string{"", "  " + m.spin.View() + " " + emptySentence(kind, "loading", name, 0)}
	case !s.loaded && s.stale:
		return []string{"",
			"  " + theme.Danger.Render(theme.ErrorMark+" "+emptySentence(kind, "failed", name, 0)+" ") + s.errText,
			"  " + theme.Muted.Render(i18n.T("browser.empty.retry_hint"))}
	case !s.loaded:
		return []string{"", "  " + theme.Muted.Render(i18n.T("browser.empty.not_loaded"))}
	case len(t.sorted) > 0 && m.query != "":
		return []string{"",
			"  " + i18n.T("browser.empty.no_match", "Query", m.input.Value()),
			"  " + theme.Muted.Render(i18n.T("browser.empty.clear_hint"))}
	case s.next != nil:
		return []string{"",
			"  " + emptySentence(kind, "so_far", name, s.rows.len()),
			"  " + theme.Muted.Render(i18n.T("browser.empty.more_hint"))}
	}
	return []string{"",
		"  " + emptySentence(kind, "none", name, 0),
		"  " + theme.Muted.Render(i18n.T("browser.empty.switch_hint"))}
}

func (m *Model) footer() string {
	s := &m.srcs[m.def(m.cur).src]
	left := m.namingLine()
	switch {
	case left != "":
	case m.filtering:
		left = m.input.View()
	case m.query != "":
		left = theme.Key.Render("/") + " " + m.input.Value()
	}
	if pos := m.position(); pos != "" {
		if left != "" {
			left += "  "
		}
		left += theme.Muted.Render(pos)
	}
	if n := m.markCount.note; n != "" {
		left = join2(left, theme.Key.Render(n))
	}
	sortLabel := theme.Muted.Render(i18n.T("browser.sort.footer", "Sort", m.order.label()))
	busy, short := m.walkNote()
	switch {
	case s.loading && s.loaded && s.reset:
		busy = m.spin.View() + " " + i18n.T("browser.refreshing")
		short = busy
	case busy != "":
		busy, short = theme.Muted.Render(busy), theme.Muted.Render(short)
	case s.loading && s.loaded:
		busy = m.spin.View() + " " + i18n.T("browser.loading_more")
		short = busy
	}
	// What matters most survives a narrow terminal: loading (and what a sort covers),
	// then the filter.
	note := m.mirrorNote()
	for _, right := range []string{join2(note, join2(busy, sortLabel)), join2(note, busy), busy, short, ""} {
		gap := m.width - layout.Width(left) - layout.Width(right)
		if gap >= 1 || right == "" {
			return left + strings.Repeat(" ", max(gap, 0)) + right
		}
	}
	return left
}

func join2(a, b string) string {
	if a == "" {
		return b
	}
	return a + "  " + b
}
