// Package planbox owns the dialog a plan is confirmed in (a bulk action's in
// tui/bulkform, an import's in tui/importer): the plan's lines wrapped to a box of at
// most MaxWidth columns, scrolled when taller than the screen, a keys line under
// them, and the box drawn in the middle of the view. It is a component, not a view:
// the view owns the keys and says what they do.
package planbox

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// MaxWidth is the widest the dialog gets: wider lines are harder to read.
const MaxWidth = 76

// Box is a plan's lines and their scroll.
type Box struct {
	lines   []string
	wrapped []string // lines wrapped to the box, made when the lines or the width change
	off     int
	width   int
	height  int
}

// InnerWidth is the box's width inside its border and padding on a view width wide.
func InnerWidth(width int) int { return max(min(width, MaxWidth)-4, 8) }

// SetSize sets the view's size the box is drawn in.
func (b *Box) SetSize(width, height int) {
	b.width, b.height = max(width, 1), max(height, 1)
	b.wrap()
}

// SetLines replaces the lines (not cut: they are wrapped to the box, an indented
// line under its indent) and scrolls to the top.
func (b *Box) SetLines(lines []string) {
	b.lines, b.off = lines, 0
	b.wrap()
}

func (b *Box) wrap() {
	w := InnerWidth(b.width)
	b.wrapped = nil // a new slice: the model's earlier copies keep theirs
	for _, l := range b.lines {
		text := strings.TrimLeft(l, " ")
		indent := strings.Repeat(" ", len(l)-len(text))
		for _, part := range strings.Split(lipgloss.NewStyle().Width(max(w-len(indent), 4)).Render(text), "\n") {
			b.wrapped = append(b.wrapped, indent+part)
		}
	}
	b.Scroll(0)
}

// Page is how many lines the box shows: the border and the keys line take three.
func (b *Box) Page() int { return max(b.height-3, 1) }

// Scroll moves the lines shown by n (negative: up), within the lines.
func (b *Box) Scroll(n int) {
	b.off = max(min(b.off+n, len(b.wrapped)-b.Page()), 0)
}

// ScrollAction scrolls as the scroll action id says by its last word (up, down,
// page_up, page_down: the names every table with a plan gives them), and reports
// whether id was one.
func (b *Box) ScrollAction(id string) bool {
	switch id[strings.LastIndex(id, ".")+1:] {
	case "up":
		b.Scroll(-1)
	case "down":
		b.Scroll(1)
	case "page_up":
		b.Scroll(-b.Page())
	case "page_down":
		b.Scroll(b.Page())
	default:
		return false
	}
	return true
}

// Body is the lines on screen and, under them, keys (rendered by the caller) with
// where the view is in the lines when they do not all fit.
func (b *Box) Body(keys string) []string {
	h := b.Page()
	body := append([]string(nil), b.wrapped[b.off:min(b.off+h, len(b.wrapped))]...)
	if len(b.wrapped) > h {
		keys += theme.Muted.Render(i18n.T("planbox.more", "From", b.off+1, "To", b.off+len(body), "Of", len(b.wrapped)))
	}
	return append(body, keys)
}

// Draw draws body (lines cut to the inner width) in a box in the middle of a view
// width×height, exactly that size.
func Draw(body []string, width, height int) string {
	w := InnerWidth(width)
	body = body[:min(len(body), max(height-2, 1))]
	cut := make([]string, len(body))
	for i, l := range body {
		cut[i] = layout.Pad(layout.Cut(l, w), w)
	}
	box := theme.Dialog.Padding(0, 1).Render(strings.Join(cut, "\n"))
	lines := strings.Split(box, "\n")
	pad := strings.Repeat(" ", max((width-lipgloss.Width(lines[0]))/2, 0))
	top := max((height-len(lines))/2, 0)
	out := make([]string, 0, height)
	for range top {
		out = append(out, "")
	}
	for _, l := range lines {
		out = append(out, pad+l)
	}
	out = layout.Block(strings.Join(out, "\n"), width, height)
	for i, l := range out {
		out[i] = layout.Pad(l, width)
	}
	return strings.Join(out, "\n")
}

// Hint is the line of keys a box shows under its plan or form: each of ids that is in
// reach in list (a view's Actions), with its keys as the table shows them, the user's
// own included, and its words, so that the box can never name a key the dispatch does
// not take. An id not in reach is left out.
func Hint(list []action.Bound, ids ...action.ID) string {
	var parts []string
	for _, id := range ids {
		for _, b := range list {
			if b.ID == id && !b.Hidden && len(b.Keys) > 0 {
				parts = append(parts, theme.Key.Render(b.Label)+theme.Muted.Render(" "+b.Desc))
				break
			}
		}
	}
	return strings.Join(parts, theme.Muted.Render(" · "))
}
