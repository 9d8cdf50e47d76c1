package mediapick

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/tui/termtext"
)

// photoExts are the endings the picker offers and a folder of frames takes. They only
// choose candidates: api.CheckPhoto judges the content.
var photoExts = []string{".jpg", ".jpeg", ".png", ".webp", ".heic"}

// maxMatches bounds a glob: far more matches than a listing takes is a wrong pattern,
// and checking them all would read every file's header.
const maxMatches = 100

func isPhotoName(name string) bool {
	return slices.Contains(photoExts, strings.ToLower(filepath.Ext(name)))
}

// expand turns what was typed or pasted into a clean absolute path: surrounding
// quotes and a file:// prefix (a terminal's drag and drop adds them) are dropped, ~
// is the home folder, and a relative path starts at base.
func expand(raw, base string) (string, error) {
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
		return "", errors.New("type a path, e.g. ~/Pictures/car.jpg or ~/Pictures/car-*.jpg")
	}
	if s == "~" || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, `~\`) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("~ cannot be used: %v; type the full path", err)
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

// resolveFiles returns the files a typed path or glob names, in name order.
func resolveFiles(raw, base string) ([]string, error) {
	p, err := expand(raw, base)
	if err != nil {
		return nil, err
	}
	typed := shown(raw)
	st, statErr := os.Stat(p)
	switch {
	case statErr == nil && st.IsDir():
		return nil, fmt.Errorf("%s is a folder: type a glob such as %s", typed, filepath.Join(typed, "*.jpg"))
	case statErr == nil:
		return []string{p}, nil
	case !hasMeta(p):
		return nil, fmt.Errorf("%s: %s", typed, errText(statErr))
	}
	matches, err := filepath.Glob(p)
	if err != nil {
		return nil, fmt.Errorf("%s is not a valid pattern: %v", typed, err)
	}
	var files []string
	for _, f := range matches {
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
			files = append(files, f)
		}
	}
	switch {
	case len(files) == 0:
		return nil, fmt.Errorf("nothing matches %s", typed)
	case len(files) > maxMatches:
		return nil, fmt.Errorf("%s matches %d files; narrow it down (a listing takes at most 12 photos)",
			typed, len(files))
	}
	slices.Sort(files)
	return files, nil
}

// resolveFolder returns the photo files of a folder of 3D frames, in name order.
// Hidden files and files of other types are left out.
func resolveFolder(raw, base string) (string, []string, error) {
	dir, err := expand(raw, base)
	if err != nil {
		return "", nil, err
	}
	typed := shown(raw)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return "", nil, fmt.Errorf("%s: %s", typed, errText(err))
	case !st.IsDir():
		return "", nil, fmt.Errorf("%s is a file: 3D frames come from a folder of photos", typed)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, fmt.Errorf("%s cannot be read: %s", typed, errText(err))
	}
	var files []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !isPhotoName(e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			files = append(files, p)
		}
	}
	switch {
	case len(files) == 0:
		return "", nil, fmt.Errorf("%s has no JPG, PNG, WebP or HEIC files", typed)
	case len(files) > MaxFrames:
		return "", nil, fmt.Errorf("%s has %d photos; a 3D tour takes at most %d frames here: pick a folder with fewer",
			typed, len(files), MaxFrames)
	}
	return dir, files, nil
}

// shown is a path as the seller typed it, for messages: shorter than the resolved one
// and recognisable.
func shown(raw string) string { return termtext.Clean(strings.TrimSpace(raw)) }

// errText is an error from the file system without the path it repeats.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "no such file or folder; check the path"
	}
	return err.Error()
}

// tilde shortens a path under the home folder to ~/…, cleaned for the terminal (a
// file name may hold control characters).
func tilde(p string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if rel, err := filepath.Rel(home, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if rel == "." {
				return "~"
			}
			p = "~" + string(filepath.Separator) + rel
		}
	}
	return termtext.Clean(p)
}

// cleanName is a file's base name, cleaned for the terminal.
func cleanName(p string) string { return termtext.Clean(filepath.Base(p)) }

// sizeText renders a file size the way the limits are stated (MB meaning MiB).
func sizeText(n int64) string {
	switch {
	case n <= 0:
		return ""
	case n < 1<<20:
		return fmt.Sprintf("%d KB", max((n+512)>>10, 1))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// durText renders a video's duration as m:ss.
func durText(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
