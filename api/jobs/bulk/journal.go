package bulk

import (
	"fmt"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
)

// A bulk job is journaled on the one job log (api/jobs/job) so that it survives a crash or
// kill -9 and never applies an item twice: the job's header first (the action and
// every item with what it will become), then for each item "send" before its request
// goes out and "ok" or "fail" after its answer. Read back, an item is in one of four
// states: not started, done, failed, or in doubt (sent, answer lost), and an item in
// doubt is checked with one GET before it is sent again (Verify).

// Header is the first line of a journal.
type Header struct {
	job.Info
	Status string `json:"status,omitempty"` // with kind status: the one to set
	// Patch is the fields an edit job sets on every item.
	Patch *api.ListingEdit `json:"patch,omitempty"`
	Items []Planned        `json:"items"`
}

// Keys are the listings of the job, in the plan's order.
func (h *Header) Keys() []int {
	out := make([]int, len(h.Items))
	for i, p := range h.Items {
		out[i] = p.ID
	}
	return out
}

// Planned is one item as planned: its listing, and the price it will have (a price
// job; the old one too, to tell a done change from one never made).
type Planned struct {
	ID       int    `json:"id"`
	Title    string `json:"title,omitempty"`
	OldPrice string `json:"old_price,omitempty"`
	NewPrice string `json:"new_price,omitempty"`
	// Patch is an edit's own fields when the listing held some of the header's
	// already; nil sends the header's.
	Patch *api.ListingEdit `json:"patch,omitempty"`
	// SetStatus is the status this item is set to when the header's kind does not
	// say it (an import's undo deactivates the listings it made among its edits).
	SetStatus string `json:"set_status,omitempty"`
	// OldStatus and Old are the listing's status and the values of the fields the
	// job sets as they were when it was planned: what an undo puts back (a field
	// missing from Old was not known then). A journal written before undo existed
	// has neither.
	OldStatus string           `json:"old_status,omitempty"`
	Old       *api.ListingEdit `json:"old,omitempty"`
}

// The states of an item, and its outcome: the engine's (api/jobs/job).
type (
	State   = job.State
	Outcome = job.Outcome
)

// The states.
const (
	NotStarted = job.NotStarted
	InDoubt    = job.InDoubt
	Done       = job.Done
	Failed     = job.Failed
)

// Journal is a bulk job's journal.
type Journal struct {
	*job.Journal
	Head *Header
}

// ErrBusy is the error of opening a journal whose job another process is running.
var ErrBusy = job.ErrBusy

// Create starts the journal of a new job at path; it fails if one is there. The
// journal stays locked against other processes until Close.
func Create(path string, h Header) (*Journal, error) {
	j, err := job.Create(path, &h, job.Hooks{})
	if err != nil {
		return nil, err
	}
	return &Journal{Journal: j, Head: &h}, nil
}

// CreateJob starts the journal of a new job in dir, named after now and verb
// (20261124-224900-deactivate); its name is the header's Job.
func CreateJob(dir, verb string, now time.Time, h Header) (*Journal, error) {
	j, err := job.New(dir, verb, now, &h, job.Hooks{})
	if err != nil {
		return nil, err
	}
	return &Journal{Journal: j, Head: &h}, nil
}

// Open reads a journal back to resume its job: every item's outcome, in doubt where
// the answer to a sent request was lost. It fails with ErrBusy while another process
// runs the job.
func Open(path string) (*Journal, error) { return load(path, true) }

// Peek reads a journal without opening it for writing or taking its lock, for a list
// of jobs or an item's outcome while the job may be running elsewhere. What it returns
// cannot record anything.
func Peek(path string) (*Journal, error) { return load(path, false) }

func load(path string, write bool) (*Journal, error) {
	h := &Header{}
	check := func() error {
		if !owns(h.Kind) {
			return fmt.Errorf("job %s is a %s job, not a change of listings: see listings jobs", h.Job, h.Kind)
		}
		return nil
	}
	var j *job.Journal
	var err error
	if write {
		j, err = job.Open(path, h, job.Hooks{Check: check})
	} else {
		j, err = job.Peek(path, h, job.Hooks{Check: check})
	}
	if err != nil {
		return nil, err
	}
	return &Journal{Journal: j, Head: h}, nil
}

// Succeeded records id's answer.
func (j *Journal) Succeeded(id int, status api.Status) error {
	return j.Record(job.Event{ID: id, Ev: "ok", Status: string(status)})
}

// Refused records id's refusal (or any failure that is final for it).
func (j *Journal) Refused(id int, code, hint string) error {
	return j.Record(job.Event{ID: id, Ev: "fail", Code: code, Hint: hint})
}

// Left are the items still to do, in the plan's order: not started and in doubt.
func (j *Journal) Left() []Planned {
	left := map[int]bool{}
	for _, k := range j.LeftKeys() {
		left[k] = true
	}
	var out []Planned
	for _, p := range j.Head.Items {
		if left[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// HeaderOf is the journal's header of plan p, named job: every change with what it
// becomes.
func HeaderOf(name string, p Plan) Header {
	h := Header{Info: job.Info{Job: name, Created: time.Now()}}
	switch {
	case p.Action.Status != "":
		h.Kind, h.Status = KindStatus, string(p.Action.Status)
	case p.Action.Price != nil:
		h.Kind = KindPrice
	case p.Action.Edit:
		h.Kind, h.Patch = KindEdit, p.Action.Patch
	}
	for _, c := range p.Changes {
		pl := Planned{ID: c.ID, Title: c.Title, Patch: c.Patch, OldStatus: string(c.Status)}
		switch h.Kind {
		case KindPrice:
			pl.OldPrice, pl.NewPrice = c.Price.String(), c.NewPrice.String()
		case KindEdit:
			l, detail := c.listing()
			pl.Old = job.Before(h.patchOf(pl), l, detail)
		}
		h.Items = append(h.Items, pl)
	}
	return h
}

// patchOf is the fields an edit sends to the listing of p.
func (h *Header) patchOf(p Planned) *api.ListingEdit {
	if p.Patch != nil {
		return p.Patch
	}
	return h.Patch
}

// statusOf is the status the job sets on the listing of p; "" for an edit.
func (h *Header) statusOf(p Planned) string {
	switch {
	case p.SetStatus != "":
		return p.SetStatus
	case h.Kind == KindStatus:
		return h.Status
	}
	return ""
}

// owns says whether a header's kind is a bulk job's (a journal written before kinds
// were has none, and is one).
func owns(kind string) bool {
	switch kind {
	case "", KindStatus, KindPrice, KindEdit:
		return true
	}
	return false
}

// Verb names the job's action for people: activate, deactivate, price, edit.
func (h Header) Verb() string {
	if h.Kind == KindStatus {
		switch api.Status(h.Status) {
		case api.StatusActive:
			return "activate"
		case api.StatusInactive:
			return "deactivate"
		}
		return "status " + h.Status
	}
	return h.Kind
}

// List reads every bulk job's journal in dir, newest first, without disturbing a job
// running in another process (Peek). A journal that cannot be read is reported in
// errs and left out; the journals of other kinds of job kept in the same dir (an
// import's, an export's) are left out; a missing dir is no jobs.
func List(dir string) (jobs []*Journal, errs []error) { return job.ListOf(dir, owns, Peek) }
