package citypick

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/theme"
)

// minLabel is the narrowest label beside the warehouse count; below it the count
// column is left out.
const minLabel = 16

// View renders the chosen city, the input, the state line and the window of
// results, exactly width × height.
func (m Model) View() string {
	lines := make([]string, 0, m.height)
	lines = append(lines, m.chosenLine(), m.input.View(), m.statusLine())
	switch {
	case m.st == stError:
		lines = append(lines, "  "+theme.Muted.Render(m.errTodo))
	case m.st == stResults, m.st == stSearching:
		lines = append(lines, m.body()...)
	}
	lines = lines[:min(len(lines), m.height)]
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	for i, ln := range lines {
		lines[i] = pad(ln, m.width)
	}
	return strings.Join(lines, "\n")
}

func (m *Model) chosenLine() string {
	if m.chosenRef == "" {
		return theme.Muted.Render("chosen: none yet")
	}
	label := m.chosenLabel
	if label == "" {
		label = "(no name)"
	}
	return theme.Success.Render(theme.OKMark+" chosen: ") + theme.Value.Render(label) +
		theme.Muted.Render(" (ref "+shortRef(m.chosenRef)+")")
}

// shortRef is enough of a UUID to tell two places apart at a glance.
func shortRef(ref string) string {
	if r := []rune(ref); len(r) > 8 {
		return string(r[:8]) + theme.Ellipsis
	}
	return ref
}

func (m *Model) statusLine() string {
	switch m.st {
	case stSearching:
		return m.spin.View() + theme.Muted.Render(" searching “"+strings.TrimSpace(m.input.Value())+"”…")
	case stResults:
		n := len(m.rows)
		s := strconv.Itoa(n) + " places match “" + m.shownQ + "”"
		if n == 1 {
			s = "1 place matches “" + m.shownQ + "”"
		}
		if n >= m.limit {
			s = "the first " + strconv.Itoa(n) + " places for “" + m.shownQ + "”: type more to narrow"
		}
		return theme.Muted.Render(s)
	case stEmpty:
		return theme.Warning.Render(theme.WarningMark + " no city matches “" + m.shownQ +
			"”: try another spelling, or the Ukrainian name")
	case stError:
		return theme.Danger.Render(theme.ErrorMark+" could not search: ") + m.errText
	}
	return theme.Muted.Render("type at least 2 letters of the name; places are listed as you type")
}

// body is the window of result rows. While a new query is on its way the previous
// rows stay, dimmed and without the cursor, since enter does not choose them.
func (m *Model) body() []string {
	end := min(len(m.rows), m.offset+m.bodyHeight())
	out := make([]string, 0, max(end-m.offset, 0))
	labelW := m.width - 4 - m.countW
	for i := m.offset; i < end; i++ {
		r := &m.rows[i]
		sel := i == m.cursor && m.st == stResults
		mark := "  "
		if sel {
			mark = theme.Cursor + " "
		}
		line := mark + r.label
		if labelW >= minLabel {
			line = mark + pad(r.label, labelW) + "  " + padLeft(r.count, m.countW)
		}
		switch {
		case sel:
			line = theme.Selected.Render(pad(line, m.width))
		case m.st == stSearching:
			line = theme.Faint.Render(line)
		case labelW >= minLabel:
			line = mark + pad(r.label, labelW) + "  " + theme.Muted.Render(padLeft(r.count, m.countW))
		}
		out = append(out, line)
	}
	return out
}

// pad truncates or pads a possibly styled line to exactly w cells.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, theme.Ellipsis)
	}
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(w-ansi.StringWidth(s), 0)) + s
}
