package jsonlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The journals of every kind of job (bulk, import, export) share their naming and
// their reading: a job is named after the second it started and its verb, and its
// journal is a header line naming the job, then events.

// JobLayout is how a job's name begins: the time it started, sortable.
const JobLayout = "20060102-150405"

// maxSameSecond bounds the names tried for jobs started in one second.
const maxSameSecond = 20

// CreateJob starts the log of a new job in dir, named after now and verb
// (20261124-224900-import, then -2, -3… when a job of the same second has the name):
// head is given the name and returns the log's first line.
func CreateJob(dir, verb string, now time.Time, head func(job string) any) (log *Log, job, path string, err error) {
	base := now.Format(JobLayout) + "-" + verb
	for i := 1; ; i++ {
		job = base
		if i > 1 {
			job = fmt.Sprintf("%s-%d", base, i)
		}
		path = filepath.Join(dir, job+".jsonl")
		log, err = Create(path, head(job))
		if err == nil {
			return log, job, path, nil
		}
		if !errors.Is(err, os.ErrExist) || i > maxSameSecond {
			return nil, "", "", err
		}
	}
}

// JobName is the job of the journal at path: its file name without .jsonl.
func JobName(path string) string { return strings.TrimSuffix(filepath.Base(path), ".jsonl") }

// Load reads the journal of a job at path: its first line into head, which must
// name the job (its "job" field), and each later line, raw, to each in order (a line
// torn by a kill fails to decode there: the step it began did not finish, skip it).
// With write the log is opened for appending under its lock (Open) and returned;
// without, the file is only read (Read), disturbing no process that runs the job, and
// the log is nil. what names the kind of job in errors ("job", "import", "export");
// check, when not nil, refuses a head of another kind.
func Load[H any](path string, write bool, what string, head *H, check func() error, each func(line []byte)) (*Log, error) {
	var (
		log   *Log
		lines [][]byte
		err   error
	)
	if write {
		log, lines, err = Open(path)
	} else {
		lines, err = Read(path)
	}
	if errors.Is(err, ErrBusy) {
		return nil, fmt.Errorf("resume %s %s: %w; wait for it to end, or stop it", what, JobName(path), err)
	}
	if err != nil {
		return nil, fmt.Errorf("read the %s's journal: %w", what, err)
	}
	fail := func(err error) (*Log, error) {
		if log != nil {
			log.Close()
		}
		return nil, err
	}
	var named struct{ Job string }
	if len(lines) == 0 || json.Unmarshal(lines[0], head) != nil || json.Unmarshal(lines[0], &named) != nil || named.Job == "" {
		return fail(fmt.Errorf("the %s's journal %s has no readable header: it cannot be resumed", what, path))
	}
	if check != nil {
		if err := check(); err != nil {
			return fail(err)
		}
	}
	for _, line := range lines[1:] {
		each(line)
	}
	return log, nil
}

// List reads every journal in dir whose name matches glob ("*.jsonl"), in name order
// (the order they started), with peek, which must not disturb a job another process
// runs. A journal peek cannot read is reported in errs and left out, and so is one
// keep refuses (another kind's). A missing dir is no journals.
func List[J any](dir, glob string, peek func(path string) (J, error), keep func(J) bool) (jobs []J, errs []error) {
	names, err := filepath.Glob(filepath.Join(dir, glob))
	if err != nil {
		return nil, []error{err}
	}
	slices.Sort(names)
	for _, name := range names {
		j, err := peek(name)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Base(name), err))
			continue
		}
		if keep == nil || keep(j) {
			jobs = append(jobs, j)
		}
	}
	return jobs, errs
}
