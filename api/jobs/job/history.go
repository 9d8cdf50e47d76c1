package job

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// The jobs directory is the history of every job: nothing deletes a journal but a
// prune, which takes only finished jobs past an age.

// DefaultKeep is how long a finished job's journal is kept when no age is given.
const DefaultKeep = 30 * 24 * time.Hour

// maxAge bounds an age read from a flag or the config: a century is "keep them".
const maxAge = 100 * 365 * 24 * time.Hour

// ParseAge reads an age such as "30d", "2w", "12h" or "90m" (a number of days or
// weeks, or a Go duration); "0" is no age: every finished job.
func ParseAge(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("age %q: write days, weeks or hours, e.g. 30d, 2w or 12h", s)
	var d time.Duration
	switch {
	case s == "":
		return 0, bad
	case strings.HasSuffix(s, "d"), strings.HasSuffix(s, "w"):
		n, err := strconv.ParseFloat(s[:len(s)-1], 64)
		if err != nil || n < 0 || n > float64(maxAge/(24*time.Hour)) {
			return 0, bad
		}
		unit := 24 * time.Hour
		if strings.HasSuffix(s, "w") {
			unit *= 7
		}
		d = time.Duration(n * float64(unit))
	default:
		var err error
		if d, err = time.ParseDuration(s); err != nil || d < 0 {
			return 0, bad
		}
	}
	if d > maxAge {
		return 0, fmt.Errorf("age %q: at most 100 years", s)
	}
	return d, nil
}

// Pruned is a journal a prune deleted (or, dry, would delete).
type Pruned struct {
	Job     string
	Verb    string
	Created time.Time
	State   string
}

// Prune deletes the journals in dir of the jobs that are finished (done or
// cancelled: nothing left to resume) and were created before now less olderThan. A
// job running (a process holds its journal) or resumable (items left, not given up)
// is kept, and so is a journal no kind can read (said in errs). Each is deleted under
// its lock, so a job another process takes up meanwhile is left alone. dry deletes
// nothing and says what would go.
func (ks Kinds) Prune(dir string, olderThan time.Duration, now time.Time, dry bool) (pruned []Pruned, errs []error) {
	jobs, errs := ks.List(dir)
	cutoff := now.Add(-olderThan)
	for _, j := range jobs {
		i := j.Info()
		st := StateOf(j)
		if !i.Created.Before(cutoff) || (st != StateDone && st != StateCancelled) {
			continue
		}
		p := Pruned{Job: i.Job, Verb: j.Verb(), Created: i.Created, State: st}
		if !dry {
			if err := remove(ks, j.File()); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", i.Job, err))
				continue
			}
		}
		pruned = append(pruned, p)
	}
	return pruned, errs
}

// remove deletes the journal at path once its lock shows no process runs it and it
// is still finished.
func remove(ks Kinds, path string) error {
	j, err := ks.Load(path, true)
	if err != nil {
		return err
	}
	resumable := j.Resumable()
	if err := j.Close(); err != nil {
		return err
	}
	if resumable {
		return errors.New("taken up again meanwhile: kept")
	}
	return os.Remove(path)
}

// AgeText writes an age as ParseAge reads it: whole days as "30d", the rest as a Go
// duration.
func AgeText(d time.Duration) string {
	if d > 0 && d%(24*time.Hour) == 0 {
		return strconv.FormatInt(int64(d/(24*time.Hour)), 10) + "d"
	}
	return d.String()
}
