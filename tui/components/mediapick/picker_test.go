package mediapick

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// rowOf is the screen line that shows a file name.
func rowOf(m Model, name string) string {
	for _, ln := range strings.Split(tuitest.Screen(m), "\n") {
		if strings.HasSuffix(strings.TrimRight(ln, " "), " "+name) {
			return ln
		}
	}
	return ""
}

func marked(m Model, name string) bool {
	return strings.HasPrefix(rowOf(m, name), "✓ ")
}

func TestPickerAddsSeveralAndToggles(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeJPEG(t, filepath.Join(dir, "sub"), "c.jpg")
	writeJPEG(t, dir, "IMG_1.JPG")
	writeJPEG(t, dir, "a.jpg")
	writePNG(t, dir, "b.png")
	writeText(t, dir, "notes.txt")
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	shown := func(name string) {
		t.Helper()
		l.until("the picker to show "+name, func(m Model) bool { return rowOf(m, name) != "" })
	}
	checked := func() {
		t.Helper()
		l.until("the check", func(m Model) bool { return m.checks == 0 })
	}

	l.press("a")
	if !l.m.Capturing() {
		t.Fatal("the picker does not capture keys")
	}
	shown("a.jpg")
	// sub, IMG_1.JPG, a.jpg, b.png, notes.txt: enter adds, and the picker stays open.
	l.press("down", "enter")
	checked()
	l.press("down", "enter")
	checked()
	if !marked(l.m, "IMG_1.JPG") || !marked(l.m, "a.jpg") || marked(l.m, "b.png") || !l.m.Capturing() {
		t.Fatalf("marks:\n%s", tuitest.Screen(l.m))
	}
	if s := tuitest.Screen(l.m); !showsDir(s, "Add photos 2 of 12 · ", dir) || !strings.Contains(s, "✓ added a.jpg") {
		t.Errorf("picker screen:\n%s", s)
	}
	// enter again on an added file removes it.
	l.press("enter")
	if marked(l.m, "a.jpg") || fmt.Sprint(photoNames(l.m)) != "[IMG_1.JPG]" {
		t.Fatalf("toggle: %v\n%s", photoNames(l.m), tuitest.Screen(l.m))
	}
	l.press("down", "down", "enter")
	if s := tuitest.Screen(l.m); !strings.Contains(s, "notes.txt is not a photo") {
		t.Errorf("no refusal:\n%s", s)
	}
	// Into a folder and back.
	l.press("g", "enter")
	shown("c.jpg")
	l.press("enter")
	checked()
	l.press("left")
	shown("b.png")
	if l.m.picker.CurrentDirectory != dir || !marked(l.m, "IMG_1.JPG") {
		t.Errorf("back in the parent:\n%s", tuitest.Screen(l.m))
	}
	l.press("esc")
	l.settle()
	if l.m.Capturing() || fmt.Sprint(photoNames(l.m)) != "[IMG_1.JPG c.jpg]" {
		t.Errorf("after esc: capturing %v photos %v", l.m.Capturing(), photoNames(l.m))
	}
	// It opens again where it was left.
	l.press("a")
	shown("b.png")
	l.press("esc")
}

func TestPickerName(t *testing.T) {
	for row, want := range map[string]string{
		"›" + "  1.2kB" + " car.jpg":             "car.jpg",
		" " + "   12MB" + " my photo.png":        "my photo.png",
		" " + "    4kB" + " link.jpg → /x/y.jpg": "link.jpg",
		"": "",
	} {
		if got := pickerName(row); got != want {
			t.Errorf("pickerName(%q) = %q, want %q", row, got, want)
		}
	}
}

// showsDir reports whether screen has a line of title and then dir, or as much of
// dir as the width leaves before an ellipsis: a TMPDIR longer than the line (a
// CI's, macOS's) is cut, not wrong.
func showsDir(screen, title, dir string) bool {
	for _, line := range strings.Split(screen, "\n") {
		_, rest, ok := strings.Cut(line, title)
		if !ok {
			continue
		}
		rest = strings.TrimRight(rest, " ")
		if cut, ok := strings.CutSuffix(rest, "…"); ok {
			return len(cut) > 0 && strings.HasPrefix(dir, cut)
		}
		return rest == dir
	}
	return false
}
