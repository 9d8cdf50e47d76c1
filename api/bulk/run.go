package bulk

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/listings-tui/listings/api"
)

// Service is what running a job needs; *api.Client satisfies it.
type Service interface {
	Getter
	SetStatus(ctx context.Context, id int, status api.Status) (*api.StatusResult, error)
	EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error)
}

// Workers is how many items are in flight at once. The client's budget paces them,
// so more would only queue; three keep a slow answer from idling the others.
const Workers = 3

// Event is what happened to an item, for a progress line or panel.
type Event struct {
	Item    Planned
	Outcome Outcome
}

// ErrStopped is the error of a job that stopped before its end for a reason that
// stops every item (the key, its scope, the day's budget): the rest is left for a
// resume, and errors.As gives the cause.
type ErrStopped struct{ Cause error }

func (e *ErrStopped) Error() string { return "the job stopped: " + e.Cause.Error() }
func (e *ErrStopped) Unwrap() error { return e.Cause }

// Run carries out what is left of the journal's job, Workers at a time within the
// client's budget: each item is journaled before its request and after its answer; an
// item in doubt from an earlier run is checked first (Verify); a refusal is recorded
// on its item and the job goes on; a failure that would stop every item stops the job
// (ErrStopped), and so does ctx, after the items in flight are answered and journaled.
// Its requests are background work (api.Background): they leave the reserve of the
// key's budget to the person, and yield to the requests the person waits for.
func Run(ctx context.Context, svc Service, j *Journal, onEvent func(Event)) error {
	ctx = api.Background(ctx)
	switch j.Head.Kind {
	case KindStatus, KindPrice, KindEdit:
	default:
		// Another job shares the directory (an export, an import): running it here
		// would journal every item as failed.
		return fmt.Errorf("job %s is a %s job, which is not carried out here", j.Head.Job, j.Head.Kind)
	}
	err := Each(ctx, j.Left(), func(p Planned) error { return runItem(ctx, svc, j, p, onEvent) })
	if err != nil && ctx.Err() == nil {
		return &ErrStopped{Cause: err}
	}
	return err
}

// Each calls do for the items, Workers at a time, until one returns an error or ctx
// ends: the items in flight are finished and no other starts. It returns ctx's error,
// or the first error of do.
func Each(ctx context.Context, items []Planned, do func(Planned) error) error {
	next := make(chan Planned)
	var mu sync.Mutex // guards stop
	var stop error
	var wg sync.WaitGroup
	for range min(Workers, len(items)) {
		wg.Go(func() {
			for p := range next {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				if stopped != nil || ctx.Err() != nil {
					continue
				}
				if err := do(p); err != nil {
					mu.Lock()
					if stop == nil {
						stop = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for _, p := range items {
		next <- p
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return stop
}

// runItem does one item; it returns an error only for a failure that stops the job.
func runItem(ctx context.Context, svc Service, j *Journal, p Planned, onEvent func(Event)) error {
	if j.Outcome(p.ID).State == InDoubt {
		resend, err := j.Verify(ctx, svc, p)
		if err != nil {
			return err
		}
		if !resend {
			report(onEvent, p, j.Outcome(p.ID))
			return nil
		}
	}
	var status api.Status
	var err error
	for try := 0; ; try++ {
		if err := j.Sending(p.ID); err != nil {
			return err // a step that cannot be journaled must not be sent
		}
		status, err = send(ctx, svc, j.Head, p)
		if err == nil || !api.IsRateLimit(err) || api.IsDailyLimit(err) || try == 2 {
			break
		}
		// A 429 is refused before anything is done (another program spends the key):
		// the client holds the next request until the service's window lifts.
		if jerr := j.Unsent(p.ID); jerr != nil {
			return jerr
		}
	}
	switch {
	case err == nil:
		err = j.Succeeded(p.ID, status)
	case errors.Is(err, context.Canceled), api.IsUnreachable(err):
		// The answer is lost: the item stays in doubt, to be checked on resume.
		return err
	case StopsJob(err):
		// Refused before it was done: the item stays to be sent on resume.
		if jerr := j.Unsent(p.ID); jerr != nil {
			return jerr
		}
		return err
	default:
		code, hint := "error", err.Error()
		if e, ok := api.AsError(err); ok {
			code, hint = e.Code, e.Hint
		}
		err = j.Refused(p.ID, code, hint)
	}
	report(onEvent, p, j.Outcome(p.ID))
	return err
}

func send(ctx context.Context, svc Service, h Header, p Planned) (api.Status, error) {
	switch h.Kind {
	case KindStatus:
		r, err := svc.SetStatus(ctx, p.ID, api.Status(h.Status))
		if err != nil {
			return "", err
		}
		return settleStatus(ctx, svc, p.ID, api.Status(h.Status), r)
	case KindPrice:
		np, err := api.ParsePrice(p.NewPrice)
		if err != nil {
			return "", err
		}
		r, err := svc.EditListing(ctx, p.ID, &api.ListingEdit{Price: api.Set(np)})
		if err != nil {
			return "", err
		}
		return r.Status, nil
	case KindEdit:
		e := h.Patch
		if p.Patch != nil {
			e = p.Patch
		}
		if e == nil || e.Empty() {
			return "", fmt.Errorf("job %s: the edit sets no field", h.Job)
		}
		patch := *e
		r, err := svc.EditListing(ctx, p.ID, &patch)
		if err != nil {
			return "", err
		}
		return r.Status, nil
	}
	return "", fmt.Errorf("job %s: unknown kind %q", h.Job, h.Kind)
}

// settleStatus is what a status change made of the listing. The spec does not show
// the answer's body: one that states the status asked, or none, is taken at its word
// (the status code says the change was made; reading every listing of a job to
// confirm an empty body would double its requests). One that states another status
// is evidence the listing did not become what was asked (sent to moderation, say):
// the listing is read once and its status then decides. A status other than the one
// asked fails the item with ErrOtherStatus's code and a sentence that names both; a
// failed read keeps the answer's word.
func settleStatus(ctx context.Context, g Getter, id int, want api.Status, r *api.StatusResult) (api.Status, error) {
	if !r.Confirmed || r.Status == want {
		return want, nil
	}
	now := r.Status
	if d, err := g.GetListing(ctx, id, ""); err == nil && d.Listing.Status != "" {
		now = d.Listing.Status
	}
	if now == want {
		return want, nil
	}
	return "", &api.Error{Code: CodeOtherStatus,
		Hint: fmt.Sprintf("listing %d is %s after the request to make it %s%s", id, now, want, otherStatusWhy(now))}
}

// CodeOtherStatus is the code of an item whose listing is not in the status asked
// after a status change the service answered with success.
const CodeOtherStatus = "other_status"

// otherStatusWhy says what a status other than the one asked usually means.
func otherStatusWhy(s api.Status) string {
	switch s {
	case api.StatusPending:
		return ": the service sent it to moderation"
	case api.StatusBlocked:
		return ": a moderator blocked it"
	}
	return ""
}

// StopsJob reports whether err would fail every item of a job alike: the key, its
// scope, the day's budget, a rate limit the client gave up waiting out.
func StopsJob(err error) bool {
	return api.IsAuth(err) || api.IsScope(err) || api.IsDailyLimit(err) || api.IsRateLimit(err)
}

func report(onEvent func(Event), p Planned, o Outcome) {
	if onEvent != nil {
		onEvent(Event{Item: p, Outcome: o})
	}
}
