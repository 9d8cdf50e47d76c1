// Package job is the one engine under every job of the app and the CLI: the bulk
// changes (api/jobs/bulk: status, price, edit), the import of a sheet (api/jobs/catalog) and
// the export of details (api/jobs/export) are kinds of it. It owns the journal (one
// append-only, fsynced, locked log of JSON lines per job: a header naming the job
// and its items, then each item's steps), the states an item goes through (not
// started, in doubt, done, failed), the workers that carry the items out within the
// client's budget (Each), the pause rule (a request already written is carried to
// its answer and journaled; one not yet written is given up and journaled unsent),
// the Kind every front end loops over (List, Load), and the history built on it: a
// retry of the items that failed for a reason that may pass now, an undo, the prune
// of old journals.
package job

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/listings-tui/listings/api/jobs/internal/jsonlog"
)

// Info is what every job's header begins with, whatever its kind.
type Info struct {
	Job     string    `json:"job"`
	Created time.Time `json:"created"`
	BaseURL string    `json:"base_url"`
	Kind    string    `json:"kind"`
	// Retries and Undoes name the job this one was made of, when it is a retry of the
	// items that failed there, or the undo of what was done there.
	Retries string `json:"retries,omitempty"`
	Undoes  string `json:"undoes,omitempty"`
}

// Common is the info itself: a kind's header embeds Info and so satisfies Header.
func (i *Info) Common() *Info { return i }

// Header is a kind's header: the first line of its journal.
type Header interface {
	Common() *Info
	// Keys are the items to carry out, in the plan's order: a listing's id, or an
	// import's row.
	Keys() []int
}

// Resumer is a header whose resume takes some failed items again (an export fetches
// again what a server error refused).
type Resumer interface {
	Resumes(Outcome) bool
}

// State is where an item of a job stands.
type State int

// The states.
const (
	NotStarted State = iota
	InDoubt          // sent, and its answer never written: checked before it is sent again
	Done
	Failed
)

// Outcome is an item's last word in the journal.
type Outcome struct {
	State     State
	ListingID int    // the listing an import's row made or edited
	Status    string // the listing's status after it, when the answer said
	URL       string
	Code      string // a failure's code
	Hint      string
	Field     string
	Found     bool  // a create in doubt found among the listings, not sent again
	SentAt    int64 // Unix time of the last send
	// Again says a failure may pass now (the budget, the network, a server error):
	// a retry takes it.
	Again bool
}

// Event is a line after the header. Its item is Row when set (an import's row),
// else ID (a listing). A kind's own lines (an import's uploads, an export's
// details) share the struct, so that the journal has one vocabulary.
type Event struct {
	Row    int    `json:"row,omitempty"`
	ID     int    `json:"id,omitempty"`
	Ev     string `json:"ev"` // send, ok, found, fail, unsent, cancel; upload (an import's)
	Status string `json:"status,omitempty"`
	URL    string `json:"url,omitempty"`
	Code   string `json:"code,omitempty"`
	Hint   string `json:"hint,omitempty"`
	Field  string `json:"field,omitempty"`
	Again  bool   `json:"again,omitempty"`
	// Medium is an upload's kind of file and its index in the row's set; URLWM and
	// Thumb its other URLs.
	Medium string `json:"kind,omitempty"`
	I      int    `json:"i,omitempty"`
	URLWM  string `json:"url_wm,omitempty"`
	Thumb  string `json:"thumb,omitempty"`
	// Listing is an export's detail of the listing, as the service sent it.
	Listing json.RawMessage `json:"listing,omitempty"`
	At      int64           `json:"at"`
}

// Key is the item the event is of.
func (e Event) Key() int {
	if e.Row != 0 {
		return e.Row
	}
	return e.ID
}

// Journal is a job's journal, open for writing (Open, Create) or only read (Peek).
type Journal struct {
	mu   sync.Mutex // the workers of a job write it at once
	log  *jsonlog.Log
	head Header
	// Path is the journal's file.
	Path      string
	outcomes  map[int]Outcome
	cancelled bool
	extra     func(Event) // the kind's own lines, under mu
	rows      bool        // keys are rows: events name them "row"
}

// ErrBusy is the error of opening a journal whose job another process is running.
var ErrBusy = jsonlog.ErrBusy

// Hooks are what a kind adds to the reading of its journal.
type Hooks struct {
	// Extra is given every line the engine does not know (an import's uploads), as
	// it is read and as it is written, under the journal's lock.
	Extra func(Event)
	// Check refuses a header of another kind once it is read.
	Check func() error
	// Rows says the items are a sheet's rows (an import's), written "row" in the
	// events, not listings ("id").
	Rows bool
}

func newJournal(path string, h Header, hooks Hooks) *Journal {
	return &Journal{Path: path, head: h, outcomes: map[int]Outcome{}, extra: hooks.Extra, rows: hooks.Rows}
}

