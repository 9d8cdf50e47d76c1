package browser

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/internal/i18n"
)

// Without a complete mirror in the language on screen, the rows come a page at a
// time, and two keys need all of them: G (the last row is the last of the list, not
// of the rows loaded) and a sort (the top row by views is the top of every listing).
// Either starts a walk: the tab on screen asks for one page after another, past
// maxAutoPages, until the list ends, and the footer says how far it is (walkNote).
// G's cursor follows the end until it is reached or another key moves it; a sort
// keeps walking while it is on, and says until then that it sorted only part.
// With every listing held (mirrorfill.go) neither costs a request.

// maxSourceRows bounds the rows a source pages in: a service that never ends its
// list must not fill the memory (200 000 is the sandbox's largest account).
const maxSourceRows = 200_000

// sorted reports whether the order is other than the service's own: over part of
// the rows it would not be the list's order.
func (m *Model) sorted() bool { return m.order != sortOrder{} }

// walking reports whether the tab on screen loads its remaining pages on its own.
func (m *Model) walking() bool {
	s := &m.srcs[m.def(m.cur).src]
	return (m.tabs[m.cur].toEnd || m.sorted()) && m.canPage(s)
}

// canPage reports whether source s has a next page to ask for, without a failure
// to wait out (r or G retries it), and with room in the budget: the walk stops short
// of its last tenth, which stays the user's (a key resumes it once there is room).
func (m *Model) canPage(s *source) bool {
	return s.loaded && s.next != nil && !s.stale && s.rows.len() < maxSourceRows && !m.budgetShort(0)
}

// jumpEnd is G: the cursor on the last row; when pages are left, on the last row
// loaded, following the end as the remaining pages come.
func (m Model) jumpEnd() (Model, tea.Cmd) {
	t := &m.tabs[m.cur]
	t.cursor, t.selID = len(t.vis)-1, 0
	m.clampCursor()
	s := &m.srcs[m.def(m.cur).src]
	t.toEnd = s.next != nil
	return m, m.prefetch()
}

// followEnd keeps G's cursor on the last row while pages come, and ends the walk
// with the last page.
func (m *Model) followEnd() {
	t := &m.tabs[m.cur]
	if !t.toEnd {
		return
	}
	t.cursor, t.selID = len(t.vis)-1, 0
	m.clampCursor()
	if s := &m.srcs[m.def(m.cur).src]; s.next == nil {
		t.toEnd = false
	}
}

// walkNote is the footer's word on a walk or on a sort over part of the rows, and a
// shorter one for a narrow footer; "" when every row is held.
func (m *Model) walkNote() (long, short string) {
	si := m.def(m.cur).src
	s := &m.srcs[si]
	if s.next == nil || !s.loaded {
		return "", ""
	}
	n := s.rows.len() - s.extra
	have := i18n.UI().Number(n)
	of, total := "", -1
	if c := m.total(plainTab(si)); c.isOK && !c.more {
		of, total = " "+i18n.T("browser.walk.of", "Total", i18n.UI().Number(c.n)), c.n
	}
	spin := ""
	if s.loading {
		spin = m.spin.View() + " "
	}
	// The sentences count the rows loaded (n), "of" the total when it is known.
	tot := i18n.UI().Number(max(total, 0))
	switch {
	case m.sorted() && m.walking():
		if of == "" {
			return spin + i18n.N("browser.walk.sorted_loading", n), spin + i18n.N("browser.walk.loaded", n, "Of", "")
		}
		return spin + i18n.N("browser.walk.sorted_of_loading", n, "Total", tot), spin + have + of
	case m.sorted():
		return i18n.N("browser.walk.sorted_only", n), i18n.N("browser.walk.loaded", n, "Of", of)
	case m.walking():
		return spin + i18n.T("browser.walk.loading", "Have", have, "Of", of), spin + have + of
	case m.tabs[m.cur].toEnd && m.budgetShort(0):
		return i18n.T("browser.walk.budget", "Have", have, "Of", of), have + of
	}
	return "", ""
}

// plainTab is the tab that shows every row of source si (not the moderation tab).
func plainTab(si int) int {
	for ti, d := range tabDefs {
		if d.src == si && !d.moderation {
			return ti
		}
	}
	return 0
}
