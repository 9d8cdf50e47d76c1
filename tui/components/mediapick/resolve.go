package mediapick

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termtext"
)

// photoExts are the endings the picker offers and a folder of frames takes. They only
// choose candidates: api.CheckPhoto judges the content.
var photoExts = []string{".jpg", ".jpeg", ".png", ".webp", ".heic"}

func isPhotoName(name string) bool {
	return slices.Contains(photoExts, strings.ToLower(filepath.Ext(name)))
}

// resolveFiles returns the files a typed path or glob names, in name order, with the
// messages cleaned for the terminal (a file name may hold control characters).
func resolveFiles(raw, base string) ([]string, error) {
	files, err := media.Files(raw, base)
	if err != nil {
		return nil, errors.New(termtext.Clean(PathWords(err)))
	}
	return files, nil
}

// resolveFolder returns the photo files of a folder of 3D frames, in name order.
// Hidden files and files of other types are left out.
func resolveFolder(raw, base string) (string, []string, error) {
	dir, err := media.Expand(raw, base)
	if err != nil {
		return "", nil, err
	}
	typed := shown(raw)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return "", nil, errors.New(PathWords(media.StatFailed(typed, err)))
	case !st.IsDir():
		return "", nil, errors.New(i18n.T("pickers.media.is_file", "Name", typed))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, errors.New(i18n.T("pickers.media.cannot_read", "Name", typed, "Why", fsWords(err)))
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
		return "", nil, errors.New(i18n.T("pickers.media.no_photo_files", "Name", typed))
	case len(files) > MaxFrames:
		return "", nil, errors.New(i18n.T("pickers.media.too_many_frames", "Name", typed, "N", len(files), "Max", MaxFrames))
	}
	return dir, files, nil
}

// shown is a path as the seller typed it, for messages: shorter than the resolved one
// and recognisable.
func shown(raw string) string { return termtext.Clean(strings.TrimSpace(raw)) }

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

// sizeText renders a file size the way the limits are stated (media.FileSize); ""
// when it is not known.
func sizeText(n int64) string {
	if n <= 0 {
		return ""
	}
	return media.FileSize(n)
}

// durText renders a video's duration as m:ss.
func durText(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
