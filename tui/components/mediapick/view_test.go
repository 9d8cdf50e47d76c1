package mediapick

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// inProgress is a step with three photos: the main one uploaded, one uploading at 40%
// and one failed, with the cursor on the failed one.
func inProgress(t *testing.T, w, h int) *loop {
	t.Helper()
	dir := t.TempDir()
	for _, n := range []string{"car-front.jpg", "car-side-with-a-rather-long-name.jpg", "car-back.jpg"} {
		writeJPEG(t, dir, n)
	}
	f := newFake()
	f.block("car-side-with-a-rather-long-name.jpg")
	t.Cleanup(f.release)
	f.progress["car-side-with-a-rather-long-name.jpg"] = [2]int64{40, 100}
	f.fail["car-back.jpg"] = fmt.Errorf("upload photo: %w", &api.Error{Status: 500, Code: "internal_error",
		Hint: "The service failed; try again later"})
	l := newLoop(t, f, dir, w, h)
	l.addPath("p", "car-front.jpg")
	l.addPath("p", "car-side-*.jpg")
	l.addPath("p", "car-back.jpg")
	l.awaitStarts(f, 3)
	l.until("one done, one failed", func(m Model) bool { return m.Failed() == 1 && m.count(done) == 1 })
	l.send(tickMsg{owner: l.m.id})
	l.press("down", "down")
	return l
}

func TestGoldenUploading(t *testing.T) {
	l := inProgress(t, 80, 24)
	tuitest.CheckSize(t, l.m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(l.m)))
}

func TestSmallTerminal(t *testing.T) {
	l := inProgress(t, 60, 15)
	tuitest.CheckSize(t, l.m.View(), 60, 15)
	s := tuitest.Screen(l.m)
	for _, want := range []string{"Photos 3 of 12", "car-front.jpg", "main", "✓ uploaded", " 40%", "✖ failed · r retry",
		"✖ upload photo: internal_error", "Video", "3D tour"} {
		if !strings.Contains(s, want) {
			t.Errorf("60×15 lacks %q:\n%s", want, s)
		}
	}
	// The rows below scroll into view.
	l.press("G")
	tuitest.CheckSize(t, l.m.View(), 60, 15)
	if s := tuitest.Screen(l.m); !strings.Contains(s, "No 3D tour") {
		t.Errorf("last row not on screen:\n%s", s)
	}
	l.press("i")
	l.typeText("a/very/long/path/that/goes/on/and/on/and/does/not/exist/at/all.jpg")
	tuitest.CheckSize(t, l.m.View(), 60, 15)
	l.press("enter")
	l.until("the check", func(m Model) bool { return m.checks == 0 })
	tuitest.CheckSize(t, l.m.View(), 60, 15)
	l.press("esc", "a")
	l.until("the picker", func(m Model) bool { return strings.Contains(tuitest.Screen(m), "car-back.jpg") })
	tuitest.CheckSize(t, l.m.View(), 60, 15)
	if s := tuitest.Screen(l.m); !strings.Contains(s, "esc done") {
		t.Errorf("picker hint missing:\n%s", s)
	}
}

func TestLargeTerminal(t *testing.T) {
	l := inProgress(t, 250, 70)
	tuitest.CheckSize(t, l.m.View(), 250, 70)
	s := tuitest.Screen(l.m)
	if !strings.Contains(s, "car-side-with-a-rather-long-name.jpg") {
		t.Errorf("long name cut at 250 columns:\n%s", s)
	}
	l.press("a")
	l.until("the picker", func(m Model) bool { return strings.Contains(tuitest.Screen(m), "car-back.jpg") })
	tuitest.CheckSize(t, l.m.View(), 250, 70)
}

func TestTinySizesDoNotPanic(t *testing.T) {
	l := inProgress(t, 80, 24)
	for _, mode := range []string{"", "p", "a"} {
		if mode != "" {
			l.press("esc", mode)
		}
		for _, sz := range [][2]int{{1, 1}, {10, 2}, {20, 4}, {0, 0}, {40, 8}} {
			l.m.SetSize(sz[0], sz[1])
			tuitest.CheckSize(t, l.m.View(), max(sz[0], 1), max(sz[1], 1))
		}
	}
}

func TestKeyMapFollowsMode(t *testing.T) {
	l := newLoop(t, newFake(), t.TempDir(), 80, 24)
	help := func() string {
		var out []string
		for _, b := range l.m.KeyMap().ShortHelp() {
			if b.Enabled() {
				out = append(out, b.Help().Key)
			}
		}
		return strings.Join(out, " ")
	}
	if got := help(); got != "a p v f" {
		t.Errorf("empty step: %q", got)
	}
	l.m.SetMedia(online("a", "b"), nil, nil)
	if got := help(); got != "a p v f K/alt+↑ J/alt+↓ d" {
		t.Errorf("two photos: %q", got)
	}
	l.press("p")
	if got := help(); got != "enter esc" || !l.m.Capturing() {
		t.Errorf("typing: %q", got)
	}
	l.press("esc", "a")
	if got := help(); got != "enter ←/h esc" {
		t.Errorf("picking: %q", got)
	}
	// Blur closes the picker; the media stay.
	l.m.Blur()
	if l.m.Capturing() || pairs(l.m) != "a,b" {
		t.Errorf("after blur: %v %s", l.m.Capturing(), pairs(l.m))
	}
}
