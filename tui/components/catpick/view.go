package catpick

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// Row marks: a group and a category read apart without colour.
const (
	groupMark  = "▸"
	leafMark   = "•"
	openMark   = "›" // after a group's child count: → opens it
	suggestTag = "✦ AI"
)

type noteKind int

const (
	noteNone noteKind = iota
	noteInfo
	noteOK
	noteAI
	noteWarn
	noteError
)

// note is the line under the list: what just happened or what to do.
type note struct {
	kind noteKind
	text string
}

// noteMark starts a note, so that its kind reads without colour.
var noteMark = map[noteKind]string{
	noteOK:    theme.OKMark + " ",
	noteAI:    "✦ ",
	noteWarn:  theme.WarningMark + " ",
	noteError: theme.ErrorMark + " ",
}

// noteStyle is the colour of a note. A function, not a table: the theme's styles are
// set from the chosen palette at start, after package variables are made.
func noteStyle(k noteKind) lipgloss.Style {
	switch k {
	case noteOK:
		return theme.Success
	case noteAI:
		return theme.Title
	case noteWarn:
		return theme.Warning
	case noteError:
		return theme.Danger
	}
	return theme.Muted
}

func (m *Model) setNote(k noteKind, text string) {
	m.note = note{k, text}
	m.wrapNote()
	m.scroll(m.cur())
}

// clearNote drops a note once the seller moves on; the AI's suggestion stays until
// something replaces it.
func (m *Model) clearNote() {
	if m.note.kind != noteAI && m.note.kind != noteNone {
		m.setNote(noteNone, "")
	}
}

// wrapNote wraps the note to the width: up to three lines, one in a short area so
// that the list keeps most of it.
func (m *Model) wrapNote() {
	m.noteLines = nil
	if m.note.kind == noteNone {
		return
	}
	rows := 3
	if m.height < 10 {
		rows = 1
	}
	text := noteMark[m.note.kind] + m.note.text
	lines := strings.Split(ansi.Wrap(text, m.width, " "), "\n")
	if len(lines) > rows {
		lines = lines[:rows]
		lines[rows-1] = ansi.Truncate(lines[rows-1]+" "+theme.Ellipsis, m.width, theme.Ellipsis)
	}
	m.noteLines = lines
}

// bodyHeight is the number of list rows: the area less the header line and the
// status lines.
func (m *Model) bodyHeight() int {
	return max(m.height-1-max(len(m.noteLines), 1), 1)
}

// View renders the header (breadcrumb or search input), the list and the status
// lines, exactly width × height.
func (m Model) View() string {
	lines := make([]string, 0, m.height)
	lines = append(lines, m.header())
	lines = append(lines, m.body()...)
	status := m.status()
	h := m.bodyHeight() + 1
	lines = lines[:min(len(lines), h)]
	for len(lines) < h {
		lines = append(lines, "")
	}
	lines = append(lines, status...)
	lines = lines[:min(len(lines), m.height)]
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	for i, ln := range lines {
		lines[i] = layout.Pad(ln, m.width)
	}
	return strings.Join(lines, "\n")
}

// withRight puts right at the end of a line of width w, after left cut to fit.
func withRight(left, right string, w int) string {
	rw := ansi.StringWidth(right)
	if rw == 0 {
		return left
	}
	if rw+2 > w {
		return layout.Pad(left, w)
	}
	return layout.Pad(left, w-rw-1) + " " + right
}

func (m Model) header() string {
	if m.searching {
		right := ""
		if m.tr != nil {
			right = i18n.N("pickers.cat.found", len(m.found.rows))
			if len(m.found.rows) == 0 {
				right = i18n.T("pickers.cat.no_match")
			}
		}
		return withRight(m.input.View(), theme.Muted.Render(right), m.width)
	}
	names := []string{i18n.T("pickers.cat.categories")}
	right := ""
	if m.tr != nil {
		if m.parent >= 0 {
			names = append(names, m.tr.names(m.parent)...)
		}
		if n := len(m.browse.rows); n > 0 {
			right = strconv.Itoa(m.browse.cursor+1) + "/" + strconv.Itoa(n)
		}
	}
	avail := m.width - ansi.StringWidth(right) - 1
	head, last := fitPath(names, avail)
	return withRight(theme.Muted.Render(head)+theme.Heading.Render(last), theme.Muted.Render(right), m.width)
}

