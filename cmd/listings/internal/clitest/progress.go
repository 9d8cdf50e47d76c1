package clitest

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

var (
	progressLine = regexp.MustCompile(`\r([^\r\n]*?)\x1b\[K`)
	timeLeft     = regexp.MustCompile(`about (\S+) left`)
)

// ProgressLines checks the progress lines a job drew on a terminal of width columns
// (each redrawn in place: "\r…\x1b[K"): none as wide as the terminal, and a time left
// that never rises. It reports whether a line said the job was waiting, and the last
// time left drawn (-1 when none was).
func ProgressLines(t *testing.T, stderr string, width int) (waited bool, last time.Duration) {
	t.Helper()
	last = -1
	for _, m := range progressLine.FindAllStringSubmatch(stderr, -1) {
		l := m[1]
		if w := ansi.StringWidth(l); w >= width {
			t.Errorf("a line of %d columns on a terminal of %d: %q", w, width, l)
		}
		waited = waited || strings.Contains(l, "waiting")
		tl := timeLeft.FindStringSubmatch(l)
		if tl == nil {
			continue
		}
		d, err := time.ParseDuration(tl[1])
		if err != nil {
			t.Fatal(err)
		}
		if last >= 0 && d > last {
			t.Errorf("the time left rose from %s to %s: %q", last, d, l)
		}
		last = d
	}
	return waited, last
}
