package root_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// One rule of budget waits for reads and writes alike (docs/cli.md, "Waits"): the
// command waits for the per-minute budget and says on stderr what for and until
// when; Ctrl+C abandons the wait; the daily limit never waits.

// throttling answers the first limited requests of each path with 429 and the code,
// asking for retryAfter seconds, and every other with ok.
func throttling(t *testing.T, code string, retryAfter, limited int, hit chan<- struct{}) *clitest.Runner {
	seen := map[string]*atomic.Int32{}
	for _, p := range []string{"/api/v1/my/listings/7", "/api/v1/my/listings/7/status", "/api/v1/my/listings"} {
		seen[p] = &atomic.Int32{}
	}
	return clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, ok := seen[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if int(n.Add(1)) <= limited {
			w.Header().Set("Retry-After", fmt.Sprint(retryAfter))
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprintf(w, `{"ok": false, "error": %q, "hint": "slow down"}`, code)
			if hit != nil {
				hit <- struct{}{}
			}
			return
		}
		switch {
		case strings.HasSuffix(r.URL.Path, "/status"):
			fmt.Fprint(w, `{"ok": true, "listing_id": 7, "status": "active", "previous_status": "inactive"}`)
		case r.URL.Path == "/api/v1/my/listings":
			w.WriteHeader(http.StatusCreated)
			fmt.Fprint(w, `{"ok": true, "listing_id": 7, "slug": "kobzar", "status": "active", "url": "https://x/l/7"}`)
		default:
			fmt.Fprint(w, `{"ok": true, "listing": {"id": 7, "title": "Kobzar", "status": "inactive"}}`)
		}
	}))
}

var waitLine = regexp.MustCompile(`(?m)^listings: waiting [45]s for the request budget \(the service asked to slow down\), until \d\d:\d\d:\d\d Kyiv time; Ctrl\+C gives up$`)

func TestReadsAndWritesWaitAlikeAndSaySo(t *testing.T) {
	t.Parallel()
	book := `{"title": "Kobzar, 1960", "description": "Hardcover, good condition, no missing pages.",
		"price": 450, "category_id": 1004, "city_ref": "8d5a980d-391c-11dd-90d9-001a92567626"}`
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"read", "", []string{"show", "7"}},
		{"status", "", []string{"activate", "7"}},
		{"create", book, []string{"create", "--file", "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := throttling(t, "rate_limit_exceeded", 4, 1, nil)
			start := time.Now()
			r := c.Run(tc.stdin, tc.args...)
			if r.Code != cmdutil.ExitOK {
				t.Fatalf("%v: exit %d, want 0 after the wait\n%s", tc.args, r.Code, r.Stderr)
			}
			if !waitLine.MatchString(r.Stderr) || strings.Count(r.Stderr, "waiting") != 1 {
				t.Errorf("%v: stderr does not say the wait once:\n%s", tc.args, r.Stderr)
			}
			if d := time.Since(start); d < 3*time.Second {
				t.Errorf("%v: done in %s, before the service's window lifted", tc.args, d)
			}
		})
	}
}

// On a terminal the wait is the progress line, drawn in place and cleared after.
func TestAWaitOnATerminalIsALineInPlace(t *testing.T) {
	t.Parallel()
	c := throttling(t, "rate_limit_exceeded", 4, 1, nil)
	c.StderrTTY = true
	r := c.Run("", "activate", "7")
	if r.Code != cmdutil.ExitOK || !strings.HasPrefix(r.Stderr, "\rwaiting 4s for the request budget") ||
		!strings.Contains(r.Stderr, "Ctrl+C gives up\x1b[K") || !strings.HasSuffix(r.Stderr, "\r\x1b[K") {
		t.Errorf("exit %d, stderr %q", r.Code, r.Stderr)
	}
}

func TestCtrlCAbandonsAWait(t *testing.T) {
	t.Parallel()
	hit := make(chan struct{}, 1)
	c := throttling(t, "rate_limit_exceeded", 60, 100, hit)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-hit
		time.Sleep(200 * time.Millisecond) // the client is waiting the minute out now
		cancel()
	}()
	start := time.Now()
	r := c.RunCtx(ctx, "", nil, "activate", "7")
	if r.Code != cmdutil.ExitCancelled || !strings.HasSuffix(r.Stderr, "listings: interrupted\n") || time.Since(start) > 10*time.Second {
		t.Errorf("exit %d after %s:\n%s", r.Code, time.Since(start), r.Stderr)
	}
}

func TestTheDailyLimitNeverWaits(t *testing.T) {
	t.Parallel()
	c := throttling(t, "daily_limit_exceeded", 3600, 100, nil)
	for _, args := range [][]string{{"show", "7"}, {"activate", "7"}} {
		start := time.Now()
		r := c.Fails(cmdutil.ExitRateLimit, "", args...)
		if !strings.Contains(r.Stderr, "resets at") || strings.Contains(r.Stderr, "waiting") || time.Since(start) > 3*time.Second {
			t.Errorf("%v after %s:\n%s", args, time.Since(start), r.Stderr)
		}
	}
}
