package mediapick

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func names(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = filepath.Base(p)
	}
	return out
}

func photoNames(m Model) []string {
	photos, _, _ := m.Media()
	var out []string
	for _, p := range photos {
		out = append(out, filepath.Base(p.Path))
	}
	return out
}

func TestAddByPathAndGlob(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	writeJPEG(t, dir, "car-1.jpg")
	writePNG(t, dir, "car-2.png")
	writeJPEG(t, dir, "car-3.jpg")
	writeJPEG(t, dir, "other.jpg")
	f := newFake()
	l := newLoop(t, f, t.TempDir(), 80, 24)

	l.addPath("p", "~/car-1.jpg")
	if got := photoNames(l.m); fmt.Sprint(got) != "[car-1.jpg]" {
		t.Fatalf("photos %v", got)
	}
	if l.m.Capturing() {
		t.Error("the input stays open after a path that worked")
	}
	// A glob: every match in name order; the one already there is refused.
	l.addPath("p", "'"+filepath.Join(dir, "car-*")+"'")
	if got := photoNames(l.m); fmt.Sprint(got) != "[car-1.jpg car-2.png car-3.jpg]" {
		t.Fatalf("photos %v", got)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "car-1.jpg: already added") {
		t.Errorf("duplicate not reported:\n%s", s)
	}
	l.settle()
	photos, _, _ := l.m.Media()
	for _, p := range photos {
		base := filepath.Base(p.Path)
		if p.URL != "https://cdn.test/"+base+"-1.webp" || p.URLWM != "https://cdn.test/wm/"+base+"-1.webp" || p.Width != 1600 || p.Size == 0 {
			t.Errorf("photo %+v", p)
		}
	}
	if f.total() != 3 || !l.m.Touched() || l.m.Pending() != 0 || l.m.Busy() {
		t.Errorf("calls %d touched %v pending %d busy %v", f.total(), l.m.Touched(), l.m.Pending(), l.m.Busy())
	}
	// Two adds and three uploads, each saved at once.
	if len(tuitest.Of[Changed](l.out)) != 5 {
		t.Errorf("%d Changed, want 5", len(tuitest.Of[Changed](l.out)))
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, " 1. car-1.jpg") || !strings.Contains(s, "main") || !strings.Contains(s, "✓ uploaded") {
		t.Errorf("list:\n%s", s)
	}
}

func TestGlobMatchingNothingSaysSo(t *testing.T) {
	dir := t.TempDir()
	l := newLoop(t, newFake(), dir, 80, 24)
	l.addPath("i", "car-*.jpg")
	if !l.m.Capturing() {
		t.Fatal("the input closed on a pattern that matched nothing")
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "✖ nothing matches car-*.jpg") {
		t.Errorf("no message:\n%s", s)
	}
	// The text stays to be fixed; a missing file says what is wrong.
	l.press("backspace", "backspace", "backspace", "backspace", "backspace")
	l.typeText("1.jpg")
	l.press("enter")
	l.until("the check", func(m Model) bool { return m.checks == 0 })
	if s := tuitest.Screen(l.m); !strings.Contains(s, "car-1.jpg: no such file or folder; check the path") {
		t.Errorf("no message:\n%s", s)
	}
	l.press("esc")
	if l.m.Capturing() || len(photoNames(l.m)) != 0 {
		t.Error("esc did not close the input")
	}
}

func TestRefusesBadFormatBeforeAnyRequest(t *testing.T) {
	dir := t.TempDir()
	writeText(t, dir, "notes.jpg")
	writeJPEG(t, dir, "good.jpg")
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "*.jpg")
	l.settle()
	if got := photoNames(l.m); fmt.Sprint(got) != "[good.jpg]" {
		t.Fatalf("photos %v", got)
	}
	s := tuitest.Screen(l.m)
	if !strings.Contains(s, "✖ notes.jpg: is not a JPG, PNG, WebP or HEIC image") {
		t.Errorf("refusal not listed:\n%s", s)
	}
	if f.count("notes.jpg") != 0 || f.total() != 1 {
		t.Errorf("calls %v", f.calls)
	}
}

func TestThirteenthPhotoRefused(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 13; i++ {
		writeJPEG(t, dir, fmt.Sprintf("p%02d.jpg", i))
	}
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "p*.jpg")
	l.settle()
	got := photoNames(l.m)
	if len(got) != 12 || got[0] != "p01.jpg" || got[11] != "p12.jpg" {
		t.Fatalf("photos %v", got)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "✖ p13.jpg: at most 12 photos per listing; remove one first") {
		t.Errorf("no refusal:\n%s", s)
	}
	if f.total() != 12 {
		t.Errorf("%d uploads", f.total())
	}
	// Removing one makes room.
	l.press("d")
	l.addPath("p", "p13.jpg")
	l.settle()
	if got := photoNames(l.m); len(got) != 12 || got[11] != "p13.jpg" || got[0] != "p02.jpg" {
		t.Errorf("photos %v", got)
	}
}

