package mediapick

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestAtMostThreeUploadsAtOnce(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 5; i++ {
		writeJPEG(t, dir, fmt.Sprintf("c%d.jpg", i))
	}
	f := newFake()
	f.block()
	t.Cleanup(f.release)
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "c*.jpg")
	started := l.awaitStarts(f, 3)
	if fmt.Sprint(started) == "" || l.m.count(uploading) != 3 || l.m.count(queued) != 2 {
		t.Fatalf("uploading %d queued %d", l.m.count(uploading), l.m.count(queued))
	}
	// The model issues no fourth upload until one answers.
	if f.total() != 3 || !l.m.Busy() || l.m.Pending() != 5 {
		t.Fatalf("calls %d busy %v pending %d", f.total(), l.m.Busy(), l.m.Pending())
	}
	if s := tuitest.Screen(l.m); strings.Count(s, "◌ queued") != 2 || !strings.Contains(s, "3 uploading · 2 waiting") {
		t.Errorf("screen:\n%s", s)
	}
	f.release()
	l.settle()
	if f.maxInflight() > 3 || f.total() != 5 || l.m.Pending() != 0 {
		t.Errorf("peak %d calls %d pending %d", f.maxInflight(), f.total(), l.m.Pending())
	}
	// Photos went first, in order: c1..c3 started before c4 and c5.
	for _, n := range started {
		if n == "c4.jpg" || n == "c5.jpg" {
			t.Errorf("started first: %v", started)
		}
	}
}

// uploadingAt30 is a picker at 80×24 over dir whose one photo, big.jpg, is being
// uploaded, 30 % sent and shown at a tick, the photo selected.
func uploadingAt30(t *testing.T, dir string) (*loop, *fakeUp) {
	t.Helper()
	writeJPEG(t, dir, "big.jpg")
	f := newFake()
	f.progress["big.jpg"] = [2]int64{30, 100}
	f.block()
	t.Cleanup(f.release)
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "big.jpg")
	l.awaitStarts(f, 1)
	l.send(tickMsg{owner: l.m.id})
	l.press("k") // clears the "added" notice: the status line shows the selected row
	return l, f
}

func TestProgressShownOnTick(t *testing.T) {
	l, f := uploadingAt30(t, t.TempDir())
	s := tuitest.Screen(l.m)
	if !strings.Contains(s, "█") || !strings.Contains(s, " 30%") || !strings.Contains(s, "uploading 30%") {
		t.Fatalf("no progress:\n%s", s)
	}
	if !l.m.ticking {
		t.Error("the tick stopped while an upload runs")
	}
	// Progress shows at the next tick of this instance only.
	f.reportOf("big.jpg")(90, 100)
	l.send(tickMsg{owner: -1})
	if !strings.Contains(tuitest.Screen(l.m), " 30%") {
		t.Error("a foreign tick was taken")
	}
	l.send(tickMsg{owner: l.m.id})
	if !strings.Contains(tuitest.Screen(l.m), " 90%") {
		t.Errorf("progress not refreshed:\n%s", tuitest.Screen(l.m))
	}
	f.release()
	l.settle()
	if l.m.ticking {
		t.Error("the tick goes on with nothing uploading")
	}
}

func online(names ...string) []draft.Photo {
	var out []draft.Photo
	for _, n := range names {
		out = append(out, draft.Photo{URL: "https://cdn.test/" + n + ".webp", URLWM: "https://cdn.test/wm/" + n + ".webp"})
	}
	return out
}

func pairs(m Model) string {
	photos, _, _ := m.Media()
	var out []string
	for _, p := range photos {
		a, b := filepath.Base(p.URL), filepath.Base(p.URLWM)
		if a != b {
			return "broken pair " + p.URL + " " + p.URLWM
		}
		out = append(out, strings.TrimSuffix(a, ".webp"))
	}
	return strings.Join(out, ",")
}

