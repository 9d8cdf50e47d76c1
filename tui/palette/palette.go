// Package palette is the command palette (`:` and ctrl+p): every action in reach on
// screen, the view's and the root's, searched by its words and its id as typed
// (github.com/sahilm/fuzzy, the matcher of bubbles' list), each with its keys beside
// it; enter runs one. Actions with no key are found only here. It is the root's
// component: the root gives it what is in reach (tui/action) and runs what is chosen.
package palette

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/sahilm/fuzzy"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// Model is the open palette.
type Model struct {
	items []action.Bound
	// words are what each item is searched by: its description, then its id.
	words  []string
	shown  []int // indexes of items matching the query, best first
	cursor int
	input  textinput.Model
	keys   keyMap
}

type keyMap struct{ Run, Close, Up, Down key.Binding }

// New is the palette over the actions in reach; those hidden (a write under a
// read-only key) and the footer's copies are left out.
func New(reach []action.Bound) Model {
	m := Model{keys: keyMap{
		Run:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", i18n.T("palette.run"))),
		Close: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", i18n.T("palette.close"))),
		Up:    key.NewBinding(key.WithKeys("up", "ctrl+k"), key.WithHelp("↑/↓", i18n.T("palette.choose"))),
		Down:  key.NewBinding(key.WithKeys("down", "ctrl+j")),
	}}
	for _, b := range reach {
		if b.Hidden || b.Typing || b.FooterOnly || b.ID == "" {
			continue
		}
		m.items = append(m.items, b)
		m.words = append(m.words, b.Desc+" "+string(b.ID))
	}
	m.input = textinput.New()
	m.input.Prompt = ": "
	m.input.Placeholder = i18n.T("palette.placeholder")
	m.input.PromptStyle, m.input.PlaceholderStyle = theme.Key, theme.Faint
	m.input.Focus()
	m.filter()
	return m
}

// Result is what a key did: Chosen is set when an action is to run, Done when the
// palette closes.
type Result struct {
	Chosen *action.Bound
	Done   bool
}

// Update handles a key: the query, the choice, enter and esc.
func (m Model) Update(k tea.KeyMsg) (Model, Result) {
	switch {
	case key.Matches(k, m.keys.Close):
		return m, Result{Done: true}
	case key.Matches(k, m.keys.Run):
		if len(m.shown) == 0 {
			return m, Result{}
		}
		b := m.items[m.shown[m.cursor]]
		return m, Result{Chosen: &b, Done: true}
	case key.Matches(k, m.keys.Up):
		m.cursor = max(m.cursor-1, 0)
		return m, Result{}
	case key.Matches(k, m.keys.Down):
		m.cursor = min(m.cursor+1, max(len(m.shown)-1, 0))
		return m, Result{}
	}
	m.input, _ = m.input.Update(k)
	m.filter()
	return m, Result{}
}

// filter orders the items by how well they match the query; all of them, in the
// tables' order, for none.
func (m *Model) filter() {
	m.cursor, m.shown = 0, m.shown[:0]
	q := strings.TrimSpace(m.input.Value())
	if q == "" {
		for i := range m.items {
			m.shown = append(m.shown, i)
		}
		return
	}
	for _, f := range fuzzy.Find(q, m.words) {
		m.shown = append(m.shown, f.Index)
	}
}

// ShortHelp is the footer's keys while the palette is open.
func (m Model) ShortHelp() []key.Binding { return []key.Binding{m.keys.Run, m.keys.Up, m.keys.Close} }

// Over draws the palette over lines, a view area width wide, near its top.
func (m Model) Over(lines []string, width int) []string {
	w := min(64, width-2)
	inner := max(w-4, 10)        // border and padding
	rows := max(len(lines)-4, 1) // border, the query and the rule under it
	m.input.Width = max(inner-3, 1)
	body := []string{m.input.View(), theme.Faint.Render(strings.Repeat("─", inner))}
	first := max(m.cursor-rows+1, 0)
	for n, i := range m.shown[first:min(len(m.shown), first+rows)] {
		body = append(body, m.line(i, first+n == m.cursor, inner))
	}
	if len(m.shown) == 0 {
		body = append(body, theme.Muted.Render(i18n.T("palette.none")))
	} else if len(m.shown) > rows && len(body) == rows+2 {
		body[len(body)-1] = theme.Muted.Render("… " + i18n.N("palette.more", len(m.shown)-rows+1))
	}
	box := strings.Split(theme.Border.Width(inner+2).Render(strings.Join(body, "\n")), "\n")
	if len(box) > len(lines) {
		box = box[:len(lines)]
	}
	out := append([]string(nil), lines...)
	for i, l := range box {
		pad := max((width-lipgloss.Width(l))/2, 0)
		out[i] = layout.Pad(ansi.Truncate(strings.Repeat(" ", pad)+l, width, ""), width)
	}
	return out
}

// line is one action: its words on the left, its keys on the right.
func (m Model) line(i int, cur bool, w int) string {
	b := m.items[i]
	keys := b.Label
	if len(b.Keys) == 0 {
		keys = i18n.T("palette.no_key")
	}
	mark := "  "
	if cur {
		mark = theme.Cursor + " "
	}
	left := layout.Cut(mark+b.Desc, max(w-lipgloss.Width(keys)-1, 4))
	gap := max(w-lipgloss.Width(left)-lipgloss.Width(keys), 1)
	line := left + strings.Repeat(" ", gap) + theme.Key.Render(keys)
	if cur {
		return theme.Selected.Render(line)
	}
	return line
}
