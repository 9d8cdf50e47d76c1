package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/internal/jsonlog"
	"github.com/listings-tui/listings/api/sheet"
)

// A --detail export is a job journaled as the bulk jobs are (api/bulk), in the same
// directory and the same vocabulary, so that `listings jobs` lists it with its
// counts: a header naming every listing to fetch, then for each one fetched an "ok"
// line carrying its detail as the service sent it, or a "fail" line. A GET changes
// nothing, so nothing is in doubt: a listing whose answer was lost is fetched again.
// The rows are written from the journal at the end (Write), so a resume days later
// writes the whole file, not the part fetched last.

// Kind is the kind of an export job in its header, beside bulk's kinds.
const Kind = bulk.KindExport

// Header is the first line of an export journal. Its first fields are bulk.Header's.
type Header struct {
	Job     string         `json:"job"`
	Created time.Time      `json:"created"`
	BaseURL string         `json:"base_url"`
	Kind    string         `json:"kind"`
	Items   []bulk.Planned `json:"items"` // the listings to fetch, in the file's order
	Export  Options        `json:"export"`
}

// Options are what the command was asked, for a resume to write the same file.
type Options struct {
	Format sheet.Format `json:"format"`
	Output string       `json:"output,omitempty"` // an absolute path; "" is standard output
	Status string       `json:"status"`
	Lang   string       `json:"lang"`
}

// event is a line after the header.
type event struct {
	ID      int             `json:"id,omitempty"`
	Ev      string          `json:"ev"` // ok, fail, cancel
	Code    string          `json:"code,omitempty"`
	Hint    string          `json:"hint,omitempty"`
	At      int64           `json:"at"`
	Listing json.RawMessage `json:"listing,omitempty"`
}

// Failure is why a listing's detail was not fetched.
type Failure struct{ Code, Hint string }

// Journal is an open export journal.
type Journal struct {
	mu   sync.Mutex
	log  *jsonlog.Log
	Path string
	Head Header
	// fetched are the listings whose detail is in the journal; failed those refused.
	fetched map[int]bool
	failed  map[int]Failure
	// Cancelled says the user gave the job up (listings jobs cancel).
	Cancelled bool
}

// Create starts the journal of a new export at path; it fails if one is there.
func Create(path string, h Header) (*Journal, error) {
	h.Kind = Kind
	log, err := jsonlog.Create(path, h)
	if err != nil {
		return nil, fmt.Errorf("start the export's journal: %w", err)
	}
	return &Journal{log: log, Path: path, Head: h, fetched: map[int]bool{}, failed: map[int]Failure{}}, nil
}

// CreateJob starts the journal of a new export in dir, named after now
// (20261124-224900-export); its name is the header's Job.
func CreateJob(dir string, now time.Time, h Header) (*Journal, error) {
	h.Kind = Kind
	log, job, path, err := jsonlog.CreateJob(dir, Kind, now, func(job string) any { h.Job = job; return h })
	if err != nil {
		return nil, fmt.Errorf("start the export's journal: %w", err)
	}
	h.Job = job
	return &Journal{log: log, Path: path, Head: h, fetched: map[int]bool{}, failed: map[int]Failure{}}, nil
}

// Open reads an export journal back to resume it. It fails with jsonlog.ErrBusy while
// another process runs the job, and on a journal of another kind.
func Open(path string) (*Journal, error) {
	j := &Journal{Path: path, fetched: map[int]bool{}, failed: map[int]Failure{}}
	kind := func() error {
		if j.Head.Kind != Kind {
			return fmt.Errorf("job %s is a %s job, not an export: resume it with listings jobs resume %s", j.Head.Job, j.Head.Kind, j.Head.Job)
		}
		return nil
	}
	log, err := jsonlog.Load(path, true, Kind, &j.Head, kind, func(line []byte) {
		var e event
		if json.Unmarshal(line, &e) == nil { // else torn by a kill: its detail is fetched again
			j.apply(e)
		}
	})
	if err != nil {
		return nil, err
	}
	j.log = log
	return j, nil
}

// IsExport reports whether the journal at path is an export's, reading its header
// only.
func IsExport(path string) bool {
	kind := ""
	_ = jsonlog.Scan(path, func(_ int64, line []byte) error {
		var h struct{ Kind string }
		_ = json.Unmarshal(line, &h)
		kind = h.Kind
		return errStop
	})
	return kind == Kind
}

var errStop = errors.New("stop")

func (j *Journal) apply(e event) {
	switch e.Ev {
	case "ok":
		j.fetched[e.ID] = true
		delete(j.failed, e.ID)
	case "fail":
		j.failed[e.ID] = Failure{Code: e.Code, Hint: e.Hint}
	case "cancel":
		j.Cancelled = true
	}
}

// Fetched records a listing's detail, as the service sent it (its listing object).
func (j *Journal) Fetched(id int, listing json.RawMessage) error {
	return j.record(event{ID: id, Ev: "ok", Listing: listing})
}

// Refused records that a listing's detail was refused (CodeGone: deleted since the
// list was read) or failed: its row is left out of the file.
func (j *Journal) Refused(id int, code, hint string) error {
	return j.record(event{ID: id, Ev: "fail", Code: code, Hint: hint})
}

func (j *Journal) record(e event) error {
	if j.log == nil {
		return fmt.Errorf("export %s: the journal is closed", j.Head.Job)
	}
	e.At = time.Now().Unix()
	if err := j.log.Append(e); err != nil {
		return err
	}
	j.mu.Lock()
	j.apply(e)
	j.mu.Unlock()
	return nil
}

// Left are the listings whose detail is still to fetch, in the file's order: those
// not tried, and those that failed for another reason than being gone (a server
// error, a refusal), which a resume tries again.
func (j *Journal) Left() []bulk.Planned {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []bulk.Planned
	for _, p := range j.Head.Items {
		if !j.fetched[p.ID] && j.failed[p.ID].Code != CodeGone {
			out = append(out, p)
		}
	}
	return out
}

// CodeGone is the failure of a listing deleted since the list was read (404): it is
// left out of the file, and not asked for again.
const CodeGone = "not_found"

// Counts are the listings fetched, refused and left.
func (j *Journal) Counts() (done, failed, left int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, p := range j.Head.Items {
		switch {
		case j.fetched[p.ID]:
			done++
		case j.failed[p.ID] != Failure{}:
			failed++
		default:
			left++
		}
	}
	return done, failed, left
}

// Failures are the listings refused, in the file's order.
func (j *Journal) Failures() []Refusal {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []Refusal
	for _, p := range j.Head.Items {
		if f, ok := j.failed[p.ID]; ok && !j.fetched[p.ID] {
			out = append(out, Refusal{Planned: p, Failure: f})
		}
	}
	return out
}

// Refusal is a listing whose detail was refused, and why.
type Refusal struct {
	bulk.Planned
	Failure
}

// Resumable says whether the job has listings left (failures other than CodeGone
// included) and was not given up.
func (j *Journal) Resumable() bool {
	return len(j.Left()) > 0 && !j.Cancelled
}

// Close closes the file and releases its lock.
func (j *Journal) Close() error {
	if j.log == nil {
		return nil
	}
	return j.log.Close()
}
