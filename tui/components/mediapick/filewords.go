package mediapick

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/internal/i18n"
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
