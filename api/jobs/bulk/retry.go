package bulk

import (
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Retry plans a new job of this job's listings that failed for a reason that may
// pass now (the budget, the network, a server error): the same action, each listing
// as it was planned (a price is an absolute value, a status or a field set twice is
// the same, so even a change that landed before its error is not applied twice).
// Those the service refused by its rules are named in the plan, not retried.
func (j *Journal) Retry(b api.Budget, now time.Time) (*job.Plan, error) {
	p := &job.Plan{Of: j.Head.Job, How: "retry"}
	h := Header{Info: job.Info{Kind: j.Head.Kind, Retries: j.Head.Job}, Status: j.Head.Status, Patch: j.Head.Patch}
	left := 0
	for _, pl := range j.Head.Items {
		switch o := j.Outcome(pl.ID); {
		case o.State == Failed && o.Again:
			h.Items = append(h.Items, pl)
			row := job.Changed(j.Head.change(pl))
			row.ID, row.Title = pl.ID, pl.Title
			p.Rows = append(p.Rows, row)
		case o.State == Failed:
			p.Rows = append(p.Rows, job.PlanRow{ID: pl.ID, Title: pl.Title, Skip: strings.TrimSpace(o.Code + ": " + o.Hint)})
		case o.State != Done:
			left++
		}
	}
	p.Retried("listing", left)
	p.Estimate(b, now)
	p.Begin = func(dir, baseURL string, now time.Time) (job.Job, error) {
		h.BaseURL, h.Created = baseURL, now
		return CreateJob(dir, fileVerb(j.Head.Verb()), now, h)
	}
	return p, nil
}

// change says what the job makes of a listing: its status, its new price, the
// fields it sets.
func (h *Header) change(p Planned) rules.Why {
	switch st := h.statusOf(p); {
	case st != "" && p.OldStatus == "":
		return job.Because("retry.status_to", "NewStatus", st)
	case st != "":
		return job.Because("retry.status", "Status", p.OldStatus, "NewStatus", st)
	case h.Kind == KindPrice:
		return job.Because("undo.price_back", "From", p.OldPrice, "To", p.NewPrice)
	}
	return job.Because("retry.sets", "Fields", strings.Join(job.Fields(h.patchOf(p)), ", "))
}

// fileVerb is a verb as a job's name ends with it: no blank.
func fileVerb(v string) string { return strings.ReplaceAll(v, " ", "-") }
