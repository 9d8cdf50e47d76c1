package tuitest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Screen is what a model shows, without colours or other escapes.
func Screen(m interface{ View() string }) string { return ansi.Strip(m.View()) }

// CheckSize fails t unless view has exactly h lines, none wider than w cells: the
// contract of a View after SetSize(w, h).
func CheckSize(t testing.TB, view string, w, h int) {
	t.Helper()
	checkLines(t, view, h)
	for i, l := range strings.Split(view, "\n") {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d wide, more than %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

// CheckExactSize fails t unless view has exactly h lines of exactly w cells, for
// components whose parent places them side by side and needs them padded.
func CheckExactSize(t testing.TB, view string, w, h int) {
	t.Helper()
	checkLines(t, view, h)
	for i, l := range strings.Split(view, "\n") {
		if n := ansi.StringWidth(l); n != w {
			t.Errorf("line %d is %d wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

func checkLines(t testing.TB, view string, h int) {
	t.Helper()
	if n := strings.Count(view, "\n") + 1; n != h {
		t.Errorf("view has %d lines, want %d:\n%s", n, h, ansi.Strip(view))
	}
}

// Contains fails t for every want that screen lacks, then shows the screen once.
// It reports whether all were there, for a caller that cannot go on without them.
func Contains(t testing.TB, screen string, wants ...string) bool {
	t.Helper()
	ok := true
	for _, w := range wants {
		if !strings.Contains(screen, w) {
			t.Errorf("screen lacks %q", w)
			ok = false
		}
	}
	if !ok {
		t.Logf("screen:\n%s", strings.TrimRight(screen, " \n"))
	}
	return ok
}

// Lacks fails t for every one of bad that screen holds, then shows the screen once.
// It reports whether none was there.
func Lacks(t testing.TB, screen string, bad ...string) bool {
	t.Helper()
	ok := true
	for _, b := range bad {
		if strings.Contains(screen, b) {
			t.Errorf("screen has %q", b)
			ok = false
		}
	}
	if !ok {
		t.Logf("screen:\n%s", strings.TrimRight(screen, " \n"))
	}
	return ok
}
