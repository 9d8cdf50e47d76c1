package cmdutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/internal/paths"
)

// JobsDir is where the journals of the jobs are kept: <data dir>/jobs
// (internal/paths).
func JobsDir(getenv func(string) string) (string, error) { return paths.Jobs(getenv) }

// JobPath is the journal of job id, which must exist; an id is a file name, never a
// path.
func JobPath(getenv func(string) string, id string) (string, error) {
	id = strings.TrimSuffix(strings.TrimSpace(id), ".jsonl")
	if id == "" || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
		return "", Usage("cli.job.bad_id", "ID", strconv.Quote(id))
	}
	dir, err := JobsDir(getenv)
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, id+".jsonl")
	if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
		return "", Fail(err, "cli.job.not_found", "ID", id, "Dir", dir)
	}
	return p, nil
}
