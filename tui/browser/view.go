package browser

import (
	"github.com/listings-tui/listings/api/format"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// columns is the width of each column; 0 hides it. It is computed in Update (size,
// tab or data change) so View only pads.
type columns struct {
	sep                                               int
	title, price, status, city, views, marks, created int
	gain                                              int // +7d, with a mirror (mirror.go)
}

const (
	statusW  = 10 // "○ inactive", "▪ archived"
	marksW   = 7  // "VIP TOP"
	viewsW   = 7  // "views ↓"
	createdW = 10 // 2006-01-02
	minTitle = 22
)

// computeLayout drops views, then created, then city, then the marks, until the
// title has room; title, price and status always stay. Spare width goes to the title.
// The moderation tab has its own (modLayout).
func (m *Model) computeLayout() columns {
	if tabDefs[m.cur].moderation {
		return m.modLayout()
	}
	l := columns{sep: 1, status: statusW, marks: marksW, views: viewsW, created: createdW, city: 14, gain: m.gainWidth()}
	if m.width >= 120 {
		l.sep, l.city = 2, 20
	}
	l.price = min(max(m.srcs[tabDefs[m.cur].src].priceW, len("price")+2), 20)
	used := func() int {
		n, cols := 2+l.price+l.status, 3
		for _, w := range []int{l.city, l.views, l.gain, l.marks, l.created} {
			if w > 0 {
				n, cols = n+w, cols+1
			}
		}
		return n + (cols-1)*l.sep
	}
	for _, drop := range []*int{&l.gain, &l.views, &l.created, &l.city, &l.marks} {
		if m.width-used() >= minTitle {
			break
		}
		*drop = 0
	}
	l.title = max(m.width-used(), 1)
	return l
}

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
	if len(lines) > m.hgt {
		lines = lines[len(lines)-m.hgt:]
	}
	for i, ln := range lines {
		lines[i] = layout.Pad(ln, m.width)
	}
	return strings.Join(lines, "\n")
}

func (m *Model) tabLabel(i int, counts bool) string {
	d := tabDefs[i]
	s := &m.srcs[d.src]
	label := d.name
	if c := m.total(i); counts && c.isOK {
		label += " " + c.String()
	}
	if s.stale && (counts || i == m.cur) {
		label += " " + theme.StaleMark
	}
	return label
}

func (m *Model) tabLine() string { return strings.Join(m.tabParts(), "") }

// tabParts are the tabs as drawn, one a tab, the tab line joined: the mouse finds the
// tab under it by their widths (tabAt), so a click and the line agree whatever the
// theme pads a tab with.
func (m *Model) tabParts() []string {
	render := func(counts bool) ([]string, int) {
		parts, w := make([]string, len(tabDefs)), 0
		for i := range tabDefs {
			if i == m.cur { // brackets: the tab on screen reads without colour or underline
				parts[i] = theme.TabActive.Render("[" + m.tabLabel(i, true) + "]")
			} else {
				parts[i] = theme.Tab.Render(m.tabLabel(i, counts))
			}
			w += ansi.StringWidth(parts[i])
		}
		return parts, w
	}
	parts, w := render(true)
	if w > m.width {
		parts, _ = render(false) // only the tab on screen keeps its count
	}
	return parts
}

func (m *Model) header() string {
	c := m.cols
	name := func(col sortCol, s string) string {
		if m.order.col == col && col != sortServer {
			return m.order.label()
		}
		return s
	}
	var b strings.Builder
	b.WriteString("  ")
	b.WriteString(layout.Pad(name(sortTitle, "title"), c.title))
	sep := strings.Repeat(" ", c.sep)
	if c.price > 0 {
		b.WriteString(sep + layout.PadLeft(name(sortPrice, "price"), c.price))
	}
	b.WriteString(sep + layout.Pad(name(sortStatus, "status"), c.status))
	if c.city > 0 {
		b.WriteString(sep + layout.Pad(name(sortCity, "city"), c.city))
	}
	if c.views > 0 {
		b.WriteString(sep + layout.PadLeft(name(sortViews, "views"), c.views))
	}
	if c.gain > 0 {
		b.WriteString(sep + layout.PadLeft(name(sortViews7d, "+7d"), c.gain))
	}
	if c.marks > 0 {
		b.WriteString(sep + layout.Pad("promo", c.marks))
	}
	if c.created > 0 {
		b.WriteString(sep + layout.Pad(name(sortCreated, "created"), c.created))
	}
	return theme.Header.Render(b.String())
}

