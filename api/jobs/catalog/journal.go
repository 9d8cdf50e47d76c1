package catalog

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
)

// An import is journaled on the one job log (api/jobs/job), as a bulk job is: the header holds every row of the sheet with
// what it will do (its create body or its edit, its media, or why it is refused),
// then each row's lines follow: "upload" with the URLs of each file once it is
// uploaded (a resume reuses them), "send" before its create or edit goes out, and
// "ok" with the listing's id, or "fail", after the answer. A create in doubt (sent,
// its answer lost) is looked for among the account's newest listings before it is
// sent again ("found" records the listing it made).

// Kind is the kind of an import's journal, in its header.
const Kind = "import"

// Action is what the import does with a row.
type Action string

// The actions.
const (
	Create    Action = "create"
	Edit      Action = "edit"
	Unchanged Action = "unchanged" // imported before, with these cells: nothing to do
	Refused   Action = "refused"   // a cell breaks a rule: nothing is sent for it
)

// Header is the first line of an import's journal: everything the job needs, so a
// resume reads neither the sheet nor the files' folder again (only the files still
// to upload).
type Header struct {
	job.Info
	Sheet   string   `json:"sheet"`
	File    string   `json:"file,omitempty"`
	Lang    string   `json:"lang"`
	Columns []string `json:"columns"`
	Rows    []Row    `json:"rows"`
}

// Row is one row of the sheet as planned.
type Row struct {
	Line      int                `json:"line"`
	Hash      string             `json:"hash"`
	Title     string             `json:"title,omitempty"`
	Action    Action             `json:"action"`
	ListingID int                `json:"listing_id,omitempty"` // an edit's listing, an unchanged row's
	Cells     map[string]string  `json:"cells"`
	Create    *api.ListingCreate `json:"create,omitempty"` // without its media, uploaded first
	Edit      *api.ListingEdit   `json:"edit,omitempty"`
	// Media are the row's photos, video and 3D frames by kind; for an edit a kind
	// present replaces that set.
	Media    map[string][]Medium `json:"media,omitempty"`
	Problems []Problem           `json:"problems,omitempty"` // the first MaxRowProblems
	// MoreProblems counts the problems past MaxRowProblems, not kept.
	MoreProblems int      `json:"more_problems,omitempty"`
	Notes        []string `json:"notes,omitempty"` // a suggested category, an earlier listing matched
	// Fixes are the cells read otherwise than written (a tool's habit undone).
	Fixes []Fix `json:"fixes,omitempty"`
	// Changes are what an edit changes, field by field, for the plan.
	Changes []Change `json:"changes,omitempty"`
	// Old are the values the edit's fields (and its media) had when it was planned:
	// what an undo puts back; a field missing was not known then.
	Old *api.ListingEdit `json:"old,omitempty"`
	// ToModeration: the edit sends an active listing back to moderation.
	ToModeration bool `json:"to_moderation,omitempty"`
}

// Uploads counts the row's files still to upload.
func (r *Row) Uploads() int {
	n := 0
	for _, ms := range r.Media {
		for _, m := range ms {
			if m.URL == "" {
				n++
			}
		}
	}
	return n
}

// Files are the row's files still to upload, relative to dir where they are in it.
func (r *Row) Files(dir string) []string {
	var out []string
	for _, kind := range []string{KindPhoto, KindVideo, Kind3D} {
		for _, m := range r.Media[kind] {
			if m.Path == "" {
				continue
			}
			if rel, err := filepath.Rel(dir, m.Path); err == nil && !strings.HasPrefix(rel, "..") {
				out = append(out, rel)
			} else {
				out = append(out, m.Path)
			}
		}
	}
	return out
}

// The states of a row, and its outcome: the engine's (api/jobs/job).
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

type mediumKey struct {
	row  int
	kind string
	i    int
}

// Journal is an open import journal.
type Journal struct {
	*job.Journal
	Head *Header
	// uploaded are the files journaled as uploaded, by row, kind and index; guarded
	// by the journal's lock as it applies the lines (the hook) and by mu after.
	mu       sync.Mutex
	uploaded map[mediumKey]Medium
}

// ErrBusy is the error of opening a journal whose job another process is running.
var ErrBusy = job.ErrBusy

func newImport(h *Header) *Journal {
	return &Journal{Head: h, uploaded: map[mediumKey]Medium{}}
}

// hooks read the import's own lines (its uploads) and refuse another kind's header.
func (j *Journal) hooks(path string) job.Hooks {
	return job.Hooks{Rows: true, Extra: j.extra, Check: func() error {
		if j.Head.Kind != Kind {
			return fmt.Errorf("%s is not an import's journal (kind %q): see listings jobs", filepath.Base(path), j.Head.Kind)
		}
		return nil
	}}
}

func (j *Journal) extra(e job.Event) {
	if e.Ev == "upload" {
		j.mu.Lock()
		j.uploaded[mediumKey{e.Row, e.Medium, e.I}] = Medium{URL: e.URL, URLWM: e.URLWM, Thumb: e.Thumb}
		j.mu.Unlock()
	}
}

// NewJob starts the journal of a new import in dir, named after now; its id is the
// header's Job.
func NewJob(dir string, h Header, now time.Time) (*Journal, error) {
	h.Kind = Kind
	j := newImport(&h)
	log, err := job.New(dir, Kind, now, &h, j.hooks(""))
	if err != nil {
		return nil, fmt.Errorf("start the import's journal: %w", err)
	}
	j.Journal = log
	return j, nil
}

// OpenJob reads a journal back to resume its job; ErrBusy while another process
// runs it.
func OpenJob(path string) (*Journal, error) { return load(path, true) }

// PeekJob reads a journal without taking its lock; what it returns records nothing.
func PeekJob(path string) (*Journal, error) { return load(path, false) }

func load(path string, write bool) (*Journal, error) {
	j := newImport(&Header{})
	var log *job.Journal
	var err error
	if write {
		log, err = job.Open(path, j.Head, j.hooks(path))
	} else {
		log, err = job.Peek(path, j.Head, j.hooks(path))
	}
	if err != nil {
		return nil, err
	}
	j.Journal = log
	return j, nil
}

// Keys are the rows to send (to create or edit), in the sheet's order.
func (h *Header) Keys() []int {
	var out []int
	for _, r := range h.Rows {
		if r.Action == Create || r.Action == Edit {
			out = append(out, r.Line)
		}
	}
	return out
}

func (j *Journal) medium(line int, kind string, i int) (Medium, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	m, ok := j.uploaded[mediumKey{line, kind, i}]
	return m, ok
}

// Left are the rows still to send, in the sheet's order: not started and in doubt.
func (j *Journal) Left() []Row {
	left := map[int]bool{}
	for _, k := range j.LeftKeys() {
		left[k] = true
	}
	var out []Row
	for _, r := range j.Head.Rows {
		if left[r.Line] && (r.Action == Create || r.Action == Edit) {
			out = append(out, r)
		}
	}
	return out
}

// List reads every import journal in dir, oldest first, without disturbing a job
// running in another process. A journal that cannot be read is reported in errs.
func List(dir string) (jobs []*Journal, errs []error) {
	jobs, errs = job.ListOf(dir, isImport, PeekJob)
	slices.Reverse(jobs)
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].Head.Created.Before(jobs[b].Head.Created) })
	return jobs, errs
}