func TestFramesFromFolder(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	tour := filepath.Join(dir, "tour")
	if err := os.Mkdir(tour, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"f03.jpg", "f01.jpg", "f02.png"} {
		if strings.HasSuffix(n, ".png") {
			writePNG(t, tour, n)
		} else {
			writeJPEG(t, tour, n)
		}
	}
	writeText(t, tour, "f04.jpg")    // checked like a photo, refused
	writeText(t, tour, "readme.txt") // not a photo name: left out
	writeJPEG(t, tour, ".hidden.jpg")
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("f", "tour")
	l.settle()
	_, _, frames := l.m.Media()
	var got []string
	for _, p := range frames {
		got = append(got, filepath.Base(p.Path))
		if p.URL == "" || p.URLWM == "" {
			t.Errorf("frame %+v", p)
		}
	}
	if fmt.Sprint(got) != "[f01.jpg f02.png f03.jpg]" {
		t.Fatalf("frames %v", got)
	}
	s := tuitest.Screen(l.m)
	for _, want := range []string{"3 frames · ~/tour", "✓ 3 uploaded", "✖ f04.jpg: is not a JPG"} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %q:\n%s", want, s)
		}
	}
	if f.total() != 3 || len(photoNames(l.m)) != 0 {
		t.Errorf("calls %v", f.calls)
	}
	// The same folder again, with a new frame: only the new one is uploaded.
	writeJPEG(t, tour, "f05.jpg")
	l.addPath("f", "~/tour")
	l.settle()
	if _, _, fr := l.m.Media(); len(fr) != 4 || f.total() != 4 || f.count("f01.jpg") != 1 {
		t.Errorf("frames %d, calls %v", len(fr), f.calls)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "3D tour replaced: 4 frames from ~/tour") {
		t.Errorf("no notice:\n%s", s)
	}
	// Removed as a set.
	l.press("G", "d")
	if _, _, fr := l.m.Media(); fr != nil {
		t.Errorf("frames left: %v", fr)
	}
}

func TestFramesFolderTooLarge(t *testing.T) {
	dir := t.TempDir()
	src := writeJPEG(t, dir, "one.jpg")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	tour := filepath.Join(dir, "tour")
	if err := os.Mkdir(tour, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range MaxFrames + 1 {
		if err := os.WriteFile(filepath.Join(tour, fmt.Sprintf("f%03d.jpg", i)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("f", "tour")
	if !l.m.Capturing() || f.total() != 0 {
		t.Fatalf("capturing %v calls %d", l.m.Capturing(), f.total())
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "has 73 photos; a 3D tour takes at most 72 frames") {
		t.Errorf("no message:\n%s", s)
	}
	// A file is not a folder.
	l.press("esc")
	l.addPath("f", "one.jpg")
	if s := tuitest.Screen(l.m); !strings.Contains(s, "one.jpg is a file: 3D frames come from a folder of photos") {
		t.Errorf("no message:\n%s", s)
	}
}

func TestVideoCheckedBeforeUpload(t *testing.T) {
	f := newFake()
	l := newLoop(t, f, t.TempDir(), 80, 24)
	long, _ := filepath.Abs(testdata("clip61s.mp4"))
	l.addPath("v", long)
	l.settle()
	if _, v, _ := l.m.Media(); v != nil || f.total() != 0 {
		t.Fatalf("video %+v, %d uploads", v, f.total())
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "✖ clip61s.mp4: 61 s is over the 60 s limit for a video") {
		t.Errorf("no refusal:\n%s", s)
	}

	short, _ := filepath.Abs(testdata("clip5s.mp4"))
	l.addPath("v", short)
	l.settle()
	_, v, _ := l.m.Media()
	if v == nil || v.URL != "https://cdn.test/clip5s.mp4-1.mp4" || v.Thumbnail == "" || v.Duration.Seconds() < 4.5 {
		t.Fatalf("video %+v", v)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "clip5s.mp4 · 0:05") {
		t.Errorf("no duration:\n%s", s)
	}
	// Another one replaces it, with a notice.
	webm, _ := filepath.Abs(testdata("clip5s.webm"))
	l.addPath("v", webm)
	if s := tuitest.Screen(l.m); !strings.Contains(s, "video replaced: clip5s.mp4 → clip5s.webm") {
		t.Errorf("no notice:\n%s", s)
	}
	l.settle()
	if _, v, _ := l.m.Media(); v == nil || filepath.Base(v.Path) != "clip5s.webm" || v.URL == "" {
		t.Fatalf("video %+v", v)
	}
	l.press("G", "up", "d")
	if _, v, _ := l.m.Media(); v != nil {
		t.Errorf("video not removed: %+v", v)
	}
}

func TestExpand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for in, want := range map[string]string{
		"~/Pictures/a.jpg":           filepath.Join(home, "Pictures", "a.jpg"),
		"  'rel/b c.jpg' ":           "/base/rel/b c.jpg",
		`"/abs/x.jpg"`:               "/abs/x.jpg",
		"file:///tmp/My%20Photo.jpg": "/tmp/My Photo.jpg",
		"../up.png":                  "/up.png",
		"~":                          home,
	} {
		got, err := media.Expand(in, "/base")
		if err != nil || got != want {
			t.Errorf("expand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := media.Expand("  ", "/base"); err == nil {
		t.Error("an empty path was accepted")
	}
}

func TestCursorKeepsItsSection(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "a.jpg")
	writeJPEG(t, dir, "b.jpg")
	l := newLoop(t, newFake(), dir, 80, 24)
	l.press("down") // the video row
	l.addPath("p", "*.jpg")
	if sec, _ := l.m.row(l.m.cursor); sec != secVideo {
		t.Errorf("cursor moved to section %d after an add", sec)
	}
	l.press("up", "d") // b, the last photo: the cursor stays on the photos
	if sec, i := l.m.row(l.m.cursor); sec != secPhotos || i != 0 {
		t.Errorf("cursor on %d/%d after removing the last photo", sec, i)
	}
	l.settle()
}
