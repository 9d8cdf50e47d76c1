package listing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
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
		if move, _ := api.CheckMove(prev, r.to); move == api.MoveNoop && st == r.to {
			why := i18n.Reason("bulkform.why.", bulk.CheckMoveWhy(prev, r.to))
			line += " (" + i18n.T("cli.status.nothing_changed", "Why", why) + ")"
		}
	}
	switch {
	case r.now != nil && !r.res.Confirmed:
		line += " (" + i18n.T("cli.status.read_no_status") + ")"
	case r.now != nil && r.res.Status != st:
		line += " (" + i18n.T("cli.status.read_said", "Status", r.res.Status) + ")"
	case r.now != nil:
		line += " (" + i18n.T("cli.status.read_too") + ")"
	case !r.res.Confirmed:
		line += " (" + i18n.T("cli.status.unconfirmed") + ")"
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
			why := cmdutil.ListingError(r.id, r.readErr)
			return cmdutil.Say(why, func(p *i18n.Printer) string {
				return p.T("cli.status.answered_other", "ID", r.id, "Status", termtext.Clean(string(st)), "To", r.to, "Err", cmdutil.MessageIn(p, why))
			})
		}
		if !r.res.Confirmed {
			why := cmdutil.ListingError(r.id, r.readErr)
			return cmdutil.Say(r.readErr, func(p *i18n.Printer) string {
				return p.T("cli.status.answered_none", "ID", r.id, "Err", cmdutil.MessageIn(p, why))
			})
		}
		return nil
	}
	if st == r.to {
		return nil
	}
	return cmdutil.Say(nil, func(p *i18n.Printer) string {
		kv := []any{"ID", r.id, "Status", termtext.Clean(string(st)), "To", r.to}
		msg := p.T("cli.status.is_after", kv...)
		switch {
		case st == api.StatusPending:
			msg += p.T("cli.status.to_moderation", kv...)
		case st == api.StatusBlocked:
			why := p.T("cli.status.blocked")
			if reason := moderationReason(r.now.Moderation, maxReasonWidth); reason != "" {
				why = reason
			}
			msg += p.T("cli.status.blocked_why", append(kv, "Why", why)...)
		case r.res.PreviousStatus == st:
			msg += p.T("cli.status.unchanged", kv...)
		default:
			msg += p.T("cli.status.not_to", kv...)
		}
		return msg
	})
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
