package media

import (
	"errors"
	"fmt"
	"io/fs"
)

// PathError is a typed path that names no file, by its case, so that a front end
// says it in its own words (rules.PathWhy); Error is English's, the text the CLI's
// --json and an import's journal keep.
type PathError struct {
	Case  string // one of the Path* cases
	Typed string // the path as written
	Glob  string // PathFolder: the glob to write instead
	Kind  string // PathNotFile: what the file is (KindOf)
	N     int    // PathTooMany: how many files match
	Err   error  // PathHome, PathPattern, PathOther: the system's own error
	msg   string
}

// The cases of a PathError.
const (
	PathEmpty   = "empty"    // nothing typed
	PathHome    = "home"     // ~ and no home folder
	PathFolder  = "folder"   // a folder where a file is asked for
	PathNotFile = "not_file" // a pipe, a device: no file of data
	PathMissing = "missing"  // no such file or folder
	PathOther   = "other"    // the file system's error, said as it gives it
	PathPattern = "pattern"  // a glob that is no valid pattern
	PathNoMatch = "no_match" // a glob that matches no file
	PathTooMany = "too_many" // a glob that matches more than MaxMatches files
)

func (e *PathError) Error() string { return e.msg }
func (e *PathError) Unwrap() error { return e.Err }

// StatFailed is the PathError of typed, which the file system could not stat (or
// open) with err: missing, or err's own words without the path it repeats.
func StatFailed(typed string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return &PathError{Case: PathMissing, Typed: typed, Err: err, msg: typed + ": " + PathErrText(err)}
	}
	return &PathError{Case: PathOther, Typed: typed, Err: bare(err), msg: fmt.Sprintf("%s: %s", typed, PathErrText(err))}
}

// bare is err without the *fs.PathError around it, whose path the message repeats.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
