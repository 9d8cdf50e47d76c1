package rules

import (
	"errors"

	"github.com/listings-tui/listings/api/client/media"
)

// PathWhy is the Why of a typed path that names no file (a media.PathError: a photo
// path in an import row, in the media picker), its id "path."+Case, so that a front
// end says it in its words; false for any other error. Its String is the error's
// English, word for word.
func PathWhy(err error) (Why, bool) {
	var pe *media.PathError
	if !errors.As(err, &pe) {
		return Why{}, false
	}
	args := []any{"Path", pe.Typed}
	switch pe.Case {
	case media.PathFolder:
		args = append(args, "Glob", pe.Glob)
	case media.PathNotFile:
		args = append(args, "Kind", why("path.kind."+pe.Kind))
	case media.PathTooMany:
		args = append(args, "N", pe.N, "Count", pe.N, "Max", media.MaxPhotos)
	}
	if pe.Err != nil {
		args = append(args, "Err", pe.Err.Error())
	}
	return why("path."+pe.Case, args...), true
}

// pathWords are the English of PathWhy's ids: media.PathError's texts.
func pathWords() map[string]string {
	return map[string]string{
		"path.empty":       "type a path, e.g. ~/Pictures/car.jpg or ~/Pictures/car-*.jpg",
		"path.home":        "~ cannot be used: {{.Err}}; type the full path",
		"path.folder":      "{{.Path}} is a folder: write a glob such as {{.Glob}}",
		"path.not_file":    "{{.Path}} is not a regular file ({{.Kind}}): give a photo or video file",
		"path.missing":     "{{.Path}}: no such file or folder; check the path",
		"path.other":       "{{.Path}}: {{.Err}}",
		"path.pattern":     "{{.Path}} is not a valid pattern: {{.Err}}",
		"path.no_match":    "nothing matches {{.Path}}",
		"path.too_many":    "{{.Path}} matches {{.N}} files; narrow it down (a listing takes at most {{.Max}} photos)",
		"path.kind.pipe":   "a named pipe",
		"path.kind.socket": "a socket",
		"path.kind.device": "a device",
		"path.kind.folder": "a folder",
		"path.kind.other":  "not a file of data",
	}
}

func init() { RegisterLazy("path.", pathWords) }
