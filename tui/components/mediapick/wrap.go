package mediapick

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// A refused file's reason ("IMG_2041.heic: 14.2 MB is over the 10 MB limit, and a
// HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size") is what
// the seller must act on: it is wrapped, never cut at the screen's edge.

// maxReasonLines is how many lines one message may take on a step h lines high.
func maxReasonLines(h int) int { return max(h/3, 2) }

// failLines is a failure's reason after the error mark, wrapped.
func failLines(reason string, width, most int) []string {
	return wrapHanging(theme.Danger, theme.ErrorMark+" "+reason, width, most)
}

// wrapHanging wraps text to width in style, the lines after the first indented under
// its text, in at most most lines (the last one ending in an ellipsis when cut).
func wrapHanging(style lipgloss.Style, text string, width, most int) []string {
	const hang = "  "
	lines := strings.Split(ansi.Wrap(text, max(width-len(hang), 1), ""), "\n")
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] = layout.Cut(lines[most-1]+" "+theme.Ellipsis, max(width-len(hang), 1))
	}
	for i, l := range lines {
		if i > 0 {
			l = hang + l
		}
		lines[i] = style.Render(l)
	}
	return lines
}

// window is h of the picker's rendered lines, those around its cursor row: the list
// gives lines to a long message under it, and the cursor stays in view.
func window(lines []string, h int) []string {
	if len(lines) <= h {
		return lines
	}
	start := 0
	for i, l := range lines {
		if strings.HasPrefix(ansi.Strip(l), theme.Cursor) {
			start = max(i-h+1, 0)
			break
		}
	}
	return lines[start : start+h]
}
