package sheetcmd_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// drawn are the lines a terminal was given to draw in place ("\r…\x1b[K").
var drawn = regexp.MustCompile(`\r([^\r\n]*?)\x1b\[K`)

var timeLeft = regexp.MustCompile(`about (\S+) left`)

// checkProgress fails t for a line drawn in place wider than cols-1 (the last column
// stays free, or the line wraps and every redraw starts a new one), and for a time
// left that rises; with said, also when no time left was said. It returns the lines.
func checkProgress(t *testing.T, stderr string, cols int, said bool) []string {
	t.Helper()
	var lines []string
	last := time.Duration(-1)
	for _, m := range drawn.FindAllStringSubmatch(stderr, -1) {
		l := m[1]
		if l == "" {
			continue
		}
		lines = append(lines, l)
		if w := ansi.StringWidth(l); w >= cols {
			t.Errorf("a line of %d columns on a terminal of %d: %q", w, cols, l)
		}
		if tl := timeLeft.FindStringSubmatch(l); tl != nil {
			d, err := time.ParseDuration(tl[1])
			if err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			if last >= 0 && d > last {
				t.Errorf("the time left rose from %s to %s: %q", last, d, l)
			}
			last = d
		}
	}
	if said && last < 0 {
		t.Errorf("no time left said:\n%s", tail(stderr))
	}
	return lines
}

// tail is the end of a long stderr, quoted.
func tail(s string) string {
	return strconv.Quote(s[max(len(s)-2000, 0):])
}

// The export: a business key (600 requests a minute) and more details than a
// minute's budget, stopped by Ctrl+C during the wait for the second minute, then
// resumed. On terminals of 120 and 80 columns every line drawn in place fits, waits
// included, and the time left of each run only falls. The sandbox is served
// in-process in a synctest bubble, so the budget's minutes are fake time.
func TestExportProgressFitsTheTerminalAndOnlyFalls(t *testing.T) {
	for _, cols := range []int{120, 80} {
		t.Run(strconv.Itoa(cols), func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				c := clitest.InProcess(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 1400}}})
				c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir(), "COLUMNS": strconv.Itoa(cols)}
				c.StderrTTY = true
				// Ctrl+C during the wait for the second minute's budget.
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(90*time.Second, cancel)
				r := c.RunCtx(ctx, "", nil, "export", "--status", "all", "--detail", "-o", filepath.Join(t.TempDir(), "all.csv"))
				cancel()
				if r.Code != cmdutil.ExitCancelled {
					t.Fatalf("exit %d, want an interrupted export:\n%s", r.Code, tail(r.Stderr))
				}
				lines := checkProgress(t, r.Stderr, cols, true)
				if !strings.Contains(strings.Join(lines, "\n"), "waiting") {
					t.Errorf("no wait for the budget drawn:\n%s", strings.Join(lines, "\n"))
				}
				job := regexp.MustCompile(`job (\S+) \(journal`).FindStringSubmatch(r.Stderr)
				if job == nil {
					t.Fatalf("no job said:\n%s", r.Stderr)
				}
				r = c.Run("", "export", "--resume", job[1])
				if r.Code != cmdutil.ExitOK {
					t.Fatalf("resume: exit %d:\n%s", r.Code, tail(r.Stderr))
				}
				// What is left fits in the next minute's budget, and the fake clock
				// does not move while the sandbox answers: no time left to say.
				checkProgress(t, r.Stderr, cols, false)
			})
		})
	}
}

// Off a terminal, a long export writes its progress a line every
// cmdutil.JobLogEvery, never in place.
func TestExportProgressOffATerminalIsALogLine(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := clitest.InProcess(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 1400}}})
		c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
		r := c.Run("", "export", "--status", "all", "--detail", "-o", filepath.Join(t.TempDir(), "all.csv"))
		if r.Code != cmdutil.ExitOK {
			t.Fatalf("exit %d:\n%s", r.Code, r.Stderr)
		}
		n := strings.Count(r.Stderr, "listings: details: ")
		if n == 0 || n > 5 || strings.Contains(r.Stderr, "\r") {
			t.Errorf("%d progress lines off a terminal, want a few, none in place:\n%s", n, r.Stderr)
		}
	})
}
