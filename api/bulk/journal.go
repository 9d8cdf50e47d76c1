package bulk

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/internal/jsonlog"
)

// A job is journaled so that it survives a crash or kill -9 and never applies an item
// twice. The journal is one append-only file of JSON lines, fsynced after each line:
// the job's header first (the action and every item with what it will become), then
// for each item "send" before its request goes out and "ok" or "fail" after its
// answer. Read back, an item is in one of four states: not started, done, failed, or
// in doubt (sent, answer lost), and an item in doubt is checked with one GET before it
// is sent again (Verify). A line torn by a kill in the middle of a write is ignored.

// Header is the first line of a journal.
type Header struct {
	Job     string    `json:"job"`
	Created time.Time `json:"created"`
	BaseURL string    `json:"base_url"`
	Kind    string    `json:"kind"`             // KindStatus, KindPrice or KindEdit
	Status  string    `json:"status,omitempty"` // with kind status: the one to set
	// Patch is the fields an edit job sets on every item.
	Patch *api.ListingEdit `json:"patch,omitempty"`
	Items []Planned        `json:"items"`
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
}

// event is a line after the header.
type event struct {
	ID     int    `json:"id"`
	Ev     string `json:"ev"` // send, ok, fail
	Status string `json:"status,omitempty"`
	Code   string `json:"code,omitempty"`
	Hint   string `json:"hint,omitempty"`
	At     int64  `json:"at"`
}

// State is where an item of a job stands.
type State int

const (
	NotStarted State = iota
	InDoubt          // sent, and its answer never written: check before sending again
	Done
	Failed
)

// Outcome is an item's last word in the journal.
type Outcome struct {
	State  State
	Status string // the listing's status after it, when the answer said
	Code   string // the refusal's code
	Hint   string
}

// Journal is an open journal file.
type Journal struct {
	mu  sync.Mutex // the workers of a job write it at once
	log *jsonlog.Log
	// Path is the journal's file.
	Path string
	Head Header
	// Items are the outcomes read back, by id.
	Items map[int]Outcome
	// Cancelled says the user gave the job up: what is left is not offered again.
	Cancelled bool
}

// ErrBusy is the error of opening a journal whose job another process is running.
var ErrBusy = jsonlog.ErrBusy

// Create starts the journal of a new job at path; it fails if one is there. The
// journal stays locked against other processes until Close.
func Create(path string, h Header) (*Journal, error) {
	log, err := jsonlog.Create(path, h)
	if err != nil {
		return nil, fmt.Errorf("start the job's journal: %w", err)
	}
	return &Journal{log: log, Path: path, Head: h, Items: map[int]Outcome{}}, nil
}

// CreateJob starts the journal of a new job in dir, named after now and verb
// (20261124-224900-deactivate); its name is the header's Job.
func CreateJob(dir, verb string, now time.Time, h Header) (*Journal, error) {
	log, job, path, err := jsonlog.CreateJob(dir, verb, now, func(job string) any { h.Job = job; return h })
	if err != nil {
		return nil, fmt.Errorf("start the job's journal: %w", err)
	}
	h.Job = job
	return &Journal{log: log, Path: path, Head: h, Items: map[int]Outcome{}}, nil
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
	j := &Journal{Path: path, Items: map[int]Outcome{}}
	log, err := jsonlog.Load(path, write, "job", &j.Head, nil, func(line []byte) {
		var e event
		if json.Unmarshal(line, &e) != nil {
			return // a line torn by a kill: the step it began did not finish
		}
		switch e.Ev {
		case "send":
			j.Items[e.ID] = Outcome{State: InDoubt}
		case "ok":
			j.Items[e.ID] = Outcome{State: Done, Status: e.Status}
		case "fail":
			j.Items[e.ID] = Outcome{State: Failed, Code: e.Code, Hint: e.Hint}
		case "unsent":
			j.Items[e.ID] = Outcome{State: NotStarted}
		case "cancel":
			j.Cancelled = true
		}
	})
	if err != nil {
		return nil, err
	}
	j.log = log
	return j, nil
}

// Sending records that id's request is about to go out; it must be on disk first.
func (j *Journal) Sending(id int) error {
	return j.record(id, Outcome{State: InDoubt}, event{ID: id, Ev: "send"})
}

