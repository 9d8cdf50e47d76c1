package job

import (
	"context"
	"sync"

	"github.com/listings-tui/listings/api"
)

// Workers is how many items are in flight at once. The client's budget paces them,
// so more would only queue; three keep a slow answer from idling the others.
const Workers = 3

// Each calls do for the items, Workers at a time, until one returns an error or ctx
// ends: the items in flight are finished and no other starts. It returns ctx's error,
// or the first error of do.
func Each[T any](ctx context.Context, items []T, do func(T) error) error {
	next := make(chan T)
	var mu sync.Mutex // guards stop
	var stop error
	var wg sync.WaitGroup
	for range min(Workers, len(items)) {
		wg.Go(func() {
			for it := range next {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				if stopped != nil || ctx.Err() != nil {
					continue
				}
				if err := do(it); err != nil {
					mu.Lock()
					if stop == nil {
						stop = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for _, it := range items {
		next <- it
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return stop
}

// ErrStopped is the error of a job that stopped before its end for a reason that
// stops every item (the key, its scope, the day's budget): the rest is left for a
// resume, and errors.As gives the cause.
type ErrStopped struct{ Cause error }

func (e *ErrStopped) Error() string { return "the job stopped: " + e.Cause.Error() }
func (e *ErrStopped) Unwrap() error { return e.Cause }

// StopsJob reports whether err would fail every item of a job alike: the key, its
// scope, the day's budget, a rate limit the client gave up waiting out.
func StopsJob(err error) bool {
	return api.IsAuth(err) || api.IsScope(err) || api.IsDailyLimit(err) || api.IsRateLimit(err)
}
