package mediapick

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// heicOver is a phone's HEIC photo grown past the 12 MB limit (sparse: the header is
// real, the rest zeros), which cannot be shrunk here: its reason is a long sentence.
func heicOver(t *testing.T, dir, name string) {
	t.Helper()
	b, err := os.ReadFile(testdata("photo.heic"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, 14_900_000); err != nil {
		t.Fatal(err)
	}
}

// refusedStep is the media step with one photo added and two files refused, the
// HEIC one with the longest reason.
func refusedStep(t *testing.T, w, h int) *loop {
	t.Helper()
	dir := t.TempDir()
	writeJPEG(t, dir, "IMG_2040.jpg")
	heicOver(t, dir, "IMG_2041.heic")
	writeText(t, dir, "IMG_2042.jpg")
	l := newLoop(t, newFake(), dir, w, h)
	l.addPath("p", "IMG_204*")
	l.settle()
	return l
}

// whole says whether every want is on the screen once its lines are joined: a
// wrapped reason is whole, a cut one is not.
func whole(t *testing.T, m Model, wants ...string) {
	t.Helper()
	s := tuitest.Screen(m)
	joined := strings.Join(strings.Fields(s), " ")
	for _, w := range wants {
		if !strings.Contains(joined, w) {
			t.Errorf("%q is not whole on the screen:\n%s", w, s)
		}
	}
}

const (
	heicReason = "IMG_2041.heic: 14,900,000 bytes (14.9 MB) is over the 12 MB limit, and a HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size"
	textReason = "IMG_2042.jpg: is not a JPG, PNG, WebP or HEIC image (its content is not a known format)"
)

// At 80×24 the editor gives the step 80×19: each refused file's reason is there
// whole, wrapped under its mark.
func TestGoldenRefusedFile(t *testing.T) {
	l := refusedStep(t, 80, 19)
	tuitest.CheckSize(t, l.m.View(), 80, 19)
	whole(t, l.m, heicReason, textReason)
	golden.RequireEqual(t, []byte(tuitest.Screen(l.m)))
}

// At 60×15 (60×10 for the step) the reasons still come whole, the list scrolled to
// make room; and in the picker, a refused pick's reason takes rows from the list,
// not its end.
func TestRefusedFileAt60x15(t *testing.T) {
	l := refusedStep(t, 60, 10)
	tuitest.CheckSize(t, l.m.View(), 60, 10)
	whole(t, l.m, heicReason)

	l.press("a")
	l.until("the picker", func(m Model) bool { return strings.Contains(tuitest.Screen(m), "IMG_2041.heic") })
	for range 3 {
		if strings.Contains(ansiLine(l.m, "›"), "IMG_2041.heic") {
			break
		}
		l.press("down")
	}
	l.press("enter")
	l.until("the check", func(m Model) bool { return m.checks == 0 && len(m.refused) > 0 })
	tuitest.CheckSize(t, l.m.View(), 60, 10)
	whole(t, l.m, heicReason)
	if !strings.Contains(ansiLine(l.m, "›"), "IMG_2041.heic") {
		t.Errorf("the picker's cursor is out of view:\n%s", tuitest.Screen(l.m))
	}
}

// ansiLine is the screen's first line holding s.
func ansiLine(m Model, s string) string {
	for _, l := range strings.Split(tuitest.Screen(m), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
