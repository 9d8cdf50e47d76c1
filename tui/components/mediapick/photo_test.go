package mediapick

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/termimg"
)

// TestPickerPreviewsThePhotoUnderTheCursor: beside the list, the photo the cursor is
// on, as half-blocks carrying the kitty picture's marks; a folder has none, and
// closing the picker lets the picture go.
func TestPickerPreviewsThePhotoUnderTheCursor(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeJPEG(t, dir, "a.jpg")
	writePNG(t, dir, "b.png")
	var term bytes.Buffer
	paint := termimg.NewPainter(&term, termimg.Caps{Protocol: termimg.Kitty})
	l := newLoop(t, newFake(), dir, 120, 30)
	l.m = l.m.WithPainter(paint)
	l.press("a")
	l.until("the picker", func(m Model) bool { return rowOf(m, "sub") != "" })
	// The cursor is on sub, a folder: no preview.
	if strings.Contains(l.m.View(), "▀") {
		t.Fatal("a folder previewed")
	}
	l.press("down")
	l.until("the preview of a.jpg", func(m Model) bool { return strings.Contains(m.View(), "▀") })
	if l.m.prev.pic.ID == 0 || !strings.Contains(l.m.View(), "\x1b_listings-img;") {
		t.Fatal("no picture for kitty")
	}
	lines := strings.Split(l.m.View(), "\n")
	paint.Frame(lines, true)
	paint.Write(nil)
	tuitest.Contains(t, term.String(), "\x1b_Ga=t,", "\x1b_Ga=p,")
	for _, ln := range lines {
		if w := ansi.StringWidth(ln); w > 120 {
			t.Fatalf("a line of %d cells: %q", w, ln)
		}
	}
	first := l.m.prev.pic.ID
	l.press("down")
	l.until("the preview of b.png", func(m Model) bool { return m.prev.pic.ID != 0 && m.prev.pic.ID != first })
	// Done picking: nothing is kept for the step.
	l.press("esc")
	if l.m.prev.pic.ID != 0 || strings.Contains(l.m.View(), "\x1b_listings-img;") {
		t.Fatal("the picture outlives the picker")
	}
}

// TestPickerPreviewNarrow: below 90 columns the list keeps the width.
func TestPickerPreviewNarrow(t *testing.T) {
	tuitest.WithProfile(t, termenv.TrueColor)
	dir := t.TempDir()
	writeJPEG(t, dir, "a.jpg")
	l := newLoop(t, newFake(), dir, 80, 24)
	l.press("a")
	l.until("the picker", func(m Model) bool { return rowOf(m, "a.jpg") != "" })
	if strings.Contains(l.m.View(), "▀") || l.m.prev.path != "" {
		t.Fatal("a preview on a narrow screen")
	}
}
