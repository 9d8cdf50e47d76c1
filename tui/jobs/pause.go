package jobs

import (
	"context"
	"net/http/httptrace"
	"sync"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/catalog"
)

// pausing is the job's service as a run uses it: each request gets a context
// (pausable) that a pause cancels only while the request has not been written, so
// one waiting for the key's budget is given up (nothing sent: its item is journaled
// unsent, settle) and one on its way is carried to its answer and journaled. A pause
// thus leaves no item in doubt, and a resume needs no GET. The CLI's Ctrl+C gives up
// every wait of its client (AbandonWaits); the app must not: the other views' own
// requests wait on the same client.
type pausing struct {
	bulk.Service
	mu      *sync.Mutex
	notSent *[]int
}

func newPausing(svc bulk.Service) pausing {
	return pausing{Service: svc, mu: &sync.Mutex{}, notSent: new([]int)}
}

// settle journals as unsent the items whose request a pause gave up before it was
// written.
func (s pausing) settle(j *bulk.Journal) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range *s.notSent {
		if j.Outcome(id).State == bulk.InDoubt {
			if err := j.Unsent(id); err != nil {
				return err
			}
		}
	}
	return nil
}

// call makes one request of item id (0: a check, not a change) under a pausable
// context of the run's.
func call[T any](run context.Context, s pausing, id int, f func(context.Context) (T, error)) (T, error) {
	v, err, givenUp := during(run, f)
	if err != nil && id > 0 && givenUp {
		s.mu.Lock()
		*s.notSent = append(*s.notSent, id)
		s.mu.Unlock()
	}
	return v, err
}

func (s pausing) SetStatus(ctx context.Context, id int, st api.Status) (*api.StatusResult, error) {
	return call(ctx, s, id, func(ctx context.Context) (*api.StatusResult, error) { return s.Service.SetStatus(ctx, id, st) })
}

func (s pausing) EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error) {
	return call(ctx, s, id, func(ctx context.Context) (*api.EditResult, error) { return s.Service.EditListing(ctx, id, e) })
}

func (s pausing) GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error) {
	return call(ctx, s, 0, func(ctx context.Context) (*api.ListingDetail, error) { return s.Service.GetListing(ctx, id, lang) })
}

// during makes one request under a pausable context of run, and says whether a
// pause gave it up before it was written.
func during[T any](run context.Context, f func(context.Context) (T, error)) (T, error, bool) {
	p := newPausable(run)
	defer p.stop()
	v, err := f(p)
	return v, err, err != nil && p.givenUp()
}

// importPausing is an import's service as a run uses it. api/catalog carries every
// request to its answer (a context without cancel, so a Ctrl+C never leaves a row in
// doubt) and journals "unsent" itself when a request ends in context.Canceled. Each
// request is made here under a pausable context of the run instead: a pause gives up
// a request still waiting for the key's budget (catalog journals its row unsent, and
// an upload not made is made on resume), and carries one written to its answer.
type importPausing struct {
	catalog.Service
	run context.Context
}

func (s importPausing) CreateListing(_ context.Context, l *api.ListingCreate) (*api.CreateResult, error) {
	v, err, _ := during(s.run, func(ctx context.Context) (*api.CreateResult, error) { return s.Service.CreateListing(ctx, l) })
	return v, err
}

func (s importPausing) EditListing(_ context.Context, id int, e *api.ListingEdit) (*api.EditResult, error) {
	v, err, _ := during(s.run, func(ctx context.Context) (*api.EditResult, error) { return s.Service.EditListing(ctx, id, e) })
	return v, err
}

func (s importPausing) UploadPhoto(_ context.Context, path string, p api.Progress) (*api.PhotoResult, error) {
	v, err, _ := during(s.run, func(ctx context.Context) (*api.PhotoResult, error) { return s.Service.UploadPhoto(ctx, path, p) })
	return v, err
}

func (s importPausing) UploadVideo(_ context.Context, path string, p api.Progress) (*api.VideoResult, error) {
	v, err, _ := during(s.run, func(ctx context.Context) (*api.VideoResult, error) { return s.Service.UploadVideo(ctx, path, p) })
	return v, err
}

// pausable is the context of one request: the run's values, and a Done that the
// run's end closes only until the request's headers are written (httptrace).
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

// givenUp reports whether the pause came before the request was written.
func (p *pausable) givenUp() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err != nil && !p.sent
}

func (p *pausable) stop() { p.unhook() }