func (m *Model) body() []string {
	t := &m.tabs[m.cur]
	if len(t.vis) == 0 {
		return m.emptyState()
	}
	rows := &m.srcs[tabDefs[m.cur].src].rows
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

func (m *Model) renderRow(rs *rowStore, r *row, selected bool) string {
	c := m.cols
	sep := strings.Repeat(" ", c.sep)
	var b strings.Builder
	b.Grow(m.width + 64)
	if selected {
		b.WriteString(theme.Cursor + " ")
	} else {
		b.WriteString("  ")
	}
	b.WriteString(layout.Pad(m.markCell(r, selected), c.title))
	if c.price > 0 {
		b.WriteString(sep + layout.PadLeft(rs.str(r.priceS), c.price))
	}
	b.WriteString(sep)
	status := rs.status(r)
	plain := format.Status(status)
	switch {
	case selected:
		b.WriteString(layout.Pad(plain, c.status))
	case ansi.StringWidth(plain) > c.status:
		b.WriteString(theme.Muted.Render(layout.Pad(plain, c.status)))
	default:
		b.WriteString(theme.Status(status) + strings.Repeat(" ", c.status-ansi.StringWidth(plain)))
	}
	if c.city > 0 {
		b.WriteString(sep + layout.Pad(rs.str(r.city), c.city))
	}
	if c.views > 0 {
		// Formatted here, for the rows on screen only: a string per row would cost
		// more memory over 10 000 rows than this costs time per frame.
		var buf [32]byte
		v := appendGrouped(buf[:0], r.views)
		b.WriteString(sep)
		if len(v) > c.views {
			b.WriteString(layout.PadLeft(string(v), c.views))
		} else {
			for range c.views - len(v) {
				b.WriteByte(' ')
			}
			b.Write(v)
		}
	}
	if c.gain > 0 {
		b.WriteString(sep + gainCell(r, c.gain))
	}
	if c.marks > 0 {
		b.WriteString(sep + marks(r, selected))
	}
	if c.created > 0 {
		b.WriteString(sep + layout.Pad(rs.str(r.created), c.created))
	}
	if selected {
		return theme.Selected.Render(layout.Pad(b.String(), m.width))
	}
	return b.String()
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
	d := tabDefs[m.cur]
	s := &m.srcs[d.src]
	t := &m.tabs[m.cur]
	what := d.name + " listings"
	if d.moderation {
		what = "pending or blocked listings"
	}
	switch {
	case !s.loaded && s.loading:
		return []string{"", "  " + m.spin.View() + " Loading " + what + "…"}
	case !s.loaded && s.stale:
		return []string{"",
			"  " + theme.Danger.Render(theme.ErrorMark+" Could not load "+what+": ") + s.errText,
			"  " + theme.Muted.Render("r to retry · tab to switch tabs")}
	case !s.loaded:
		return []string{"", "  " + theme.Muted.Render("Not loaded yet · r to load")}
	case len(t.sorted) > 0 && m.query != "":
		return []string{"",
			"  No loaded listing matches “" + m.input.Value() + "”.",
			"  " + theme.Muted.Render("esc clears the filter")}
	case s.next != nil:
		return []string{"",
			"  No " + what + " among the " + strconv.Itoa(s.rows.len()) + " loaded so far.",
			"  " + theme.Muted.Render("↓ or G loads more · tab to switch · r to refresh")}
	}
	return []string{"",
		"  No " + what + ".",
		"  " + theme.Muted.Render("tab to switch tabs · r to refresh")}
}

func (m *Model) footer() string {
	s := &m.srcs[tabDefs[m.cur].src]
	var left string
	switch {
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
	sortLabel := theme.Muted.Render("sort: " + m.order.label())
	busy, short := m.walkNote()
	switch {
	case s.loading && s.loaded && s.reset:
		busy = m.spin.View() + " refreshing…"
		short = busy
	case busy != "":
		busy, short = theme.Muted.Render(busy), theme.Muted.Render(short)
	case s.loading && s.loaded:
		busy = m.spin.View() + " loading more…"
		short = busy
	}
	// What matters most survives a narrow terminal: loading (and what a sort covers),
	// then the filter.
	note := m.mirrorNote()
	for _, right := range []string{join2(note, join2(busy, sortLabel)), join2(note, busy), busy, short, ""} {
		gap := m.width - ansi.StringWidth(left) - ansi.StringWidth(right)
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
