package mediapick

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/termtext"
)

// fileWords is why a file is refused, in the interface's language where the check
// names its case (api.FileError's Case: a size over the limit, a content that is no
// photo or video); anything else as the check wrote it. Cleaned for the terminal.
func fileWords(err error) string {
	var fe *api.FileError
	if !errors.As(err, &fe) || fe.Case == "" {
		return termtext.Clean(err.Error())
	}
	kv := []any{"Name", termtext.Clean(filepath.Base(fe.Path))}
	switch fe.Case {
	case api.FileNotPhoto, api.FileNotVideo:
		seen := i18n.T("pickers.media.file.seen_unknown")
		if fe.Seen != media.Unknown {
			seen = i18n.T("pickers.media.file.seen", "Format", strings.ToUpper(string(fe.Seen)))
		}
		kv = append(kv, "Seen", seen)
	default:
		kv = append(kv, "Over", overLimit(fe.Size, fe.Limit))
	}
	if fe.Err != nil {
		kv = append(kv, "Err", termtext.Clean(fe.Err.Error()))
	}
	return i18n.T("pickers.media.file."+fe.Case, kv...)
}

// overLimit is media.OverLimit in the interface's language: "12 000 001 байт (12 МБ)
// більше за ліміт 12 МБ", the exact bytes when the size is near the limit.
func overLimit(size, limit int64) string {
	s := fileSize(size)
	if media.Near(size, limit) {
		s = i18n.T("pickers.media.file.exact", "Bytes", i18n.N("pickers.media.file.bytes", int(size)), "Size", s)
	}
	return i18n.T("pickers.media.file.over", "Size", s, "Limit", fileSize(limit))
}

// fileSize is media.FileSize in the interface's language: its number as the
// language writes a decimal, its unit in the language's letters.
func fileSize(n int64) string {
	num, unit := media.SizeParts(n)
	if unit == media.UnitBytes {
		return i18n.N("pickers.media.file.bytes", int(n))
	}
	return i18n.T("pickers.media.file.unit."+unit, "N", i18n.UI().Decimal(num))
}

// PathWords is why a typed path names no file ("nothing matches x.jpg"), in the
// interface's language when the error names its case (media.PathError); anything
// else as the error says it. The sheet's path in the importer is said so too.
func PathWords(err error) string {
	if w, ok := rules.PathWhy(err); ok {
		return i18n.Reason("pickers.why.", w)
	}
	return err.Error()
}

// fsWords is a file system's error without its path, "no such file" in the
// interface's language.
func fsWords(err error) string {
	if errors.Is(err, fs.ErrNotExist) {
		return i18n.T("pickers.media.no_such_file")
	}
	return media.PathErrText(err)
}

// decodeWords is why a photo has no preview, in the interface's language where the
// decoder names its case (termimg.DecodeError); the decoder's own detail as it
// gives it. Cleaned for the terminal.
func decodeWords(err error) string {
	var de *termimg.DecodeError
	if !errors.As(err, &de) {
		return termtext.Clean(err.Error())
	}
	var kv []any
	switch de.Case {
	case termimg.DecodeTooBig:
		kv = []any{"Width", de.Width, "Height", de.Height, "Kind", de.Kind, "Cost", memSize(de.Cost), "Limit", memSize(de.Limit)}
	case termimg.DecodeBroken:
		kv = []any{"Format", string(de.Format)}
	}
	if de.Err != nil {
		kv = append(kv, "Err", termtext.Clean(de.Err.Error()))
	}
	return i18n.T("pickers.media.decode."+de.Case, kv...)
}

// memSize is media.Bytes (memory, in binary units) in the interface's language.
func memSize(n int64) string {
	num, unit, _ := strings.Cut(media.Bytes(n), " ")
	return i18n.T("pickers.media.decode.unit."+unit, "N", i18n.UI().Decimal(num))
}
