package export

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// A --detail export is a job on the one job log (api/jobs/job), in the jobs directory
// beside the others, so that `listings jobs` and the app's jobs panel list it with
// its counts: a header naming every listing to fetch, then for each one fetched an
// "ok" line carrying its detail as the service sent it, or a "fail" line. A GET
// changes nothing, so nothing is in doubt: a listing whose answer was lost is fetched
// again. The rows are written from the journal at the end (Write), so a resume days
// later writes the whole file, not the part fetched last.

// Kind is the kind of an export job in its header.
const Kind = "export"

// Header is the first line of an export journal.
type Header struct {
	job.Info
	Items  []bulk.Planned `json:"items"` // the listings to fetch, in the file's order
	Export Options        `json:"export"`
}

// Keys are the listings to fetch, in the file's order.
func (h *Header) Keys() []int {
	out := make([]int, len(h.Items))
	for i, p := range h.Items {
		out[i] = p.ID
	}
	return out
}

// Resumes says a failed fetch is tried again on resume, unless the listing is gone.
func (h *Header) Resumes(o job.Outcome) bool { return o.Code != CodeGone }

// Options are what the command was asked, for a resume to write the same file.
type Options struct {
	Format sheet.Format `json:"format"`
	Output string       `json:"output,omitempty"` // an absolute path; "" is standard output
	Status string       `json:"status"`
	Lang   string       `json:"lang"`
}

// Failure is why a listing's detail was not fetched.
type Failure struct{ Code, Hint string }

// Journal is an open export journal.
type Journal struct {
	*job.Journal
	Head *Header
}

// Create starts the journal of a new export at path; it fails if one is there.
func Create(path string, h Header) (*Journal, error) {
	h.Kind = Kind
	j, err := job.Create(path, &h, job.Hooks{})
	if err != nil {
		return nil, fmt.Errorf("start the export's journal: %w", err)
	}
	return &Journal{Journal: j, Head: &h}, nil
}

// CreateJob starts the journal of a new export in dir, named after now
// (20261124-224900-export); its name is the header's Job.
func CreateJob(dir string, now time.Time, h Header) (*Journal, error) {
	h.Kind = Kind
	j, err := job.New(dir, Kind, now, &h, job.Hooks{})
	if err != nil {
		return nil, fmt.Errorf("start the export's journal: %w", err)
	}
	return &Journal{Journal: j, Head: &h}, nil
}

// Open reads an export journal back to resume it. It fails with job.ErrBusy while
// another process runs the job, and on a journal of another kind.
func Open(path string) (*Journal, error) { return load(path, true) }

func load(path string, write bool) (*Journal, error) {
	h := &Header{}
	check := job.Hooks{Check: func() error {
		if h.Kind != Kind {
			return fmt.Errorf("job %s is a %s job, not an export: resume it with listings jobs resume %s", h.Job, h.Kind, h.Job)
		}
		return nil
	}}
	var j *job.Journal
	var err error
	if write {
		j, err = job.Open(path, h, check)
	} else {
		j, err = job.Peek(path, h, check)
	}
	if err != nil {
		return nil, err
	}
	return &Journal{Journal: j, Head: h}, nil
}

// IsExport reports whether the journal at path is an export's, reading its header
// only.
func IsExport(path string) bool {
	k, err := job.KindOf(path)
	return err == nil && k == Kind
}

// Fetched records a listing's detail, as the service sent it (its listing object).
func (j *Journal) Fetched(id int, listing json.RawMessage) error {
	return j.Record(job.Event{ID: id, Ev: "ok", Listing: listing})
}

// Refused records that a listing's detail was refused (CodeGone: deleted since the
// list was read) or failed: its row is left out of the file.
func (j *Journal) Refused(id int, code, hint string) error {
	return j.Record(job.Event{ID: id, Ev: "fail", Code: code, Hint: hint})
}

// Left are the listings whose detail is still to fetch, in the file's order: those
// not tried, and those that failed for another reason than being gone (a server
// error, a refusal), which a resume tries again.
func (j *Journal) Left() []bulk.Planned {
	left := map[int]bool{}
	for _, k := range j.LeftKeys() {
		left[k] = true
	}
	var out []bulk.Planned
	for _, p := range j.Head.Items {
		if left[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// CodeGone is the failure of a listing deleted since the list was read (404): it is
// left out of the file, and not asked for again.
const CodeGone = "not_found"

// Failures are the listings refused, in the file's order.
func (j *Journal) Failures() []Refusal {
	var out []Refusal
	for _, p := range j.Head.Items {
		if o := j.Outcome(p.ID); o.State == job.Failed {
			out = append(out, Refusal{Planned: p, Failure: Failure{Code: o.Code, Hint: o.Hint}})
		}
	}
	return out
}

// Refusal is a listing whose detail was refused, and why.
type Refusal struct {
	bulk.Planned
	Failure
}
