package api

import (
	"errors"
	"io"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/strip"
)

// What the app and the commands that upload photos say once, where the user decides
// what to send (the form's media step, the plan of an import): MetadataNotice by
// default, MetadataKeptNotice with --keep-metadata (or media.keep_metadata).
const (
	MetadataNotice     = "photos leave without their location and camera data; --keep-metadata sends them as they are"
	MetadataKeptNotice = "photos leave as they are, with their location and camera data (--keep-metadata)"
)

// MetadataLine is the notice for a client that keeps metadata or not.
func MetadataLine(keep bool) string {
	if keep {
		return MetadataKeptNotice
	}
	return MetadataNotice
}

// withoutMetadata plans f, a checked photo of size bytes, without its metadata and
// returns what to send instead. The plan reads f again for each attempt, so f must
// stay open while the upload runs. The cleaned photo is at most a few bytes larger
// than the file (strip.MaxGrowth), which the size limit allows for: a photo that is
// just within it is sent as it is cleaned, and the service's own check decides.
func withoutMetadata(f io.ReaderAt, path string, size int64, format media.Format) (io.ReaderAt, int64, error) {
	res, err := strip.Plan(f, size, format)
	var cannot *strip.CannotError
	switch {
	case errors.As(err, &cannot):
		return nil, 0, &FileError{Path: path, Rule: RuleMetadata, Err: err, Detail: cannot.Error() +
			"; export it as JPEG, or send it as it is with --keep-metadata (media.keep_metadata in the config)"}
	case err != nil:
		return nil, 0, &FileError{Path: path, Rule: RuleFormat, Err: err,
			Detail: "its location and camera data cannot be removed, the file cannot be read as " + formatName(format) + ": " + err.Error()}
	}
	return res, res.Size, nil
}
