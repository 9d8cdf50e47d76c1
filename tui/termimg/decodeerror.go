package termimg

import (
	"fmt"

	apimedia "github.com/listings-tui/listings/api/client/media"
)

// DecodeError is why a photo has no preview, by its case, so that a view says it in
// the interface's language (the media picker's pickers.media.decode.*); Error is
// English's.
type DecodeError struct {
	Case          string
	Width, Height int    // DecodeTooBig: the photo's size in pixels
	Kind          string // DecodeTooBig: the header's kind (a progressive JPEG, …)
	Cost, Limit   int64  // DecodeTooBig: the memory its decode takes, and the bound
	Format        apimedia.Format
	Err           error // the decoder's own error (English), when it gave one
}

// The cases of a DecodeError.
const (
	DecodeNotImage = "not_image" // not a JPEG, PNG or WebP by content
	DecodeTooBig   = "too_big"   // its decode would take more memory than the bound
	DecodeUnread   = "unread"    // its header cannot be read
	DecodeBroken   = "broken"    // its pixels cannot be decoded
	DecodePanic    = "panic"     // the decoder failed on hostile data
)

func (e *DecodeError) Error() string {
	switch e.Case {
	case DecodeNotImage:
		return "not a JPEG, PNG or WebP image"
	case DecodeTooBig:
		return fmt.Sprintf("the photo is %d×%d px, %s that would take %s to decode; previews are decoded within %s",
			e.Width, e.Height, e.Kind, apimedia.Bytes(e.Cost), apimedia.Bytes(e.Limit))
	case DecodeUnread:
		return fmt.Sprintf("the photo could not be read: %v", e.Err)
	case DecodeBroken:
		return fmt.Sprintf("the %s photo could not be decoded: %v", e.Format, e.Err)
	}
	return fmt.Sprintf("the photo could not be decoded: %v", e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }
