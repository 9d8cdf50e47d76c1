package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/listings-tui/listings/api"
)

// Service is what running a job of any kind needs; *api.Client satisfies it.
type Service interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
	ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error)
	SetStatus(ctx context.Context, id int, status api.Status) (*api.StatusResult, error)
	EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error)
	CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error)
	UploadPhoto(ctx context.Context, path string, progress api.Progress) (*api.PhotoResult, error)
	UploadVideo(ctx context.Context, path string, progress api.Progress) (*api.VideoResult, error)
	Budget() api.Budget
}

// Kind is a kind of job: the journals it owns are read through it. The front ends
// loop over the kinds they are given (api/jobs/kinds.All) and know none by name.
type Kind interface {
	// Owns says whether a journal whose header names kind is this Kind's.
	Owns(kind string) bool
	// Load reads the journal at path: with write under its lock, to run or cancel
	// its job; without, for a list or a view, disturbing no process that runs it.
	Load(path string, write bool) (Job, error)
}

// Job is a journal read through its kind: what every front end shows and does.
type Job interface {
	Info() *Info
	File() string
	Counts() (done, failed, left int)
	Resumable() bool
	Cancelled() bool
	Cancel() error
	Close() error
	// Verb says what the job does, in a word: deactivate, price, edit, import,
	// export.
	Verb() string
	// About says it in a line: "price 600 listings", "import of stock.csv: 40 rows
	// to send".
	About() string
	// Items are every item with its outcome, in the plan's order.
	Items() []Item
	// Refusals are what was refused before anything was sent (an import's rows
	// that break a rule), each reason an item.
	Refusals() []Item
	// PerItem is what an item left costs in requests, for the time left.
	PerItem() float64
	// Run carries out what is left within ctx (its end pauses the job: the pause
	// rule), telling each item answered.
	Run(ctx context.Context, svc Service, tell func(Item)) error
	// Retry plans a new job of the items that failed for a reason that may pass
	// now (Item.Again), under the budget b at now; the others are named in the
	// plan, not retried.
	Retry(b api.Budget, now time.Time) (*Plan, error)
}

// File is the journal's file.
func (j *Journal) File() string { return j.Path }

// Kinds are the kinds of job a front end knows.
type Kinds []Kind

// Of is the kind that owns the journal at path, reading its header only.
func (ks Kinds) Of(path string) (Kind, error) {
	name, err := KindOf(path)
	if err != nil {
		return nil, err
	}
	for _, k := range ks {
		if k.Owns(name) {
			return k, nil
		}
	}
	return nil, fmt.Errorf("job %s is of a kind this version does not know (%q): a newer listings wrote it", Name(path), name)
}

// Load reads the journal at path through its kind (Kind.Load).
func (ks Kinds) Load(path string, write bool) (Job, error) {
	k, err := ks.Of(path)
	if err != nil {
		return nil, err
	}
	return k.Load(path, write)
}

// List reads every journal in dir through its kind, newest first, without
// disturbing a job another process runs. A journal that cannot be read is reported
// in errs and left out; a missing dir has no jobs.
func (ks Kinds) List(dir string) (jobs []Job, errs []error) {
	paths, err := Paths(dir)
	if err != nil {
		return nil, []error{err}
	}
	for _, p := range paths {
		j, err := ks.Load(p, false)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Base(p), err))
			continue
		}
		jobs = append(jobs, j)
	}
	return jobs, errs
}

// ErrNothing is the error of a retry or an undo with nothing to do.
var ErrNothing = errors.New("nothing to do")

// Filer is a job that makes a file of its items once they are all done (an
// export): the front end writes it where the job says, after the run.
type Filer interface {
	// Output is the file's path; "" is standard output.
	Output() string
	// Binary says the file is not text (an XLSX): it is never printed to a
	// terminal.
	Binary() bool
	// WriteFile writes the file to w and returns the rows written.
	WriteFile(w io.Writer) (int, error)
}

// Reporter is a job with a report of its own to write (an import's, next to its
// sheet): it returns where it wrote it.
type Reporter interface {
	WriteReport() (string, error)
}

// NewKind is the Kind of the journals whose header's kind owns accepts, read by
// load (with write under the journal's lock).
func NewKind[J Job](owns func(kind string) bool, load func(path string, write bool) (J, error)) Kind {
	return kindOf[J]{owns, load}
}

type kindOf[J Job] struct {
	owns func(string) bool
	load func(string, bool) (J, error)
}

func (k kindOf[J]) Owns(kind string) bool { return k.owns(kind) }

func (k kindOf[J]) Load(path string, write bool) (Job, error) {
	j, err := k.load(path, write)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return j, nil
}

// ListOf reads every journal in dir whose header's kind owns accepts, newest first,
// with peek, which must not disturb a job another process runs. A journal peek
// cannot read is reported in errs and left out; a missing dir has none.
func ListOf[J any](dir string, owns func(kind string) bool, peek func(path string) (J, error)) (jobs []J, errs []error) {
	paths, err := Paths(dir)
	if err != nil {
		return nil, []error{err}
	}
	for _, p := range paths {
		if k, err := KindOf(p); err == nil && !owns(k) {
			continue
		}
		j, err := peek(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", Name(p), err))
			continue
		}
		jobs = append(jobs, j)
	}
	return jobs, errs
}

// Undoer is a job whose changes can be put back (a bulk change, an import): Undo
// plans a new job that does it, reading the listings as they are now within the
// client's budget, under ctx.
type Undoer interface {
	Undo(ctx context.Context, svc Service, now time.Time) (*Plan, error)
}
