package citypick

import (
	"strings"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
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
	if m.st == stError {
		lines = append(lines, "  "+theme.Muted.Render(m.errTodo))
	}
	for i, ln := range lines {
		lines[i] = layout.Pad(ln, m.width)
	}
	if m.st == stResults || m.st == stSearching {
		body := m.body() // width wide, except in an area narrower than the marker
		if m.width < 3 {
			for i, ln := range body {
				body[i] = layout.Pad(ln, m.width)
			}
		}
		lines = append(lines, body...)
	}
	lines = lines[:min(len(lines), m.height)]
	blank := strings.Repeat(" ", m.width)
	for len(lines) < m.height {
		lines = append(lines, blank)
	}
	return strings.Join(lines, "\n")
}

func (m *Model) chosenLine() string {
	if m.chosenRef == "" {
		return theme.Muted.Render(i18n.T("pickers.city.none_yet"))
	}
	label := m.chosenLabel
	if label == "" {
		label = i18n.T("pickers.city.no_name")
	}
	return theme.Success.Render(theme.OKMark+" "+i18n.T("pickers.city.chosen")+" ") + theme.Value.Render(label) +
		theme.Muted.Render(" "+i18n.T("pickers.city.ref", "Ref", shortRef(m.chosenRef)))
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
		return m.spin.View() + theme.Muted.Render(" "+i18n.T("pickers.city.searching", "Query", strings.TrimSpace(m.input.Value())))
	case stResults:
		s := i18n.N("pickers.city.matches", len(m.rows), "Query", m.shownQ)
		if m.more {
			s = i18n.N("pickers.city.more", len(m.rows), "Query", m.shownQ)
		}
		return theme.Muted.Render(s)
	case stEmpty:
		return theme.Warning.Render(theme.WarningMark + " " + i18n.T("pickers.city.no_match", "Query", m.shownQ))
	case stError:
		return theme.Danger.Render(theme.ErrorMark+" "+i18n.T("pickers.city.failed")+" ") + m.errText
	}
	return theme.Muted.Render(i18n.T("pickers.city.hint"))
}

// body is the window of result rows, each exactly width wide. While a new query
// is on its way the previous rows stay, dimmed and without the cursor, since enter
// does not choose them.
func (m *Model) body() []string {
	end := min(len(m.rows), m.offset+m.bodyHeight())
	out := make([]string, 0, max(end-m.offset, 0))
	labelW := m.width - 4 - m.countW // the marker and the two spaces before the count
	withCount := labelW >= minLabel
	if !withCount {
		labelW = m.width - 2
	}
	for i := m.offset; i < end; i++ {
		r := &m.rows[i]
		sel := i == m.cursor && m.st == stResults
		mark := "  "
		if sel {
			mark = theme.Cursor + " "
		}
		label := r.city.Label + strings.Repeat(" ", max(labelW-r.labelW, 0))
		if r.labelW > labelW {
			label = layout.Pad(r.city.Label, labelW)
		}
		count, styled := "", ""
		if withCount {
			count, styled = r.count, r.styled
		}
		switch {
		case sel:
			out = append(out, theme.Selected.Render(mark+label+count))
		case m.st == stSearching:
			out = append(out, theme.Faint.Render(mark+label+count))
		default:
			out = append(out, mark+label+styled)
		}
	}
	return out
}
