package media

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MaxMatches bounds a glob: far more matches than a listing takes is a wrong pattern,
// and checking them all would read every file's header.
const MaxMatches = 100

// Expand turns a typed, pasted or written path into a clean absolute path:
// surrounding quotes and a file:// prefix (a terminal's drag and drop adds them) are
// dropped, ~ is the home folder, and a relative path starts at base.
func Expand(raw, base string) (string, error) {
	s := strings.TrimSpace(raw)
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	if rest, ok := strings.CutPrefix(s, "file://"); ok {
		s = rest
		if u, err := url.PathUnescape(rest); err == nil {
			s = u
		}
	}
	if s == "" {
		return "", &PathError{Case: PathEmpty, msg: "type a path, e.g. ~/Pictures/car.jpg or ~/Pictures/car-*.jpg"}
	}
	if s == "~" || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, `~\`) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", &PathError{Case: PathHome, Err: err, msg: fmt.Sprintf("~ cannot be used: %v; type the full path", err)}
		}
		s = filepath.Join(home, s[1:])
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(base, s)
	}
	return filepath.Clean(s), nil
}

// hasMeta reports whether a path is a glob pattern. A backslash counts outside
// Windows, so a pasted "My\ Photos/car.jpg" is found through the glob.
func hasMeta(p string) bool {
	magic := `*?[`
	if filepath.Separator != '\\' {
		magic = `*?[\`
	}
	return strings.ContainsAny(p, magic)
}

// Files returns the files a path or glob names (relative to base), in name order. The
// messages quote raw as it was written.
func Files(raw, base string) ([]string, error) {
	p, err := Expand(raw, base)
	if err != nil {
		return nil, err
	}
	typed := strings.TrimSpace(raw)
	st, statErr := os.Stat(p)
	switch {
	case statErr == nil && st.IsDir():
		glob := filepath.Join(typed, "*.jpg")
		return nil, &PathError{Case: PathFolder, Typed: typed, Glob: glob, msg: fmt.Sprintf("%s is a folder: write a glob such as %s", typed, glob)}
	case statErr == nil && !st.Mode().IsRegular():
		return nil, &PathError{Case: PathNotFile, Typed: typed, Kind: KindOf(st.Mode()),
			msg: fmt.Sprintf("%s is not a regular file (%s): give a photo or video file", typed, FileKind(st.Mode()))}
	case statErr == nil:
		return []string{p}, nil
	case !hasMeta(p):
		return nil, StatFailed(typed, statErr)
	}
	matches, err := filepath.Glob(p)
	if err != nil {
		return nil, &PathError{Case: PathPattern, Typed: typed, Err: err, msg: fmt.Sprintf("%s is not a valid pattern: %v", typed, err)}
	}
	var files []string
	for _, f := range matches {
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
			files = append(files, f)
		}
	}
	switch {
	case len(files) == 0:
		return nil, &PathError{Case: PathNoMatch, Typed: typed, msg: fmt.Sprintf("nothing matches %s", typed)}
	case len(files) > MaxMatches:
		return nil, &PathError{Case: PathTooMany, Typed: typed, N: len(files), msg: fmt.Sprintf("%s matches %d files; narrow it down (a listing takes at most %d photos)",
			typed, len(files), MaxPhotos)}
	}
	slices.Sort(files)
	return files, nil
}

// FileKind names what a file that is not a regular one is, for a message.
func FileKind(m fs.FileMode) string { return kindWords[KindOf(m)] }

// KindOf is what a file that is not a regular one is, by the name a front end says
// in its words ("pipe", "socket", "device", "folder", "other"); FileKind's English.
func KindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	case m.IsDir():
		return "folder"
	}
	return "other"
}

var kindWords = map[string]string{"pipe": "a named pipe", "socket": "a socket", "device": "a device", "folder": "a folder",
	"other": "not a file of data"}

// PathErrText is an error from the file system without the path it repeats.
func PathErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "no such file or folder; check the path"
	}
	return err.Error()
}
