package browser

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// columns is the tab's columns as placed for the width: computed in Update (size,
// tab, data or column change) so that View only pads.
type columns struct {
	sep   int
	title int      // the title's width: what the others leave
	list  []placed // in the tab's order, the title among them
}

// placed is one column shown, with its width (the title's is columns.title).
type placed struct {
	id   string
	kind colKind
	w    int
}

const (
	statusW  = 10 // "○ inactive", "▪ archived"
	marksW   = 7  // "VIP TOP"
	viewsW   = 7  // "views ↓"
	createdW = 10 // 2006-01-02
	minTitle = 22
)

// computeLayout places the tab's columns: each at its width, the title taking what
// is left. When the title would get less than its minimum, columns go until it has
// it: first those blank in every row of the tab, then the least useful (kinds),
// the rightmost first among equals; the title and the status always stay.
func (m *Model) computeLayout() columns {
	d := m.def(m.cur)
	l := columns{sep: 1}
	wide := m.width >= 120
	if wide {
		l.sep = 2
	}
	least := minTitle
	if d.moderation {
		least = modTitleMin
	}
	for _, c := range m.tabCols() {
		k, _ := kindOf(c.id)
		w := c.width
		switch {
		case c.id == colTitle:
			least = max(least, c.width)
		case c.id == colGain && m.mir.db == nil:
			continue // views over time need the mirror's syncs
		case w > 0:
		case c.id == colPrice:
			s := &m.srcs[d.src]
			pw := s.priceW
			if d.moderation {
				pw = s.modPriceW
			}
			w = min(max(pw, layout.Width(colHead(colPrice, ""))+2), 20)
		case c.id == colCity && wide:
			w = 20
		case c.id == colStatus:
			w = statusWidth()
		case c.id == colViews: // room for the heading and its sort's arrow
			w = max(viewsW, layout.Width(colHead(colViews, ""))+2)
		default:
			w = k.width
		}
		l.list = append(l.list, placed{id: c.id, kind: k, w: w})
	}
	used := func() int {
		n := 2 // the cursor
		for _, p := range l.list {
			if p.id != colTitle && p.w > 0 {
				n += p.w + l.sep
			}
		}
		return n
	}
	if m.width-used() < least {
		for _, i := range m.dropOrder(l.list) {
			if m.width-used() >= least {
				break
			}
			l.list[i].w = 0
		}
		l.list = slices.DeleteFunc(l.list, func(p placed) bool { return p.id != colTitle && p.w == 0 })
	}
	l.title = max(m.width-used(), 1)
	return l
}

// dropOrder is the indices of list in the order they go when the width runs short.
func (m *Model) dropOrder(list []placed) []int {
	blank := m.blankColumns(list)
	var idx []int
	for i, p := range list {
		if p.kind.keep > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if blank[a] != blank[b] {
			if blank[a] {
				return -1
			}
			return 1
		}
		if c := list[a].kind.keep - list[b].kind.keep; c != 0 {
			return c
		}
		return b - a // the rightmost first
	})
	return idx
}

// blankColumns says which columns of list have nothing to show in any row of the
// tab (no city, no promotion, no attribute known).
func (m *Model) blankColumns(list []placed) []bool {
	d := m.def(m.cur)
	rs := &m.srcs[d.src].rows
	out := make([]bool, len(list))
	for i, p := range list {
		if !m.canBeBlank(p.id) {
			continue
		}
		out[i] = true
		for j := range rs.len() {
			r := rs.at(j)
			if (!d.moderation || r.mod) && !m.blankCell(rs, r, p.id) {
				out[i] = false
				break
			}
		}
	}
	return out
}

func (m *Model) canBeBlank(id string) bool {
	switch id {
	case colCity, colGain, colPromo, colCreated:
		return true
	}
	return strings.HasPrefix(id, attrPrefix)
}

// blankCell reports whether row r shows nothing in column id.
func (m *Model) blankCell(rs *rowStore, r *row, id string) bool {
	switch id {
	case colCity:
		return r.city == 0
	case colGain:
		return r.gain == 0
	case colPromo:
		return !r.vip && !r.top
	case colCreated:
		return r.created == 0
	}
	return m.attrValue(id, r.id) == ""
}

func (m *Model) header() string {
	c := m.cols
	var b strings.Builder
	b.WriteString("  ")
	for i, p := range c.list {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", c.sep))
		}
		name := colHead(p.id, p.kind.head)
		if p.kind.sort != sortServer && m.order.col == p.kind.sort {
			name = m.order.label()
		}
		switch {
		case p.id == colTitle:
			b.WriteString(layout.Pad(name, c.title))
		case p.kind.right:
			b.WriteString(layout.PadLeft(name, p.w))
		default:
			b.WriteString(layout.Pad(name, p.w))
		}
	}
	return theme.Header.Render(b.String())
}

func (m *Model) renderRow(rs *rowStore, r *row, selected bool) string {
	c := m.cols
	var b strings.Builder
	b.Grow(m.width + 64)
	if selected {
		b.WriteString(theme.Cursor + " ")
	} else {
		b.WriteString("  ")
	}
	for i, p := range c.list {
		if i > 0 {
			for range c.sep {
				b.WriteByte(' ')
			}
		}
		m.writeCell(&b, rs, r, p, selected)
	}
	if selected {
		return theme.Selected.Render(layout.Pad(b.String(), m.width))
	}
	return b.String()
}

// writeCell writes row r's cell of column p.
func (m *Model) writeCell(b *strings.Builder, rs *rowStore, r *row, p placed, selected bool) {
	switch p.id {
	case colTitle:
		b.WriteString(layout.Pad(m.markCell(r, selected), m.cols.title))
	case colPrice:
		b.WriteString(layout.PadLeft(rs.str(r.priceS), p.w))
	case colStatus:
		status := rs.status(r)
		plain := statusText(status)
		switch {
		case selected:
			b.WriteString(layout.Pad(plain, p.w))
		case layout.Width(plain) > p.w:
			b.WriteString(theme.Muted.Render(layout.Pad(plain, p.w)))
		default:
			b.WriteString(theme.StatusLabel(status, plain) + strings.Repeat(" ", p.w-layout.Width(plain)))
		}
	case colCity:
		b.WriteString(layout.Pad(rs.str(r.city), p.w))
	case colViews:
		// Formatted here, for the rows on screen only: a string per row would cost
		// more memory over 10 000 rows than this costs time per frame.
		var buf [32]byte
		v := appendGrouped(buf[:0], r.views)
		n := utf8.RuneCount(v) // cells: a language's group mark may be a no-break space, two bytes
		if n > p.w {
			b.WriteString(layout.PadLeft(string(v), p.w))
			return
		}
		for range p.w - n {
			b.WriteByte(' ')
		}
		b.Write(v)
	case colGain:
		b.WriteString(gainCell(r, p.w))
	case colPromo:
		if p.w == marksW { // as wide as the badges: no measuring of their styles
			b.WriteString(marks(r, selected))
			return
		}
		b.WriteString(layout.Pad(marks(r, selected), p.w))
	case colCreated:
		b.WriteString(layout.Pad(rs.str(r.created), p.w))
	default:
		b.WriteString(layout.Pad(m.attrValue(p.id, r.id), p.w))
	}
}
