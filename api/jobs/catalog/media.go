package catalog

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Media kinds of a row, also the columns they come from.
const (
	KindPhoto = "photos"
	KindVideo = "video"
	Kind3D    = "photos_3d"
)

// Medium is one photo, video or 3D frame of a row: a file to upload (Path), or a URL
// already uploaded (given in the sheet, or uploaded by the job and journaled).
type Medium struct {
	Path  string `json:"path,omitempty"`
	URL   string `json:"url,omitempty"`
	URLWM string `json:"url_wm,omitempty"` // a photo's watermarked copy
	Thumb string `json:"thumb,omitempty"`  // a video's thumbnail
}

func isURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")
}

// resolveMedia resolves a media cell: ";"-separated paths, globs (relative to the
// sheet's folder) and URLs, each file checked as the upload will check it (format by
// content, size, a video's duration). It returns the media in order, or the problems
// of the cell. A file outside the sheet's folder (~/…, /abs/path, ../..) is refused
// unless Options.FilesAnywhere: a sheet is data, often from someone else, and a cell
// must not publish any picture on the disk; the plan lists every file it uploads.
func (c *checker) resolveMedia(kind, cell string) ([]Medium, []rules.Why) {
	dir := c.o.Dir
	var out []Medium
	var problems []rules.Why
	seen := map[string]bool{}
	for part := range strings.SplitSeq(cell, sheet.Multi) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if isURL(part) {
			out = append(out, Medium{URL: part})
			continue
		}
		files, err := media.Files(part, dir)
		if w, ok := rules.PathWhy(err); ok {
			problems = append(problems, w) // said in the language: "nothing matches x.jpg"
			continue
		} else if err != nil {
			problems = append(problems, because("error", "Err", err.Error()))
			continue
		}
		for _, f := range files {
			if seen[f] {
				continue
			}
			seen[f] = true
			if !c.o.FilesAnywhere && !inside(f, dir) {
				problems = append(problems, because("media.outside", "File", relName(nil, f, dir), "Dir", dir))
				continue
			}
			if err := checkFile(kind, f); err != nil {
				problems = append(problems, because("error", "Err", relName(err, f, dir)))
				continue
			}
			out = append(out, Medium{Path: f})
		}
	}
	switch {
	case len(problems) > 0:
	case kind == KindVideo && len(out) > 1:
		problems = append(problems, because("media.videos", "N", len(out)))
	case kind == KindPhoto && len(out) > rules.MaxPhotos:
		problems = append(problems, because("media.photos", "N", len(out), "Max", rules.MaxPhotos))
	}
	return out, problems
}

// inside says whether file lies in dir or below it, links resolved (a link in the
// folder to a file elsewhere is elsewhere).
func inside(file, dir string) bool {
	f, err := filepath.EvalSymlinks(file)
	if err != nil {
		return false
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		d = dir
	}
	rel, err := filepath.Rel(d, f)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func checkFile(kind, path string) error {
	if kind == KindVideo {
		_, err := api.CheckVideo(path)
		return err
	}
	_, err := api.CheckPhoto(path)
	return err
}

// relName says a file's error with its path as the sheet wrote it (relative to
// the sheet's folder), not only its base name.
func relName(err error, path, dir string) string {
	if err == nil {
		err = errors.New(filepath.Base(path))
	}
	msg := err.Error()
	rel, rerr := filepath.Rel(dir, path)
	if rerr != nil || strings.HasPrefix(rel, "..") {
		rel = path
	}
	if base := filepath.Base(path); strings.HasPrefix(msg, base+":") && rel != base {
		msg = rel + msg[len(base):]
	}
	return msg
}

// mediaWM pairs photo URLs given in the sheet with the photos_wm cell, when it
// holds one URL per photo.
func mediaWM(photos []Medium, cell string) {
	var wm []string
	for part := range strings.SplitSeq(cell, sheet.Multi) {
		if p := strings.TrimSpace(part); p != "" {
			wm = append(wm, p)
		}
	}
	if len(wm) != len(photos) {
		return
	}
	for i := range photos {
		if photos[i].URL != "" {
			photos[i].URLWM = wm[i]
		}
	}
}
