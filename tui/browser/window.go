package browser

// The window of rows on screen. A row takes one line, but in the moderation tab,
// where its review lines follow it (modview.go), two or three: there the window is
// counted in lines, from its first row (offset) down. Every use of "the rows on
// screen" (scrolling, pgup/pgdn, the prefetch, the mouse, the reasons asked for)
// goes through here.

// bodyLines is the number of lines of the table's rows: the tab line, the header and
// the footer take three.
func (m *Model) bodyLines() int { return max(m.hgt-3, 1) }

// tallRows reports whether the tab on screen has rows of more than one line.
func (m *Model) tallRows() bool { return m.def(m.cur).moderation }

// rowLines is how many lines the row at position i of the tab on screen takes.
func (m *Model) rowLines(i int) int {
	if !m.tallRows() {
		return 1
	}
	rows := &m.srcs[m.def(m.cur).src].rows
	return 1 + len(m.reviewLines(rows, rows.at(m.tabs[m.cur].vis[i])))
}

// windowEnd is the position past the last row on screen; the first row shows even
// when it is taller than the screen (cut).
func (m *Model) windowEnd() int {
	t := &m.tabs[m.cur]
	h := m.bodyLines()
	if !m.tallRows() {
		return min(t.offset+h, len(t.vis))
	}
	n := 0
	for i := t.offset; i < len(t.vis); i++ {
		if n += m.rowLines(i); n > h {
			return max(i, t.offset+1)
		}
	}
	return len(t.vis)
}

// bodyHeight is the number of rows on screen: how far pgdn moves, and how near the
// end of the loaded rows the next page is asked for.
func (m *Model) bodyHeight() int {
	if !m.tallRows() {
		return m.bodyLines()
	}
	return max(m.windowEnd()-m.tabs[m.cur].offset, 1)
}

// scroll keeps the cursor's row whole inside the window, and leaves no empty room
// under the last row while rows are above the window.
func (m *Model) scroll() {
	t := &m.tabs[m.cur]
	h := m.bodyLines()
	if t.cursor < t.offset {
		t.offset = t.cursor
	}
	if !m.tallRows() {
		if t.cursor >= t.offset+h {
			t.offset = t.cursor - h + 1
		}
		t.offset = max(min(t.offset, len(t.vis)-h), 0)
		return
	}
	if len(t.vis) == 0 {
		t.offset = 0
		return
	}
	// Counted up from the row that must show, so that a jump costs a screen of rows.
	cur := max(min(t.cursor, len(t.vis)-1), 0)
	t.offset = max(t.offset, m.firstFitting(cur, h))
	t.offset = min(t.offset, m.firstFitting(len(t.vis)-1, h), cur)
	t.offset = max(min(t.offset, len(t.vis)-1), 0)
}

// firstFitting is the earliest first row of a window of h lines that ends with the
// row at position last whole (last itself when it is taller than h).
func (m *Model) firstFitting(last, h int) int {
	n := 0
	for i := last; i >= 0; i-- {
		if n += m.rowLines(i); n > h {
			return min(i+1, last)
		}
	}
	return 0
}

// rowAt is the position of the row on line y of the table (0 is its first row's
// line), or -1.
func (m *Model) rowAt(y int) int {
	t := &m.tabs[m.cur]
	if y < 0 || y >= m.bodyLines() {
		return -1
	}
	for i, n := t.offset, 0; i < len(t.vis); i++ {
		if n += m.rowLines(i); y < n {
			return i
		}
	}
	return -1
}
