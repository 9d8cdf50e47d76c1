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
			img, err = nil, fmt.Errorf("the photo could not be decoded: %v", r)
		}
	}()
	f := apimedia.Sniff(data)
	switch f {
	case apimedia.JPEG, apimedia.PNG, apimedia.WebP:
	default:
		return nil, errors.New("not a JPEG, PNG or WebP image")
	}
	img, h, err := apimedia.Decode(bytes.NewReader(data), f, limit)
	var tooBig *apimedia.TooBigError
	switch {
	case errors.As(err, &tooBig):
		return nil, fmt.Errorf("the photo is %d×%d px, %s that would take %s to decode; previews are decoded within %s",
			h.Width, h.Height, h.Kind, apimedia.Bytes(h.Cost()), apimedia.Bytes(limit))
	case err != nil && h.Width == 0:
		return nil, fmt.Errorf("the photo could not be read: %w", err)
	case err != nil:
		return nil, fmt.Errorf("the %s photo could not be decoded: %w", f, err)
	}
	return img, nil
}
