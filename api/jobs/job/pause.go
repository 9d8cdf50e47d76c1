package job

import (
	"context"
	"errors"
	"net/http/httptrace"
	"sync"

	"github.com/listings-tui/listings/api"
)

// The pause rule, the same for every kind and every front end: when a run's context
// ends (the app's pause or cancel, the CLI's Ctrl+C), a request not yet written is
// given up (it waits no longer for the key's budget, and its item is journaled
// unsent: nothing was sent), and a request already written is carried to its answer
// and journaled. A pause thus leaves no item in doubt, and a resume needs no GET.

// Call makes one request of a job under the pause rule: ctx is the run's, and f is
// given a context of its own that ctx's end cancels only until the request's headers
// are written (httptrace). A request given up before it was written fails with an
// error NotSent recognises. Ending ctx gives up only the waits of this job's
// requests, not those of the other requests the client makes (the app's views).
func Call[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, notSent{err}
	}
	p := newPausable(ctx)
	defer p.stop()
	v, err := f(p)
	if err != nil && (p.givenUp() || errors.Is(err, api.ErrWaitAbandoned)) {
		return v, notSent{err}
	}
	return v, err
}

// notSent is the error of a request given up before it was written.
type notSent struct{ err error }

func (e notSent) Error() string { return "not sent: " + e.err.Error() }
func (e notSent) Unwrap() error { return e.err }

// NotSent says whether err is that of a request given up before it was written
// (Call), or whose wait for the budget the client abandoned: nothing left.
func NotSent(err error) bool {
	var ns notSent
	return errors.As(err, &ns) || errors.Is(err, api.ErrWaitAbandoned)
}

// pausable is the context of one request: the run's values, and a Done that the
// run's end closes only until the request's headers are written.
type pausable struct {
	context.Context
	done   chan struct{}
	mu     sync.Mutex
	sent   bool
	err    error
	unhook func() bool
}

func newPausable(run context.Context) *pausable {
	p := &pausable{done: make(chan struct{})}
	// WithClientTrace calls a trace the run's context has too.
	p.Context = httptrace.WithClientTrace(context.WithoutCancel(run), &httptrace.ClientTrace{WroteHeaders: p.wrote})
	p.unhook = context.AfterFunc(run, p.pause)
	return p
}

func (p *pausable) Done() <-chan struct{} { return p.done }

func (p *pausable) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

func (p *pausable) wrote() {
	p.mu.Lock()
	p.sent = true
	p.mu.Unlock()
}

func (p *pausable) pause() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.sent && p.err == nil {
		p.err = context.Canceled
		close(p.done)
	}
}

// givenUp reports whether the run ended before the request was written.
func (p *pausable) givenUp() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err != nil && !p.sent
}

func (p *pausable) stop() { p.unhook() }
