package bulk

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Undo plans a new job that puts back what this finished (or cancelled) job
// changed: each listing it changed, read as it is now within the budget (the plan
// says how many requests that took), goes back to the status, the price or the field
// values the header kept from before; a listing changed since (its price, status or
// fields no longer what the job set: another edit, a moderator's decision) is left
// alone and named, and so is one gone or one the API cannot change back. An edit
// sends an active listing back to moderation: the plan says which.
func (j *Journal) Undo(ctx context.Context, svc job.Service, now time.Time) (*job.Plan, error) {
	if err := j.undoable(); err != nil {
		return nil, err
	}
	var ids []int
	var items []Planned
	for _, p := range j.Head.Items {
		// An item in doubt may have landed: what it is now says.
		if st := j.Outcome(p.ID).State; st == Done || st == InDoubt {
			ids, items = append(ids, p.ID), append(items, p)
		}
	}
	detail := j.Head.Kind == KindEdit && !listOnly(j.Head, items)
	seen, reads, err := job.Current(ctx, svc, ids, detail, "")
	if err != nil {
		return nil, err
	}
	u := NewUndo(j.Head.Job, reads)
	for _, p := range items {
		s, ok := seen[p.ID]
		if !ok {
			u.Skip(p.ID, p.Title, job.Because("undo.gone"))
			continue
		}
		u.Back(j.Head, p, j.Outcome(p.ID), s)
	}
	return u.Plan(svc.Budget(), now, "listing"), nil
}

var _ job.Undoer = (*Journal)(nil)

// undoable refuses a job that still has items to send: an undo takes what is done.
func (j *Journal) undoable() error {
	if j.Head.Kind != KindStatus && j.Head.Kind != KindPrice && j.Head.Kind != KindEdit {
		return fmt.Errorf("job %s (%s) changes nothing an undo can put back: %w", j.Head.Job, j.Head.Verb(), job.ErrNothing)
	}
	if j.Resumable() {
		return fmt.Errorf("job %s has items left: resume it, or cancel it (listings jobs cancel %s), before it is undone", j.Head.Job, j.Head.Job)
	}
	return nil
}

// listOnly says whether every field the edits of items set is one the list shows,
// so that reading them now needs no GET each.
func listOnly(h *Header, items []Planned) bool {
	for _, p := range items {
		if !ListOnly(h.patchOf(p)) {
			return false
		}
	}
	return true
}

// ListOnly says whether every field e sets is one the list shows (its value before
// the edit is known without the listing's detail).
func ListOnly(e *api.ListingEdit) bool {
	for _, f := range job.Fields(e) {
		switch f {
		case "title", "price", "currency", "condition", "photos":
		default:
			return false
		}
	}
	return true
}

// Undo is an undo's plan as it is made: the items that go back (the new job's
// header) and the plan's rows.
type Undo struct {
	of    string
	reads int
	head  Header
	rows  []job.PlanRow
	toMod int
}

// NewUndo starts the plan of the undo of job of, which read the listings in reads
// requests.
func NewUndo(of string, reads int) *Undo {
	return &Undo{of: of, reads: reads, head: Header{Info: job.Info{Kind: KindEdit, Undoes: of}}}
}

// Skip names a listing the undo leaves alone, and why.
func (u *Undo) Skip(id int, title string, why rules.Why) {
	r := job.Skipped(why)
	r.ID, r.Title = id, title
	u.rows = append(u.rows, r)
}

// change plans a listing's row that changes as w says.
func (u *Undo) change(id int, title string, w rules.Why) job.PlanRow {
	r := job.Changed(w)
	r.ID, r.Title = id, title
	return r
}

// Back plans putting p of the job h back as it was, from what the job recorded of it
// (o) and the listing as it is now (s); or names why not.
func (u *Undo) Back(h *Header, p Planned, o job.Outcome, s job.Seen) {
	l := s.Listing
	now := l.Status
	if st := h.statusOf(p); st != "" {
		u.backStatus(p, api.Status(st), now)
		return
	}
	if why := decided(api.Status(o.Status), now); !why.OK() {
		u.Skip(p.ID, p.Title, why)
		return
	}
	if e, _ := api.CheckEdit(now); e == api.EditRefused {
		u.Skip(p.ID, p.Title, editable(now))
		return
	}
	back := Planned{ID: p.ID, Title: p.Title, OldStatus: string(now)}
	var change rules.Why
	if h.Kind == KindPrice {
		np, err := api.ParsePrice(p.NewPrice)
		if err != nil || !rules.SamePrice(l.Price, np) {
			u.Skip(p.ID, p.Title, job.Because("undo.price", "Price", l.Price.String(), "Set", p.NewPrice))
			return
		}
		back.OldPrice, back.NewPrice = l.Price.String(), p.OldPrice
		change = job.Because("undo.price_back", "From", p.NewPrice, "To", p.OldPrice)
	} else {
		e := h.patchOf(p)
		if moved := job.Fields(rules.Unheld(e, l, s.Detail)); len(moved) > 0 {
			u.Skip(p.ID, p.Title, job.Because("undo.fields", "Fields", strings.Join(moved, ", ")))
			return
		}
		if p.Old == nil || p.Old.Empty() {
			u.Skip(p.ID, p.Title, job.Because("undo.not_kept"))
			return
		}
		back.Patch, back.Old = p.Old, job.Before(p.Old, l, s.Detail)
		change = job.Because("undo.sets_back", "Fields", strings.Join(job.Fields(p.Old), ", "))
		if lost := missing(e, p.Old); len(lost) > 0 {
			change = job.Because("undo.sets_back_lost", "Fields", strings.Join(job.Fields(p.Old), ", "), "Lost", strings.Join(lost, ", "))
		}
	}
	if e, _ := api.CheckEdit(now); e == api.EditRestartsReview {
		change = job.Because("undo.review", "Change", change)
	}
	row := u.change(p.ID, p.Title, change)
	switch e, _ := api.CheckEdit(now); e {
	case api.EditToModeration:
		row.ToModeration = true
		u.toMod++
	}
	u.head.Items = append(u.head.Items, back)
	u.rows = append(u.rows, row)
}

