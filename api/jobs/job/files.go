package job

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/api/jobs/internal/jsonlog"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// A job is named after the second it started and its verb
// (20261124-224900-import); its journal is <name>.jsonl in the jobs directory.

// NameLayout is how a job's name begins: the time it started, sortable.
const NameLayout = "20060102-150405"

// maxSameSecond bounds the names tried for jobs started in one second.
const maxSameSecond = 20

// createNamed starts the log of a new job in dir, named after now and verb: head is
// given the name and returns the log's first line.
func createNamed(dir, verb string, now time.Time, head func(job string) any) (log *jsonlog.Log, job, path string, err error) {
	base := now.Format(NameLayout) + "-" + verb
	for i := 1; ; i++ {
		job = base
		if i > 1 {
			job = fmt.Sprintf("%s-%d", base, i)
		}
		path = filepath.Join(dir, job+".jsonl")
		log, err = jsonlog.Create(path, head(job))
		if err == nil {
			return log, job, path, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, "", "", err
		}
		if i > maxSameSecond {
			return nil, "", "", fmt.Errorf("more than %d jobs named %s in one second: %w", maxSameSecond, base, err)
		}
	}
}

// Name is the job of the journal at path: its file name without .jsonl.
func Name(path string) string { return strings.TrimSuffix(filepath.Base(path), ".jsonl") }

// readLog reads the journal at path: its first line into head, which must name the
// job, and each later line, raw, to each in order (a line torn by a kill fails to
// decode there: the step it began did not finish, skip it). With write the log is
// opened for appending under its lock and returned; without, the file is only read,
// disturbing no process that runs the job, and the log is nil. check, when not nil,
// refuses a head of another kind.
func readLog(path string, write bool, head any, check func() error, each func(line []byte)) (*jsonlog.Log, error) {
	var (
		log   *jsonlog.Log
		lines [][]byte
		err   error
	)
	if write {
		log, lines, err = jsonlog.Open(path)
	} else {
		lines, err = jsonlog.Read(path)
	}
	if errors.Is(err, ErrBusy) {
		return nil, fmt.Errorf("job %s: %w; wait for it to end, or stop it", Name(path), err)
	}
	if err != nil {
		return nil, fmt.Errorf("read the job's journal: %w", err)
	}
	fail := func(err error) (*jsonlog.Log, error) {
		if log != nil {
			log.Close()
		}
		return nil, err
	}
	var named struct{ Job string }
	if len(lines) == 0 || json.Unmarshal(lines[0], head) != nil || json.Unmarshal(lines[0], &named) != nil || named.Job == "" {
		return fail(fmt.Errorf("the journal %s has no readable header: it cannot be read as a job", path))
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

// errStop ends a scan at the header.
var errStop = errors.New("stop")

// KindOf is the kind a journal's header names, reading its first line only.
func KindOf(path string) (string, error) {
	var h struct {
		Job  string `json:"job"`
		Kind string `json:"kind"`
	}
	read := false
	err := jsonlog.Scan(path, func(_ int64, line []byte) error {
		read = json.Unmarshal(line, &h) == nil && h.Job != ""
		return errStop
	})
	if err != nil && !errors.Is(err, errStop) {
		return "", err
	}
	if !read {
		return "", fmt.Errorf("the journal %s has no readable header: it cannot be read as a job", filepath.Base(path))
	}
	return h.Kind, nil
}

// Paths are the journals in dir, newest first (a name begins with its start time).
// A missing dir has none.
func Paths(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(Name(b), Name(a)) })
	return names, nil
}

// Running says whether the journal at path is held open to run its job, by another
// process or this one.
func Running(path string) bool { return jsonlog.Held(path) }

// SaveFile writes the file of fl at its Output, whole or not at all: a temporary
// file beside it, renamed over it once complete, with the mode of any file the user
// saves there. It returns the rows written; an Output of "" (standard output) is
// the front end's to write.
func SaveFile(fl Filer) (int, error) {
	path := fl.Output()
	if path == "" {
		return 0, errors.New("the file goes to standard output: carry the job on in a terminal (listings jobs resume)")
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	n, err := fl.WriteFile(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		_ = os.Chmod(tmp.Name(), sheet.NewFileMode(filepath.Dir(path)))
		err = os.Rename(tmp.Name(), path)
	}
	return n, err
}
