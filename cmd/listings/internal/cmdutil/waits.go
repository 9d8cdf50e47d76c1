package cmdutil

import (
	"context"
	"net/http"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

// The one rule of budget waits, for reads and writes alike (docs/cli.md, "Waits"):
// a command waits for the per-minute budget, says on stderr what it waits for and
// until when, and Ctrl+C abandons the wait (exit 130); the daily limit never waits
// (exit 4 at once, with when it resets). The client holds every request until the
// minute has room, so it never makes a 429 itself; these are the two pieces the
// commands add: the notice, and a write the service refused for the minute anyway
// (another process spending the same key) sent again once the window lifts.

// WaitNotices gives every request of ctx a notice of its budget waits on stderr: a
// line each off a terminal, a line redrawn in place on one. A command that draws its
// own progress replaces it with api.OnWait on its own line. done clears the line.
func WaitNotices(ctx context.Context, ios *iostreams.IOStreams) (_ context.Context, done func()) {
	line := NewStatusLine(ios.ErrOut, ios.IsStderrTTY)
	return api.OnWait(ctx, line.OnWait), line.Done
}

// NoWaitNotices is for what owns the screen (the app): its requests tell of their
// waits themselves, and nothing may draw on stderr meanwhile.
func NoWaitNotices(ctx context.Context) context.Context { return api.OnWait(ctx, nil) }

// maxWriteRetries and maxWriteWait bound how a write refused for the minute is sent
// again: a per-minute window never asks for more than a minute, so a longer wait is
// the service's to explain (exit 4 with it), as the client treats a read.
const (
	maxWriteRetries = 2
	maxWriteWait    = 2 * time.Minute
)

// RetryWrite runs a write (a POST the client never repeats by itself, since a lost
// answer may hide a change made) and runs it again when the service refused it with
// 429 rate_limit_exceeded: that answer says nothing was done. The client has
// recorded the service's wait, so the next attempt waits it out first, with a notice
// (WaitNotices), and ctx's cancellation abandons it.
func RetryWrite[T any](ctx context.Context, write func(context.Context) (T, error)) (T, error) {
	for attempt := 0; ; attempt++ {
		v, err := write(ctx)
		if err == nil || attempt >= maxWriteRetries || ctx.Err() != nil || !refusedForTheMinute(err) {
			return v, err
		}
	}
}

func refusedForTheMinute(err error) bool {
	e, ok := api.AsError(err)
	return ok && e.Status == http.StatusTooManyRequests && e.Code == api.CodeRateLimitExceeded &&
		e.RetryAfter <= maxWriteWait
}