func TestReorderAndRemoveKeepPairs(t *testing.T) {
	f := newFake()
	l := newLoop(t, f, t.TempDir(), 80, 24)
	l.m.SetMedia(online("a", "b", "c", "d"), nil, nil)
	if l.m.Touched() {
		t.Fatal("SetMedia counts as a change")
	}
	if s := tuitest.Screen(l.m); strings.Count(s, "✓ already online") != 4 || !strings.Contains(s, " 1. a.webp") {
		t.Errorf("screen:\n%s", s)
	}
	l.press("down", "K") // b up: b is main
	if got := pairs(l.m); got != "b,a,c,d" {
		t.Fatalf("after K: %s", got)
	}
	if s := tuitest.Screen(l.m); !strings.Contains(s, "b.webp is now the main photo") {
		t.Errorf("no notice:\n%s", s)
	}
	l.press("J", "alt+down", "alt+up") // b to position 3, then back to 2
	if got := pairs(l.m); got != "a,b,c,d" {
		t.Fatalf("after moves: %s", got)
	}
	l.press("K", "K") // at the top already: nothing
	if got := pairs(l.m); got != "b,a,c,d" {
		t.Fatalf("after K K: %s", got)
	}
	l.press("down", "down", "d") // c
	if got := pairs(l.m); got != "b,a,d" {
		t.Fatalf("after d: %s", got)
	}
	l.press("delete") // d
	if got := pairs(l.m); got != "b,a" {
		t.Fatalf("after delete: %s", got)
	}
	l.settle()
	if !l.m.Touched() || f.total() != 0 || len(tuitest.Of[Changed](l.out)) != 7 {
		t.Errorf("touched %v uploads %d changes %d", l.m.Touched(), f.total(), len(tuitest.Of[Changed](l.out)))
	}
}

// TestUploadedNeverUploadedAgain is the draft rule: a retry of the submit (the draft
// set again into a fresh step) uploads only what has no URL yet.
func TestUploadedNeverUploadedAgain(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "one.jpg")
	writeJPEG(t, dir, "two.jpg")
	writeJPEG(t, dir, "frame.jpg")
	vid, _ := filepath.Abs(testdata("clip5s.mp4"))
	f := newFake()
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "one.jpg")
	l.addPath("p", "two.jpg")
	l.addPath("v", vid)
	l.settle()
	photos, video, _ := l.m.Media()
	photos = append(photos, draft.Photo{Path: filepath.Join(dir, "frame.jpg")}) // added, never uploaded

	l2 := newLoop(t, f, dir, 80, 24)
	l2.m.SetMedia(photos, video, []draft.Photo{{Path: filepath.Join(dir, "frame.jpg")}})
	if l2.m.Pending() != 2 || !l2.m.Busy() {
		t.Fatalf("pending %d", l2.m.Pending())
	}
	l2.spawn(l2.m.Init())
	l2.settle()
	if f.count("one.jpg") != 1 || f.count("two.jpg") != 1 || f.count("clip5s.mp4") != 1 || f.count("frame.jpg") != 2 {
		t.Errorf("calls %v", f.calls)
	}
	got, v, frames := l2.m.Media()
	if len(got) != 3 || got[0].URL != "https://cdn.test/one.jpg-1.webp" || got[2].URL == "" || v.URL == "" || frames[0].URL == "" {
		t.Errorf("media %+v %+v %+v", got, v, frames)
	}
	if l2.m.Touched() {
		t.Error("uploads count as the seller's change")
	}
}