// Create starts the journal of a new job at path with header h; it fails if one is
// there. The journal stays locked against other processes until Close.
func Create(path string, h Header, hooks Hooks) (*Journal, error) {
	log, err := jsonlog.Create(path, h)
	if err != nil {
		return nil, fmt.Errorf("start the job's journal: %w", err)
	}
	j := newJournal(path, h, hooks)
	j.log = log
	return j, nil
}

// New starts the journal of a new job in dir, named after now and verb
// (20261124-224900-deactivate, then -2, -3… for another of the same second): the
// name is set in h's Info before it is written.
func New(dir, verb string, now time.Time, h Header, hooks Hooks) (*Journal, error) {
	log, _, path, err := createNamed(dir, verb, now, func(job string) any { h.Common().Job = job; return h })
	if err != nil {
		return nil, fmt.Errorf("start the job's journal: %w", err)
	}
	j := newJournal(path, h, hooks)
	j.log = log
	return j, nil
}

// Open reads a journal back to resume its job, under its lock: every item's outcome,
// in doubt where the answer to a sent request was lost. It fails with ErrBusy while
// another process runs the job.
func Open(path string, h Header, hooks Hooks) (*Journal, error) { return load(path, true, h, hooks) }

// Peek reads a journal without opening it for writing or taking its lock, for a list
// of jobs or an item's outcome while the job may be running elsewhere. What it
// returns cannot record anything.
func Peek(path string, h Header, hooks Hooks) (*Journal, error) { return load(path, false, h, hooks) }

func load(path string, write bool, h Header, hooks Hooks) (*Journal, error) {
	j := newJournal(path, h, hooks)
	log, err := readLog(path, write, h, hooks.Check, func(line []byte) {
		var e Event
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
func (j *Journal) apply(e Event) {
	k := e.Key()
	o := j.outcomes[k]
	switch e.Ev {
	case "send":
		o = Outcome{State: InDoubt, SentAt: e.At}
	case "ok", "found":
		o = Outcome{State: Done, ListingID: e.ID, Status: e.Status, URL: e.URL, Found: e.Ev == "found", SentAt: o.SentAt}
	case "fail":
		o = Outcome{State: Failed, ListingID: e.ID, Code: e.Code, Hint: e.Hint, Field: e.Field, Again: e.Again || transientCode(e.Code), SentAt: o.SentAt}
	case "unsent":
		o = Outcome{State: NotStarted}
	case "cancel":
		j.cancelled = true
		return
	default:
		if j.extra != nil {
			j.extra(e)
		}
		return
	}
	j.outcomes[k] = o
}

// Record journals e (it is on disk before Record returns) and takes it into the
// outcomes.
func (j *Journal) Record(e Event) error {
	if j.log == nil {
		return fmt.Errorf("job %s: the journal was only read, it cannot record", j.Info().Job)
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

// Sending records that key's request is about to go out; it must be on disk first.
func (j *Journal) Sending(key int) error { return j.Record(j.Event(key, "send")) }

// Unsent records that key's request was not acted on (given up before it was
// written, or refused before it was done): it is sent again with no check first.
func (j *Journal) Unsent(key int) error { return j.Record(j.Event(key, "unsent")) }

// Event is an event ev of the item key, as the journal names its items.
func (j *Journal) Event(key int, ev string) Event {
	if j.rows {
		return Event{Row: key, Ev: ev}
	}
	return Event{ID: key, Ev: ev}
}

// Cancel records that the user gave the job up: its items left stay unsent and it is
// not offered for a resume again (a resume still takes it when asked).
func (j *Journal) Cancel() error { return j.Record(Event{Ev: "cancel"}) }

// Info is the job's header's common part.
func (j *Journal) Info() *Info { return j.head.Common() }

// Outcome is where key stands.
func (j *Journal) Outcome(key int) Outcome {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.outcomes[key]
}

// Cancelled says whether the user gave the job up.
func (j *Journal) Cancelled() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.cancelled
}

// Writable says whether the journal was opened to record (Open, Create), not Peeked.
func (j *Journal) Writable() bool { return j.log != nil }

// Close closes the file and releases its lock; closing twice is harmless.
func (j *Journal) Close() error {
	if j.log == nil {
		return nil
	}
	return j.log.Close()
}

// LeftKeys are the items still to do, in the plan's order: not started, in doubt,
// and the failed ones a resume takes again (Resumer).
func (j *Journal) LeftKeys() []int {
	again, _ := j.head.(Resumer)
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []int
	for _, k := range j.head.Keys() {
		o := j.outcomes[k]
		if o.State == NotStarted || o.State == InDoubt || (o.State == Failed && again != nil && again.Resumes(o)) {
			out = append(out, k)
		}
	}
	return out
}

// Counts are the job's items done, failed and left (not started or in doubt).
func (j *Journal) Counts() (done, failed, left int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, k := range j.head.Keys() {
		switch j.outcomes[k].State {
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

// Resumable says whether the job has items left and was not given up.
func (j *Journal) Resumable() bool { return len(j.LeftKeys()) > 0 && !j.Cancelled() }
