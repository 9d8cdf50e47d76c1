package cmdutil

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

// The requests in flight of a job meet one budget wait at once: a log says it once,
// and a later wait again.
func TestAWaitMetByManyRequestsIsLoggedOnce(t *testing.T) {
	var log bytes.Buffer
	s := NewStatusLine(&log, false)
	until := time.Now().Add(57 * time.Second)
	for i := range 3 {
		s.OnWait(api.Wait{For: 57 * time.Second, Until: until.Add(time.Duration(i) * 100 * time.Millisecond)})
	}
	s.OnWait(api.Wait{For: time.Second, Until: until}) // short: never logged
	s.OnWait(api.Wait{For: 60 * time.Second, Until: until.Add(time.Minute)})
	if n := strings.Count(log.String(), "waiting"); n != 2 {
		t.Errorf("%d wait lines, want 2:\n%s", n, log.String())
	}
}

// A job's wait says why a job waits before the key's limit: it leaves the person a
// fifth of it.
func TestWaitReasonOfAJob(t *testing.T) {
	if got := WaitReason(api.Wait{PerMinute: 600, Background: true}); !strings.Contains(got, "a job leaves a fifth of the key's 600 requests a minute to you") {
		t.Errorf("%q", got)
	}
	if got := WaitReason(api.Wait{PerMinute: 600}); got != "the key's 600 requests a minute are spent" {
		t.Errorf("%q", got)
	}
}
