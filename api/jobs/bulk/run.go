package bulk

import (
	"context"
	"errors"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Service is what running a job needs; *api.Client satisfies it.
type Service interface {
	Getter
	SetStatus(ctx context.Context, id int, status api.Status) (*api.StatusResult, error)
	EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error)
}

// Event is what happened to an item, for a progress line or panel.
type Event struct {
	Item    Planned
	Outcome Outcome
}

// Run carries out what is left of the journal's job, job.Workers at a time within the
// client's budget: each item is journaled before its request and after its answer; an
// item in doubt from an earlier run is checked first (Verify); a refusal is recorded
// on its item and the job goes on; a failure that would stop every item stops the job
// (job.ErrStopped), and so does ctx, under the pause rule (job.Call): the requests
// written are answered and journaled, those not written are journaled unsent.
// Its requests are background work (api.Background): they leave the reserve of the
// key's budget to the person, and yield to the requests the person waits for.
func Run(ctx context.Context, svc Service, j *Journal, onEvent func(Event)) error {
	ctx = api.Background(ctx)
	switch j.Head.Kind {
	case KindStatus, KindPrice, KindEdit:
	default:
		return fmt.Errorf("job %s is a %s job, which is not carried out here", j.Head.Job, j.Head.Kind)
	}
	err := job.Each(ctx, j.Left(), func(p Planned) error { return runItem(ctx, svc, j, p, onEvent) })
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.Canceled) {
		return &job.ErrStopped{Cause: err}
	}
	return err
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
	err := j.Send(ctx, p.ID, func(ctx context.Context) (job.Event, error) {
		status, err := send(ctx, svc, j.Head, p)
		return job.Event{Status: string(status)}, err
	})
	if err != nil {
		return err
	}
	report(onEvent, p, j.Outcome(p.ID))
	return nil
}

func send(ctx context.Context, svc Service, h *Header, p Planned) (api.Status, error) {
	if st := h.statusOf(p); st != "" {
		r, err := svc.SetStatus(ctx, p.ID, api.Status(st))
		if err != nil {
			return "", err
		}
		return settleStatus(ctx, svc, p.ID, api.Status(st), r)
	}
	var e *api.ListingEdit
	switch h.Kind {
	case KindPrice:
		np, err := api.ParsePrice(p.NewPrice)
		if err != nil {
			return "", err
		}
		e = &api.ListingEdit{Price: api.Set(np)}
	case KindEdit:
		if pe := h.patchOf(p); pe != nil && !pe.Empty() {
			patch := *pe
			e = &patch
		} else {
			return "", fmt.Errorf("job %s: the edit sets no field", h.Job)
		}
	default:
		return "", fmt.Errorf("job %s: unknown kind %q", h.Job, h.Kind)
	}
	r, err := svc.EditListing(ctx, p.ID, e)
	if err != nil {
		return "", err
	}
	return r.Status, nil
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

func report(onEvent func(Event), p Planned, o Outcome) {
	if onEvent != nil {
		onEvent(Event{Item: p, Outcome: o})
	}
}