func TestStaleResultsDropped(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "a.jpg")
	f := newFake()
	f.block()
	t.Cleanup(f.release)
	l := newLoop(t, f, dir, 80, 24)

	// Removed while uploading: cancelled, and its answer changes nothing.
	l.addPath("p", "a.jpg")
	l.awaitStarts(f, 1)
	l.press("d")
	l.settle()
	if len(photoNames(l.m)) != 0 || l.m.Failed() != 0 || len(tuitest.Of[msgs.Error](l.out)) != 0 {
		t.Fatalf("after remove: %v failed %d errors %v", photoNames(l.m), l.m.Failed(), tuitest.Of[msgs.Error](l.out))
	}

	// An answer that comes anyway for a removed item is not taken by the same file
	// added again.
	f.deaf = true
	l.addPath("p", "a.jpg")
	l.awaitStarts(f, 1)
	l.press("d")
	l.addPath("p", "a.jpg")
	l.awaitStarts(f, 1)
	f.release()
	l.settle()
	photos, _, _ := l.m.Media()
	if len(photos) != 1 || photos[0].URL != "https://cdn.test/a.jpg-3.webp" {
		t.Fatalf("photos %+v", photos)
	}

	// A forged answer with an unknown generation is dropped.
	before := pairs(l.m)
	l.send(uploaded{owner: l.m.id, sec: secPhotos, path: photos[0].Path, gen: -5,
		photo: &api.PhotoResult{URL: "https://evil.test/x", URLWM: "https://evil.test/y"}})
	if pairs(l.m) != before {
		t.Errorf("stale answer taken: %s", pairs(l.m))
	}
}

func TestFailedUploadRetried(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "bad.jpg")
	writeJPEG(t, dir, "good.jpg")
	f := newFake()
	f.fail["bad.jpg"] = fmt.Errorf("upload photo: %w", &api.Error{Status: 500, Code: "internal_error", Hint: "Internal \x1b[31merror\x1b[0m"})
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "*.jpg")
	l.settle()
	if l.m.Failed() != 1 || l.m.Pending() != 1 {
		t.Fatalf("failed %d pending %d", l.m.Failed(), l.m.Pending())
	}
	s := tuitest.Screen(l.m)
	if !strings.Contains(s, "✖ failed · r retry") || !strings.Contains(s, "✖ upload photo: internal_error: Internal error (HTTP 500)") {
		t.Errorf("screen:\n%s", s)
	}
	if errs := tuitest.Of[msgs.Error](l.out); len(errs) != 1 || errs[0].Op != "upload photo" {
		t.Errorf("errors %v", errs)
	}
	delete(f.fail, "bad.jpg")
	l.press("r")
	l.settle()
	if l.m.Failed() != 0 || f.count("bad.jpg") != 2 || f.count("good.jpg") != 1 {
		t.Errorf("failed %d calls %v", l.m.Failed(), f.calls)
	}
}

func TestDailyLimitHoldsTheQueue(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 5; i++ {
		writeJPEG(t, dir, fmt.Sprintf("c%d.jpg", i))
	}
	f := newFake()
	for i := 1; i <= 5; i++ {
		f.fail[fmt.Sprintf("c%d.jpg", i)] = &api.Error{Code: api.CodeDailyLimitExceeded, Hint: "daily limit reached"}
	}
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "c*.jpg")
	l.settle()
	if l.m.Failed() != 5 || f.total() != 3 {
		t.Errorf("failed %d calls %d", l.m.Failed(), f.total())
	}
}

func TestFileErrorAtUploadIsNotABanner(t *testing.T) {
	dir := t.TempDir()
	writeJPEG(t, dir, "gone.jpg")
	f := newFake()
	f.fail["gone.jpg"] = fmt.Errorf("upload photo: %w", &api.FileError{Path: "gone.jpg", Rule: api.RuleUnreadable, Detail: "cannot be opened: no such file"})
	l := newLoop(t, f, dir, 80, 24)
	l.addPath("p", "gone.jpg")
	l.settle()
	if l.m.Failed() != 1 || len(tuitest.Of[msgs.Error](l.out)) != 0 {
		t.Errorf("failed %d errors %v", l.m.Failed(), tuitest.Of[msgs.Error](l.out))
	}
}

// Under a directory longer than the line, the selected upload's line still says how
// far it is: the path gives way from its start, its file name kept.
func TestProgressShownUnderALongPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), strings.Repeat("a-folder-with-a-long-name-", 3), "and-another-one-inside-it")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	l, _ := uploadingAt30(t, dir)
	s := tuitest.Screen(l.m)
	if !strings.Contains(s, "…") || !strings.Contains(s, "/big.jpg · ") || !strings.Contains(s, "uploading 30%") {
		t.Fatalf("the upload's line under a long path:\n%s", s)
	}
}
