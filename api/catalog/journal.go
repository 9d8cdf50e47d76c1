package catalog

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/internal/jsonlog"
)

// An import is journaled as a bulk job is (api/bulk/journal.go), on the same
// append-only, fsynced, locked log: the header holds every row of the sheet with
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
	Job     string    `json:"job"`
	Created time.Time `json:"created"`
	BaseURL string    `json:"base_url"`
	Kind    string    `json:"kind"`
	Sheet   string    `json:"sheet"`
	File    string    `json:"file,omitempty"`
	Lang    string    `json:"lang"`
	Columns []string  `json:"columns"`
	Rows    []Row     `json:"rows"`
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

// State is where a row of a job stands.
type State int

// The states.
const (
	NotStarted State = iota
	InDoubt          // sent, its answer never written: looked for before it is sent again
	Done
	Failed
)

// Outcome is a row's last word in the journal.
type Outcome struct {
	State     State
	ListingID int
	Status    string
	URL       string
	Code      string
	Hint      string
	Field     string
	Found     bool  // a create in doubt found among the listings, not sent again
	SentAt    int64 // Unix time of the last send
}

type event struct {
	Row    int    `json:"row"`
	Ev     string `json:"ev"` // upload, send, ok, found, fail, unsent, cancel
	Kind   string `json:"kind,omitempty"`
	I      int    `json:"i,omitempty"`
	URL    string `json:"url,omitempty"`
	URLWM  string `json:"url_wm,omitempty"`
	Thumb  string `json:"thumb,omitempty"`
	ID     int    `json:"id,omitempty"`
	Status string `json:"status,omitempty"`
	Code   string `json:"code,omitempty"`
	Hint   string `json:"hint,omitempty"`
	Field  string `json:"field,omitempty"`
	At     int64  `json:"at"`
}

type mediumKey struct {
	row  int
	kind string
	i    int
}

// Journal is an open import journal.
type Journal struct {
	mu        sync.Mutex
	log       *jsonlog.Log
	Path      string
	Head      Header
	rows      map[int]Outcome
	uploaded  map[mediumKey]Medium
	Cancelled bool
}

// ErrBusy is the error of opening a journal whose job another process is running.
var ErrBusy = jsonlog.ErrBusy

// NewJob starts the journal of a new import in dir, named after now; its id is the
// header's Job.
func NewJob(dir string, h Header, now time.Time) (*Journal, error) {
	h.Kind = Kind
	log, job, path, err := jsonlog.CreateJob(dir, Kind, now, func(job string) any { h.Job = job; return h })
	if err != nil {
		return nil, fmt.Errorf("start the import's journal: %w", err)
	}
	h.Job = job
	return &Journal{log: log, Path: path, Head: h, rows: map[int]Outcome{}, uploaded: map[mediumKey]Medium{}}, nil
}

// OpenJob reads a journal back to resume its job; ErrBusy while another process
// runs it.
func OpenJob(path string) (*Journal, error) { return load(path, true) }

// PeekJob reads a journal without taking its lock; what it returns records nothing.
func PeekJob(path string) (*Journal, error) { return load(path, false) }

func load(path string, write bool) (*Journal, error) {
	j := &Journal{Path: path, rows: map[int]Outcome{}, uploaded: map[mediumKey]Medium{}}
	kind := func() error {
		if j.Head.Kind != Kind {
			return fmt.Errorf("%s is not an import's journal (kind %q): see listings jobs", filepath.Base(path), j.Head.Kind)
		}
		return nil
	}
	log, err := jsonlog.Load(path, write, Kind, &j.Head, kind, func(line []byte) {
		var e event
		if json.Unmarshal(line, &e) == nil { // else torn by a kill: the step it began did not finish
			j.apply(e)
		}
	})
	if err != nil {
		return nil, err
	}
	j.log = log
	return j, nil
}

// apply takes one event into the outcomes; the caller holds mu or owns j alone.
func (j *Journal) apply(e event) {
	o := j.rows[e.Row]
	switch e.Ev {
	case "upload":
		j.uploaded[mediumKey{e.Row, e.Kind, e.I}] = Medium{URL: e.URL, URLWM: e.URLWM, Thumb: e.Thumb}
		return
	case "send":
		o = Outcome{State: InDoubt, SentAt: e.At}
	case "ok", "found":
		o = Outcome{State: Done, ListingID: e.ID, Status: e.Status, URL: e.URL, Found: e.Ev == "found", SentAt: o.SentAt}
	case "fail":
		o = Outcome{State: Failed, ListingID: e.ID, Code: e.Code, Hint: e.Hint, Field: e.Field}
	case "unsent":
		o = Outcome{State: NotStarted}
	case "cancel":
		j.Cancelled = true
		return
	default:
		return
	}
	j.rows[e.Row] = o
}

func (j *Journal) write(e event) error {
	if j.log == nil {
		return fmt.Errorf("job %s: the journal was only read, it cannot record", j.Head.Job)
	}
	if e.At == 0 {
		e.At = time.Now().Unix()
	}
	if err := j.log.Append(e); err != nil {
		return err
	}
	j.mu.Lock()
	j.apply(e)
	j.mu.Unlock()
	return nil
}

// Outcome is where the row of line stands.
func (j *Journal) Outcome(line int) Outcome {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.rows[line]
}

func (j *Journal) medium(line int, kind string, i int) (Medium, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	m, ok := j.uploaded[mediumKey{line, kind, i}]
	return m, ok
}

// Cancel records that the user gave the job up: the rows left are not offered again.
func (j *Journal) Cancel() error { return j.write(event{Ev: "cancel"}) }

// Close closes the file and releases its lock.
func (j *Journal) Close() error {
	if j.log == nil {
		return nil
	}
	return j.log.Close()
}

// Left are the rows still to send, in the sheet's order: not started and in doubt.
func (j *Journal) Left() []Row {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []Row
	for _, r := range j.Head.Rows {
		if r.Action != Create && r.Action != Edit {
			continue
		}
		if st := j.rows[r.Line].State; st == NotStarted || st == InDoubt {
			out = append(out, r)
		}
	}
	return out
}

// Counts are the job's rows to send that are done, failed and left.
func (j *Journal) Counts() (done, failed, left int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, r := range j.Head.Rows {
		if r.Action != Create && r.Action != Edit {
			continue
		}
		switch j.rows[r.Line].State {
		case Done:
			done++
		case Failed:
			failed++
		default:
			left++
		}
	}
	return done, failed, left
}

// Resumable says whether the job has rows left and was not given up.
func (j *Journal) Resumable() bool {
	_, _, left := j.Counts()
	return left > 0 && !j.Cancelled
}

// List reads every import journal in dir, oldest first, without disturbing a job
// running in another process. A journal that cannot be read is reported in errs.
func List(dir string) (jobs []*Journal, errs []error) {
	jobs, errs = jsonlog.List(dir, "*-"+Kind+"*.jsonl", PeekJob, nil)
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].Head.Created.Before(jobs[b].Head.Created) })
	return jobs, errs
}