// Deactivate plans deactivating a listing a job made (an import's create: the API
// cannot delete), as it is now.
func (u *Undo) Deactivate(id int, title string, now api.Status) {
	if now == api.StatusPending {
		u.Skip(id, title, job.Because("undo.pending"))
		return
	}
	if mv, _ := api.CheckMove(now, api.StatusInactive); mv != api.MoveAllowed {
		u.Skip(id, title, job.Because("undo.no_deactivate", "Why", CheckMoveWhy(now, api.StatusInactive)))
		return
	}
	u.head.Items = append(u.head.Items, Planned{ID: id, Title: title, SetStatus: string(api.StatusInactive), OldStatus: string(now)})
	u.rows = append(u.rows, u.change(id, title, job.Because("undo.deactivate", "Status", string(now))))
}

// OfRow says the last item planned or left alone is the sheet's row line.
func (u *Undo) OfRow(line int) { u.rows[len(u.rows)-1].Row = line }

// backStatus plans a status job's listing back to its status before.
func (u *Undo) backStatus(p Planned, set, now api.Status) {
	if now != set {
		u.Skip(p.ID, p.Title, job.Because("undo.status", "Status", string(now), "SetStatus", string(set)))
		return
	}
	old := api.Status(p.OldStatus)
	if old == "" { // a journal written before the old status was kept: the move's other end
		old = map[api.Status]api.Status{api.StatusActive: api.StatusInactive, api.StatusInactive: api.StatusActive}[set]
	}
	if mv, _ := api.CheckMove(now, old); mv != api.MoveAllowed {
		u.Skip(p.ID, p.Title, job.Because("undo.no_way_back", "OldStatus", string(old), "Why", CheckMoveWhy(now, old)))
		return
	}
	u.head.Items = append(u.head.Items, Planned{ID: p.ID, Title: p.Title, SetStatus: string(old), OldStatus: string(now)})
	u.rows = append(u.rows, u.change(p.ID, p.Title, job.Because("undo.move", "Status", string(now), "OldStatus", string(old))))
}

// decided says why a listing the job sent to moderation and a moderator has since
// blocked is left alone: its fate is the moderator's now, whom an undo would only
// resubmit it to. An approval is no reason: the listing is as the job left it.
func decided(after, now api.Status) rules.Why {
	if now == api.StatusBlocked && after != api.StatusBlocked {
		return job.Because("undo.blocked")
	}
	return rules.Why{}
}

// kindOf is the kind of an undo's job by what its items do: a status job when they
// all go back to one status, a price job when they are prices, else an edit (an
// import's undo: deactivations among edits, each item saying its own).
func kindOf(items []Planned) (kind, status string) {
	kind, status = KindEdit, ""
	for i, p := range items {
		switch {
		case p.NewPrice != "":
			return KindPrice, ""
		case p.SetStatus == "" || (i > 0 && p.SetStatus != status):
			return KindEdit, ""
		}
		kind, status = KindStatus, p.SetStatus
	}
	return kind, status
}

// missing are the fields e sets whose value before the job old does not hold.
func missing(e, old *api.ListingEdit) []string {
	have := map[string]bool{}
	for _, f := range job.Fields(old) {
		have[f] = true
	}
	var out []string
	for _, f := range job.Fields(e) {
		if !have[f] {
			out = append(out, f)
		}
	}
	return out
}

// Plan is the undo's plan under the budget b at now; noun names an item.
func (u *Undo) Plan(b api.Budget, now time.Time, noun string) *job.Plan {
	p := &job.Plan{Of: u.of, How: "undo", Rows: u.rows, Reads: u.reads}
	back, left := 0, 0
	for _, r := range u.rows {
		if r.Skip == "" {
			back++
		} else {
			left++
		}
	}
	p.Say(job.Because("undo."+noun, "Job", u.of, "Items", job.Counted(back, noun), "Count", back))
	if left > 0 {
		p.Say(job.Because("undo.left", "N", rules.Num(left)))
	}
	if w := job.ModerationWhy(u.toMod); !w.OK() {
		p.Say(w)
	}
	p.Say(job.Because("undo.reads", "Requests", job.Requests(u.reads)))
	p.Estimate(b, now)
	h := u.head
	h.Kind, h.Status = kindOf(h.Items)
	p.Begin = func(dir, baseURL string, now time.Time) (job.Job, error) {
		h.BaseURL, h.Created = baseURL, now
		return CreateJob(dir, "undo", now, h)
	}
	return p
}
