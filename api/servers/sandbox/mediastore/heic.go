package mediastore

import (
	"bytes"
	"errors"
	"fmt"
	"image"

	"github.com/gen2brain/heic"

	"github.com/listings-tui/listings/api/client/media"
)

// What to do with a HEIC the sandbox cannot convert, said at the end of every refusal:
// an iPhone sends JPEG when its camera is set to "Most Compatible", and any converter
// (Preview, Photos, ImageMagick, heif-dec) makes a JPEG of it.
const heicAdvice = "convert it to JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible) and upload that"

// Refusal refuses an upload with a sentence a person can act on: what the file is,
// why the sandbox does not take it, what to do. The server sends it as the hint as it
// is. The decoder's own text (libheif's codes, a WebAssembly stack trace) is kept as
// the cause, for a debugger, but never shown. kind is ErrUnsupportedImage or
// ErrUnsupportedVideo, which decides the answer's code.
type Refusal struct {
	What, Why, Do string
	kind, cause   error
}

func (e *Refusal) Error() string {
	return fmt.Sprintf("%s: %s; %s", e.What, e.Why, e.Do)
}

func (e *Refusal) Unwrap() []error { return []error{e.kind, e.cause} }

// heicRefusal refuses a HEIC, with the advice every HEIC refusal ends with.
func heicRefusal(what, why string, cause error) *Refusal {
	return &Refusal{What: what, Why: why, Do: heicAdvice, kind: ErrUnsupportedImage, cause: cause}
}

// describeHEIC names a HEIC photo by what a person can check in a viewer's info panel.
func describeHEIC(in heifInfo) string {
	s := fmt.Sprintf("this %d×%d HEIC", in.Width, in.Height)
	switch {
	case in.BitDepth > 0 && in.Chroma >= 0:
		s += fmt.Sprintf(" (%d-bit %s)", in.BitDepth, chromaName(in.Chroma))
	case in.BitDepth > 0:
		s += fmt.Sprintf(" (%d-bit)", in.BitDepth)
	}
	return s
}

// decodeHEIC decodes the primary picture of a HEIC photo with gen2brain/heic (libheif
// and libde265 in WebAssembly). The container is read first, by readHEIF, for the
// size the memory bound needs and for what the decoder is known not to convert:
//
//   - a picture not coded in HEVC (AV1, JPEG or uncompressed in a HEIF file): the
//     WebAssembly build holds only libde265;
//   - 4:4:4 chroma at more than 8 bits: the build's copy out of libheif overruns its
//     buffer for it (an out-of-bounds trap at most sizes, a damaged heap at the
//     others), so it is refused before the decoder runs rather than whenever it trips.
//
// 8- and 10-bit 4:2:0 and 4:2:2, 8-bit 4:4:4 and lossless (RGB) pictures, grids of
// tiles and Exif, thumbnail and auxiliary items decode. libheif applies irot and imir
// itself; the Exif orientation of a HEIC is not applied, as HEIF readers do not.
func decodeHEIC(data []byte) (img image.Image, err error) {
	in, err := readHEIF(data)
	if err != nil {
		return nil, heicRefusal("this HEIC", err.Error(), err)
	}
	what := describeHEIC(in)
	switch {
	case in.Coding != "hvc1":
		return nil, heicRefusal(what, fmt.Sprintf("its picture is coded as %q, and the sandbox decodes only HEVC (hvc1) pictures", in.Coding),
			errors.New(in.Coding))
	case in.Chroma == 3 && in.BitDepth > 8:
		return nil, heicRefusal(what, "the sandbox's HEIC decoder cannot convert 4:4:4 pictures of more than 8 bits",
			errors.New("high bit depth 4:4:4"))
	}
	h := media.Header{Format: media.HEIC, Width: in.Width, Height: in.Height,
		Kind:     "a HEIC photo, which the sandbox decodes at about 36 bytes a pixel",
		FitBytes: media.FitBytesOf(in.Width, in.Height, 4, true),
		Alt:      "as a JPEG"}
	h.DecodeBytes = heicBytesPerPixel * h.Pixels()
	h.AltBytes = h.Pixels() * 3 / 2
	if err := h.Fitted(maxHEICBytes); err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, heicRefusal(what, "the sandbox's HEIC decoder failed on it", fmt.Errorf("%v", p))
		}
	}()
	img, err = heic.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, heicRefusal(what, "the sandbox's HEIC decoder could not read its picture", err)
	}
	return img, nil
}
