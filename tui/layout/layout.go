// Package layout owns fitting text into terminal cells: a line cut or padded to an
// exact width, a block to an exact width and height. Every view's View() must fill
// exactly the size it was given, never more; these are the one way they do it.
// Widths are display cells (East Asian wide runes count two), escape sequences
// count none.
package layout

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/theme"
)

// Cut shortens s to at most w cells, ending it with an ellipsis when it was cut.
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, theme.Ellipsis)
}

// CutLeft shortens s to at most w cells from its start, beginning it with an ellipsis
// when it was cut: a path keeps its file's name.
func CutLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := Width(s)
	if n <= w {
		return s
	}
	return ansi.TruncateLeft(s, n-w+ansi.StringWidth(theme.Ellipsis), theme.Ellipsis)
}

// Pad makes s exactly w cells: cut (with an ellipsis) or padded with spaces.
func Pad(s string, w int) string {
	s, n := fit(s, w)
	return s + strings.Repeat(" ", max(w-n, 0))
}

// PadLeft is Pad aligned to the right: the spaces go first.
func PadLeft(s string, w int) string {
	s, n := fit(s, w)
	return strings.Repeat(" ", max(w-n, 0)) + s
}

// fit is Cut(s, w) and its width, measured once when s fits.
func fit(s string, w int) (string, int) {
	if w <= 0 {
		return "", 0
	}
	if n := Width(s); n <= w {
		return s, n
	}
	s = ansi.Truncate(s, w, theme.Ellipsis)
	return s, Width(s)
}

// Block makes s exactly h lines of at most w cells: longer lines are cut, missing
// lines are empty, lines past h are dropped.
func Block(s string, w, h int) []string {
	if h <= 0 {
		return nil
	}
	lines := strings.SplitN(s, "\n", h+1)
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = Cut(l, w)
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}
