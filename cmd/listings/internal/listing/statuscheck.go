package listing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/termtext"
)

// The spec does not show the answer of a status change. The sandbox states the new
// status, but a service may state another one (it sends the listing to moderation),
// none, or something the client cannot read. Only a read of the listing tells what
// it is then, so a single activate or deactivate spends one GET in those cases and
// reports that, rather than failing on a body it has no contract for.

// statusReport is what a single status change came to.
type statusReport struct {
	id      int
	to      api.Status
	res     *api.StatusResult  // the answer, as far as it could be read
	now     *api.ListingDetail // the listing read after the answer; nil if not read
	readErr error              // why the read failed
}

// reportStatus prints what the listing is after the change and returns the error
// the exit code comes from.
func reportStatus(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, id int, to api.Status, res *api.StatusResult, asJSON bool) error {
	r := statusReport{id: id, to: to, res: res}
	if !res.Confirmed || res.Status != to {
		r.now, r.readErr = s.Client.GetListing(ctx, id, s.Lang)
		if r.readErr == nil && r.now.Listing.Status == "" {
			r.now, r.readErr = nil, errors.New("its answer states no status either")
		}
	}
	var err error
	if asJSON {
		err = cmdutil.PrintJSON(f.IOStreams.Out, r.json())
	} else {
		_, err = fmt.Fprintln(f.IOStreams.Out, termtext.Clean(r.line()))
	}
	if err != nil {
		return err
	}
	return r.err()
}

// status is what the listing is after the change, as far as is known: the listing
// read, else what the answer stated (the one asked when it stated none).
func (r *statusReport) status() api.Status {
	if r.now != nil {
		return r.now.Listing.Status
	}
	return r.res.Status
}

// statusJSON is activate/deactivate --json.
type statusJSON struct {
	ListingID      int        `json:"listing_id"`
	Status         api.Status `json:"status"`
	PreviousStatus api.Status `json:"previous_status,omitempty"`
	// Confirmed: the service stated the status, in its answer or in the listing read.
	Confirmed bool `json:"confirmed"`
	// Checked: the status is the listing's, read after an answer that stated another
	// (AnswerStatus) or none.
	Checked      bool            `json:"checked"`
	AnswerStatus api.Status      `json:"answer_status,omitempty"`
	Moderation   json.RawMessage `json:"moderation,omitempty"`
}

func (r *statusReport) json() statusJSON {
	out := statusJSON{ListingID: r.res.ListingID, Status: r.status(), PreviousStatus: r.res.PreviousStatus,
		Confirmed: r.res.Confirmed || r.now != nil, Checked: r.now != nil}
	if r.now != nil {
		if r.res.Confirmed && r.res.Status != r.now.Listing.Status {
			out.AnswerStatus = r.res.Status
		}
		if r.now.Moderation != nil {
			out.Moderation = r.now.Moderation.AsSent()
		}
	}
	return out
}

// line is the text answer: "10040: inactive → active", a word when the listing
// already had the status, and where the status comes from when it is not the
// answer's word for the one asked.
func (r *statusReport) line() string {
	st := r.status()
	line := fmt.Sprintf("%d: %s", r.res.ListingID, st)
	if prev := r.res.PreviousStatus; prev != "" {
		line = fmt.Sprintf("%d: %s → %s", r.res.ListingID, prev, st)
		if move, why := api.CheckMove(prev, r.to); move == api.MoveNoop && st == r.to {
			line += " (" + why + "; nothing changed)"
		}
	}
	switch {
	case r.now != nil && !r.res.Confirmed:
		line += " (read from the listing: the answer stated no status)"
	case r.now != nil && r.res.Status != st:
		line += fmt.Sprintf(" (read from the listing: the answer said %s)", r.res.Status)
	case r.now != nil:
		line += " (the listing, read after the answer, says so too)"
	case !r.res.Confirmed:
		line += " (the service did not confirm the new status)"
	}
	return line
}

// err is the failure of a listing that is not what was asked after the request (a
// script must not go on as if it were), or of a check that could not be made. The
// listing read says why when it can: its moderation block.
func (r *statusReport) err() error {
	st := r.status()
	if r.readErr != nil {
		if r.res.Confirmed && st != r.to {
			return fmt.Errorf("listing %d: the service answered that it is %s, not %s, and reading the listing to check failed: %w",
				r.id, termtext.Clean(string(st)), r.to, cmdutil.ListingError(r.id, r.readErr))
		}
		if !r.res.Confirmed {
			return cmdutil.NewError(fmt.Sprintf("listing %d: the service took the request but its answer states no status, and reading the listing to check failed: %v",
				r.id, cmdutil.ListingError(r.id, r.readErr)), r.readErr)
		}
		return nil
	}
	if st == r.to {
		return nil
	}
	msg := fmt.Sprintf("listing %d is %s after the request to make it %s", r.id, termtext.Clean(string(st)), r.to)
	switch {
	case st == api.StatusPending:
		msg += fmt.Sprintf(": the service sent it to moderation; listings watch %d follows the decision", r.id)
	case st == api.StatusBlocked:
		why := "a moderator blocked it"
		if reason := moderationReason(r.now.Moderation, maxReasonWidth); reason != "" {
			why = reason
		}
		msg += fmt.Sprintf(": %s; see listings show %d", why, r.id)
	case r.res.PreviousStatus == st:
		msg += fmt.Sprintf(": the service did not change it; see listings show %d", r.id)
	default:
		msg += fmt.Sprintf(": the service answered the request with success but the listing is not %s; see listings show %d", r.to, r.id)
	}
	return errors.New(msg)
}

// maxReasonWidth bounds a reason in the table and in a message: it comes from the
// service, and a row must stay a row.
const maxReasonWidth = 160

// moderationReason is the block's reason on one line, cut to width; "" when there
// is none.
func moderationReason(m *api.Moderation, width int) string {
	if m == nil || m.Reason == nil {
		return ""
	}
	return layout.Cut(termtext.Clean(*m.Reason), width)
}
