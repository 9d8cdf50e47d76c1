// Package helpview owns how key maps are laid out on screen: the full help overlay
// (each key map's groups as columns, in as many bands as the width needs, scrolled
// when taller than the view) and the footer's short help (the view's keys, then the
// root's, cut at a binding's end). Which keys are shown, and when, is the root's.
package helpview

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// gap separates two columns of the help overlay.
const gap = "    "

// New is the help bubble in the theme's styles.
func New() help.Model {
	h := help.New()
	h.Styles.ShortKey = theme.Key
	h.Styles.ShortDesc = theme.Muted
	h.Styles.ShortSeparator = theme.Faint
	h.Styles.Ellipsis = theme.Faint
	h.Styles.FullKey = theme.Key
	h.Styles.FullDesc = theme.Muted
	h.Styles.FullSeparator = theme.Faint
	return h
}

// body lays the key groups out as columns, in as many bands as the width w needs: at
// 60 columns the root's keys (q, W, L) wrap below the view's instead of being cut off.
func body(h help.Model, groups [][]key.Binding, w int) []string {
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
	for _, g := range groups {
		col := h.FullHelpView([][]key.Binding{g})
		if col == "" {
			continue
		}
		cw := lipgloss.Width(col)
		if len(band) > 0 && bandW+len(gap)+cw > w {
			flush()
		}
		if len(band) > 0 {
			band = append(band, gap)
			bandW += len(gap)
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

// Overlay is the full help's box for a view area of width×height, scrolled to off
// when it is taller than the area; it returns off clamped to what can scroll.
func Overlay(h help.Model, groups [][]key.Binding, width, height, off int) ([]string, int) {
	inner := max(width-4, 8) // border and padding
	lines := body(h, groups, inner)
	room := max(height-4, 1) // border, heading and the blank line under it
	head := theme.Heading.Render(i18n.T("helpview.title"))
	if extra := len(lines) - room; extra > 0 {
		off = min(max(off, 0), extra)
		total := len(lines)
		lines = lines[off : off+room]
		head += theme.Muted.Render("  " + i18n.T("helpview.scroll", "From", off+1, "To", off+len(lines), "Total", total))
	} else {
		off = 0
	}
	head = ansi.Truncate(head, inner, theme.Ellipsis)
	box := theme.Border.Width(max(width-2, 10)).Render(head + "\n\n" + strings.Join(lines, "\n"))
	return strings.Split(box, "\n"), off
}

// scrollKeys scroll the overlay when it is taller than the screen.
var scrollKeys = struct{ up, down, pageUp, pageDown key.Binding }{
	up:       key.NewBinding(key.WithKeys("up", "k")),
	down:     key.NewBinding(key.WithKeys("down", "j")),
	pageUp:   key.NewBinding(key.WithKeys("pgup", "home", "g")),
	pageDown: key.NewBinding(key.WithKeys("pgdown", "end", "G")),
}

// wheelStep is how many lines a notch of the wheel scrolls the overlay: the step of
// bubbles' viewport, which scrolls the detail, so both read alike.
const wheelStep = 3

// Scroll is the overlay's offset off after the key k, in a view height lines tall;
// Overlay clamps it. Any other key leaves it.
func Scroll(k tea.KeyMsg, off, height int) int {
	page := max(height-5, 1)
	switch {
	case key.Matches(k, scrollKeys.up):
		off--
	case key.Matches(k, scrollKeys.down):
		off++
	case key.Matches(k, scrollKeys.pageUp):
		off -= page
	case key.Matches(k, scrollKeys.pageDown):
		off += page
	}
	return off
}

// Wheel is the overlay's offset off after the mouse button b (the wheel).
func Wheel(b tea.MouseButton, off int) int {
	switch b {
	case tea.MouseButtonWheelUp:
		return max(off-wheelStep, 0)
	case tea.MouseButtonWheelDown:
		return off + wheelStep // Overlay clamps it
	}
	return off
}

// Bar is the footer's short help: the view's keys, then the root's. The root's (?
// help, q quit) come last but are never the ones cut, so they get the whole width;
// a new user finds everything else through "?". The view's get what is left of room.
func Bar(h help.Model, view, root []key.Binding, width, room int) string {
	left := short(h, root, width)
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	if v := short(h, view, room-lipgloss.Width(left)-lipgloss.Width(sep)); v != "" {
		left = v + sep + left
	}
	return left
}

// short is bindings as the help bubble's short view, cut to at most w cells at a
// binding's end with an ellipsis: the bubble itself overflows when not even its
// ellipsis fits.
func short(h help.Model, bindings []key.Binding, w int) string {
	st := h.Styles
	sep := st.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	tail := " " + st.Ellipsis.Inline(true).Render(h.Ellipsis)
	var b strings.Builder
	used := 0
	for _, kb := range bindings {
		if !kb.Enabled() {
			continue
		}
		item := st.ShortKey.Inline(true).Render(kb.Help().Key) + " " + st.ShortDesc.Inline(true).Render(kb.Help().Desc)
		if used > 0 {
			item = sep + item
		}
		iw := lipgloss.Width(item)
		if used+iw > w {
			if used > 0 && used+lipgloss.Width(tail) <= w {
				b.WriteString(tail)
			}
			break
		}
		b.WriteString(item)
		used += iw
	}
	return b.String()
}
