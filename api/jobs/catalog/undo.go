package catalog

import (
	"context"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Undo plans a new job that takes back what this finished (or cancelled) import
// did: the listings it created are deactivated (the API cannot delete; one still
// awaiting moderation cannot be deactivated yet, and is named), and its edits set
// back to the values the rows kept from before, as a bulk edit's undo does (a
// listing edited or decided since is left alone and named). The listings are read
// as they are now within the budget.
func (j *Journal) Undo(ctx context.Context, svc job.Service, now time.Time) (*job.Plan, error) {
	if j.Resumable() {
		return nil, fmt.Errorf("import %s has rows left: resume it, or cancel it (listings jobs cancel %s), before it is undone", j.Head.Job, j.Head.Job)
	}
	type target struct {
		r  Row
		id int
		o  job.Outcome
	}
	var targets []target
	var ids []int
	detail := false
	for _, r := range j.Head.Rows {
		o := j.Outcome(r.Line)
		if (r.Action != Create && r.Action != Edit) || o.State != job.Done {
			continue
		}
		id := o.ListingID
		if id == 0 {
			id = r.ListingID
		}
		targets, ids = append(targets, target{r, id, o}), append(ids, id)
		detail = detail || (r.Action == Edit && !bulk.ListOnly(r.Old))
	}
	seen, reads, err := job.Current(ctx, svc, ids, detail, j.Head.Lang)
	if err != nil {
		return nil, err
	}
	u := bulk.NewUndo(j.Head.Job, reads)
	edit := &bulk.Header{Info: job.Info{Kind: bulk.KindEdit}}
	for _, t := range targets {
		s, ok := seen[t.id]
		switch {
		case !ok:
			u.Skip(t.id, t.r.Title, job.Because("undo.gone"))
		case t.r.Action == Create:
			u.Deactivate(t.id, t.r.Title, s.Listing.Status)
		default:
			u.Back(edit, bulk.Planned{ID: t.id, Title: t.r.Title, Patch: t.r.Edit, Old: t.r.Old}, t.o, s)
		}
		u.OfRow(t.r.Line)
	}
	return u.Plan(svc.Budget(), now, "listing"), nil
}

var _ job.Undoer = (*Journal)(nil)
