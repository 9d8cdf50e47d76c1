package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/theme"
)

// helpGap separates two columns of the help overlay.
const helpGap = "    "

// helpKey handles a key while the full help is shown: it closes, quits or scrolls;
// everything else is swallowed, since the view underneath is hidden.
func (m Model) helpKey(k tea.KeyMsg) (Model, tea.Cmd) {
	keys := m.keys
	switch {
	case key.Matches(k, keys.Esc), key.Matches(k, keys.Help):
		m.showHelp = false
	case key.Matches(k, keys.Quit):
		return m, tea.Quit
	case key.Matches(k, keys.HelpUp):
		m.helpOff--
	case key.Matches(k, keys.HelpDown):
		m.helpOff++
	case key.Matches(k, keys.HelpPageUp):
		m.helpOff -= max(m.viewHeight-5, 1)
	case key.Matches(k, keys.HelpPageDown):
		m.helpOff += max(m.viewHeight-5, 1)
	}
	return m, nil // renderHelp clamps the offset
}

// helpBody lays the key groups out as columns, in as many bands as the width w
// needs: at 60 columns the root's keys (q, W, L) wrap below the view's instead of
// being cut off.
func (m *Model) helpBody(w int) []string {
	h := m.help
	h.Width = 0 // one column at a time: never cut
	var bands []string
	var band []string
	bandW := 0
	flush := func() {
		if len(band) > 0 {
			bands = append(bands, lipgloss.JoinHorizontal(lipgloss.Top, band...))
		}
		band, bandW = nil, 0
	}
	for _, g := range m.fullHelp() {
		col := h.FullHelpView([][]key.Binding{g})
		if col == "" {
			continue
		}
		cw := lipgloss.Width(col)
		if len(band) > 0 && bandW+len(helpGap)+cw > w {
			flush()
		}
		if len(band) > 0 {
			band = append(band, helpGap)
			bandW += len(helpGap)
		}
		band = append(band, col)
		bandW += cw
	}
	flush()
	var lines []string
	for i, b := range bands {
		if i > 0 {
			lines = append(lines, "")
		}
		for _, l := range strings.Split(b, "\n") {
			lines = append(lines, ansi.Truncate(strings.TrimRight(l, " "), w, theme.Ellipsis))
		}
	}
	return lines
}

// renderHelp is the overlay's box for the view area, scrolled to helpOff (clamped
// here) when it is taller than the area.
func (m *Model) renderHelp() []string {
	inner := max(m.width-4, 8) // border and padding
	body := m.helpBody(inner)
	room := max(m.viewHeight-4, 1) // border, heading and the blank line under it
	head := theme.Heading.Render("Keys")
	if extra := len(body) - room; extra > 0 {
		m.helpOff = min(max(m.helpOff, 0), extra)
		total := len(body)
		body = body[m.helpOff : m.helpOff+room]
		head += theme.Muted.Render(fmt.Sprintf("  ↑/↓ scroll · lines %d–%d of %d", m.helpOff+1, m.helpOff+len(body), total))
	} else {
		m.helpOff = 0
	}
	head = ansi.Truncate(head, inner, theme.Ellipsis)
	box := theme.Border.Width(max(m.width-2, 10)).Render(head + "\n\n" + strings.Join(body, "\n"))
	return strings.Split(box, "\n")
}