// Succeeded records id's answer.
func (j *Journal) Succeeded(id int, status api.Status) error {
	return j.record(id, Outcome{State: Done, Status: string(status)}, event{ID: id, Ev: "ok", Status: string(status)})
}

// Refused records id's refusal (or any failure that is final for it).
func (j *Journal) Refused(id int, code, hint string) error {
	return j.record(id, Outcome{State: Failed, Code: code, Hint: hint}, event{ID: id, Ev: "fail", Code: code, Hint: hint})
}

// Unsent records that id's request was refused before it was acted on (a 429, the
// key): it is to be sent again, with no check first.
func (j *Journal) Unsent(id int) error {
	return j.record(id, Outcome{State: NotStarted}, event{ID: id, Ev: "unsent"})
}

// Cancel records that the user gave the job up: its items left stay unsent and the
// job is not offered for a resume again (jobs resume still takes it when asked).
func (j *Journal) Cancel() error {
	if err := j.write(event{Ev: "cancel"}); err != nil {
		return err
	}
	j.mu.Lock()
	j.Cancelled = true
	j.mu.Unlock()
	return nil
}

// record journals e and then takes o as id's outcome.
func (j *Journal) record(id int, o Outcome, e event) error {
	if err := j.write(e); err != nil {
		return err
	}
	j.mu.Lock()
	j.Items[id] = o
	j.mu.Unlock()
	return nil
}

func (j *Journal) write(e event) error {
	if j.log == nil {
		return fmt.Errorf("job %s: the journal was only read, it cannot record", j.Head.Job)
	}
	e.At = time.Now().Unix()
	return j.log.Append(e)
}

// Outcome is where id stands.
func (j *Journal) Outcome(id int) Outcome {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.Items[id]
}

// Close closes the file and releases its lock.
func (j *Journal) Close() error {
	if j.log == nil {
		return nil
	}
	return j.log.Close()
}

// Left are the items still to do, in the plan's order: not started and in doubt.
func (j *Journal) Left() []Planned {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []Planned
	for _, p := range j.Head.Items {
		if st := j.Items[p.ID].State; st == NotStarted || st == InDoubt {
			out = append(out, p)
		}
	}
	return out
}

// HeaderOf is the journal's header of plan p, named job: every change with what it
// becomes.
func HeaderOf(job string, p Plan) Header {
	h := Header{Job: job, Created: time.Now()}
	switch {
	case p.Action.Status != "":
		h.Kind, h.Status = KindStatus, string(p.Action.Status)
	case p.Action.Price != nil:
		h.Kind = KindPrice
	case p.Action.Edit:
		h.Kind, h.Patch = KindEdit, p.Action.Patch
	}
	for _, c := range p.Changes {
		pl := Planned{ID: c.ID, Title: c.Title, Patch: c.Patch}
		if h.Kind == KindPrice {
			pl.OldPrice, pl.NewPrice = c.Price.String(), c.NewPrice.String()
		}
		h.Items = append(h.Items, pl)
	}
	return h
}

// KindExport is the kind of an export's journal (api/export): it speaks this
// journal's vocabulary (an "ok" line per listing fetched), so List reads and counts it.
const KindExport = "export"

// IsBulk says whether the header is of a journal in this package's vocabulary: a bulk
// job's (a journal written before kinds were has none, and is one) or an export's.
// An import's journal has a vocabulary of its own (api/catalog).
func (h Header) IsBulk() bool {
	switch h.Kind {
	case "", KindStatus, KindPrice, KindEdit, KindExport:
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

// Counts are the job's items done, failed and left (not started or in doubt).
func (j *Journal) Counts() (done, failed, left int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, p := range j.Head.Items {
		switch j.Items[p.ID].State {
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
func (j *Journal) Resumable() bool {
	_, _, left := j.Counts()
	return left > 0 && !j.Cancelled
}

// List reads every journal in dir, oldest first, without disturbing a job running in
// another process (Peek). A journal that cannot be read is reported in errs and left
// out; a missing dir is no jobs. The journals of other kinds of job kept in the same
// dir (an import's, whose header has kind "import" and rows instead of items) are
// not bulk's and are left out.
func List(dir string) (jobs []*Journal, errs []error) {
	return jsonlog.List(dir, "*.jsonl", Peek, func(j *Journal) bool { return j.Head.IsBulk() })
}