// fitPath joins names with PathSep in w cells, replacing leading names with an
// ellipsis when they do not fit: the last name matters most. It returns the part
// before the last name (with its separator) and the last name.
func fitPath(names []string, w int) (head, last string) {
	if len(names) == 0 {
		return "", ""
	}
	last = names[len(names)-1]
	lw := ansi.StringWidth(last)
	for k := 0; k < len(names); k++ {
		head = strings.Join(names[k:len(names)-1], PathSep)
		if head != "" {
			head += PathSep
		}
		if k > 0 {
			head = theme.Ellipsis + PathSep + head
		}
		if ansi.StringWidth(head)+lw <= w {
			return head, last
		}
	}
	return "", ansi.Truncate(last, max(w, 0), theme.Ellipsis)
}

func (m Model) body() []string {
	switch {
	case m.tr == nil && m.loadErr != "":
		return []string{
			theme.Danger.Render(theme.ErrorMark + " " + i18n.T("pickers.cat.load_failed", "Err", m.loadErr)),
			theme.Muted.Render(i18n.T("pickers.cat.load_retry")),
		}
	case m.tr == nil:
		return []string{m.spin.View() + theme.Muted.Render(" "+i18n.T("pickers.cat.loading"))}
	case len(m.tr.top) == 0:
		return []string{
			theme.Warning.Render(theme.WarningMark + " " + i18n.T("pickers.cat.none_for_lang", "Lang", strconv.Quote(m.lang))),
			theme.Muted.Render(i18n.T("pickers.cat.ask_again")),
		}
	case m.searching && len(m.found.rows) == 0:
		return []string{
			theme.Muted.Render(i18n.T("pickers.cat.no_category", "Query", strconv.Quote(m.input.Value()))),
			theme.Muted.Render(i18n.T("pickers.cat.search_hint")),
		}
	}
	l := m.cur()
	end := min(l.offset+m.bodyHeight(), len(l.rows))
	out := make([]string, 0, end-l.offset)
	for r := l.offset; r < end; r++ {
		out = append(out, m.row(l.rows[r], r == l.cursor))
	}
	return out
}

// row renders one category: cursor, mark, name (or path, in the search) and tags.
func (m Model) row(i int, selected bool) string {
	n := &m.tr.nodes[i]
	prefix := "  "
	if selected {
		prefix = theme.Cursor + " "
	}
	mark := leafMark + " "
	var tags []string
	if n.leaf() {
		if n.id == m.current {
			tags = append(tags, theme.OKMark+" "+i18n.T("pickers.cat.current"))
		}
		if n.id == m.sugID {
			tags = append(tags, suggestTag)
		}
	} else {
		mark = groupMark + " "
		tags = append(tags, strconv.Itoa(len(n.kids))+" "+openMark)
	}
	right := strings.Join(tags, " ")
	nameW := m.width - 4
	if right != "" {
		nameW -= ansi.StringWidth(right) + 1
	}
	head, last := n.name, ""
	if m.searching {
		head, last = fitPath(m.tr.names(i), nameW)
	}
	if selected && m.focused {
		return theme.Selected.Render(layout.Pad(withRight(prefix+mark+head+last, right, m.width), m.width))
	}
	left := prefix + mark + theme.Value.Render(head)
	if m.searching {
		left = prefix + mark + theme.Muted.Render(head) + theme.Value.Render(last)
	}
	styled := theme.Muted.Render(right)
	if n.id == m.sugID && n.leaf() {
		styled = theme.Title.Render(right)
	}
	return withRight(left, styled, m.width)
}

// status is the line (or two) under the list: the AI request running, the note, or
// what the marks mean.
func (m Model) status() []string {
	switch {
	case m.suggesting:
		return []string{m.spin.View() + theme.Muted.Render(" "+i18n.T("pickers.cat.asking"))}
	case len(m.noteLines) > 0:
		st := noteStyle(m.note.kind)
		out := make([]string, len(m.noteLines))
		for i, ln := range m.noteLines {
			out[i] = st.Render(ln)
		}
		return out
	case m.tr == nil || len(m.tr.top) == 0:
		return []string{""}
	case m.searching:
		return []string{theme.Muted.Render(i18n.T("pickers.cat.only_categories"))}
	}
	return []string{theme.Muted.Render(groupMark + " " + i18n.T("pickers.cat.group_opens") + "   " + leafMark + " " + i18n.T("pickers.cat.leaf_chooses"))}
}
