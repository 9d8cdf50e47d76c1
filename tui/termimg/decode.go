package termimg

import (
	"bytes"
	"errors"
	"fmt"
	"image"

	apimedia "github.com/listings-tui/listings/api/client/media"
)

// Decode decodes a JPEG, PNG or WebP photo for a preview. It reads the header before
// decoding, so that a small file cannot have a huge picture decoded (a progressive
// CMYK JPEG of 7000×7000 px takes 1.2 GB): within limit bytes of memory
// (apimedia.MaxDecodeBytes for a preview). A decoder's panic on hostile data is an
// error.
func Decode(data []byte, limit int64) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, &DecodeError{Case: DecodePanic, Err: fmt.Errorf("%v", r)}
		}
	}()
	f := apimedia.Sniff(data)
	switch f {
	case apimedia.JPEG, apimedia.PNG, apimedia.WebP:
	default:
		return nil, &DecodeError{Case: DecodeNotImage}
	}
	img, h, err := apimedia.Decode(bytes.NewReader(data), f, limit)
	var tooBig *apimedia.TooBigError
	switch {
	case errors.As(err, &tooBig):
		return nil, &DecodeError{Case: DecodeTooBig, Width: h.Width, Height: h.Height, Kind: h.Kind, Cost: h.Cost(), Limit: limit}
	case err != nil && h.Width == 0:
		return nil, &DecodeError{Case: DecodeUnread, Err: err}
	case err != nil:
		return nil, &DecodeError{Case: DecodeBroken, Format: f, Err: err}
	}
	return img, nil
}
