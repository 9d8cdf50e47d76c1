package upload

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestProgressBar: on a terminal the bar redraws one line in place, only when the
// percentage moves, and ends it so that the table starts on a fresh line.
func TestProgressBar(t *testing.T) {
	t.Parallel()
	var log strings.Builder
	off := newProgressBar(&log, false, "/photos/front.jpg")
	off.update(1<<20, 4<<20)
	off.done()
	if log.Len() != 0 {
		t.Fatalf("a bar was drawn off a terminal: %q", log.String())
	}
	var term strings.Builder
	b := newProgressBar(&term, true, "/photos/front.jpg")
	for _, sent := range []int64{0, 1_000_000, 1_000_001, 4_000_000} {
		b.update(sent, 4_000_000)
	}
	b.done()
	out := term.String()
	if n := strings.Count(out, "\r"); n != 3 {
		t.Errorf("%d redraws, want 3 (0%%, 25%%, 100%%):\n%q", n, out)
	}
	for _, want := range []string{"front.jpg", "[======                  ]  25%  1 MB / 4 MB", "100%", "4 MB / 4 MB\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the bar lacks %q:\n%q", want, out)
		}
	}
}

// On a terminal each file has a line: the bars of those in flight are redrawn in place
// and a finished file leaves a line that stays.
func TestUploadBoardLines(t *testing.T) {
	t.Parallel()
	var term strings.Builder
	paths := []string{"/a/front.jpg", "/a/back.jpg"}
	b := newBoard(&term, true, paths)
	tick := time.Now()
	b.now = func() time.Time { tick = tick.Add(time.Second); return tick } // no frame is throttled
	b.start(0)
	b.start(1)
	b.progress(0, 1_000_000, 4_000_000)
	b.finish(0, photoOutcome{File: paths[0], Err: fmt.Errorf("the service refused it")})
	b.progress(1, 4_000_000, 4_000_000)
	b.clear()
	out := term.String()
	for _, want := range []string{"front.jpg", "back.jpg", "preparing…", " 25%  1 MB / 4 MB", "✗ front.jpg", "the service refused it", "100%"} {
		if !strings.Contains(out, want) {
			t.Errorf("the board lacks %q:\n%q", want, out)
		}
	}
	if !strings.HasSuffix(out, "\x1b[1A\x1b[J") {
		t.Errorf("the live part is not cleared at the end:\n%q", out)
	}
	var log strings.Builder
	b = newBoard(&log, false, paths)
	b.start(0)
	b.progress(0, 1, 1)
	b.finish(0, photoOutcome{File: paths[0], Err: fmt.Errorf("refused")})
	if got := log.String(); got != fmt.Sprintf("✗ %-30s refused\n", "front.jpg") {
		t.Errorf("off a terminal only the failure is written: %q", got)
	}
}
