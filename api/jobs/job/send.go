package job

import (
	"context"
	"errors"
	"net"

	"github.com/listings-tui/listings/api"
)

// Send carries out one item's request: journaled as sent before it goes out, made
// under the pause rule (Call), then its answer journaled: the event call returns
// (its Ev "ok" unless it says otherwise; the item is set here), or what Settle makes
// of its error. A 429 is refused before anything is done (another program spends
// the key): it is journaled unsent and sent again, twice at most, the client holding
// it until the service's window lifts. It returns an error only for what stops the
// job.
func (j *Journal) Send(ctx context.Context, key int, call func(context.Context) (Event, error)) error {
	for try := 0; ; try++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := j.Sending(key); err != nil {
			return err // a step that cannot be journaled must not be sent
		}
		e, err := Call(ctx, call)
		if err == nil {
			return j.Record(j.answer(key, e))
		}
		if NotSent(err) || !api.IsRateLimit(err) || api.IsDailyLimit(err) || try == 2 {
			return j.Settle(key, err)
		}
		if err := j.Unsent(key); err != nil {
			return err
		}
	}
}

// answer is e made the event of key: "ok" unless it says otherwise.
func (j *Journal) answer(key int, e Event) Event {
	if e.Ev == "" {
		e.Ev = "ok"
	}
	if j.rows {
		e.Row = key
	} else {
		e.ID = key
	}
	return e
}

// Settle journals what err makes of key's request, and returns an error for what
// stops the job: given up before it was written (NotSent), the item is unsent and
// the run ends (context.Canceled); refused for a reason that fails every item
// (StopsJob), it is unsent and the job stops; with no answer (the network), it stays
// in doubt and the job stops; anything else fails the item and the job goes on.
func (j *Journal) Settle(key int, err error) error {
	switch {
	case NotSent(err):
		return errors.Join(j.unsentIfSent(key), context.Canceled)
	case errors.Is(err, context.Canceled), api.IsUnreachable(err):
		return err // the answer is lost: the item stays in doubt, checked on resume
	case StopsJob(err):
		return errors.Join(j.unsentIfSent(key), err)
	}
	return j.Record(j.Failure(key, err))
}

// unsentIfSent journals key unsent when it was journaled sent: an item never
// journaled (an export's GET) needs no line.
func (j *Journal) unsentIfSent(key int) error {
	if j.Outcome(key).State != InDoubt {
		return nil
	}
	return j.Unsent(key)
}

// Failure is the event of key failed with err: the service's code, hint and field
// when it refused, and whether a retry may pass (Transient).
func (j *Journal) Failure(key int, err error) Event {
	e := j.Event(key, "fail")
	e.Code, e.Hint = "error", err.Error()
	if ae, ok := api.AsError(err); ok {
		e.Code, e.Hint, e.Field = ae.Code, ae.Hint, ae.Field
		if j.rows {
			e.ID = ae.ExistingListingID // a duplicate's listing; a row's key is its line
		}
	}
	e.Again = Transient(err)
	return e
}

// Transient says whether err may pass if the request is made again later: the
// budget (a 429), a server error (5xx, or an answer that is not the service's: a
// proxy's page), no answer, a timeout. A refusal by the service's rules (4xx) will
// not.
func Transient(err error) bool {
	var ne net.Error
	switch {
	case api.IsRateLimit(err), api.IsUnreachable(err), errors.Is(err, context.DeadlineExceeded):
		return true
	case errors.As(err, &ne) && ne.Timeout():
		return true
	}
	if ae, ok := api.AsError(err); ok {
		return ae.Status >= 500 || transientCode(ae.Code)
	}
	return false
}

// transientCode says whether a failure's code is of a reason that may pass now: a
// journal written before failures said so (Event.Again) is read with it.
func transientCode(code string) bool {
	switch code {
	case api.CodeInternalError, api.CodeBadResponse, api.CodeRateLimitExceeded, api.CodeDailyLimitExceeded, "timeout":
		return true
	}
	return false
}
