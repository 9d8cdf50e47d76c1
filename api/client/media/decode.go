package media

import (
	"bufio"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/webp"
)

// MaxDecodeBytes is the most memory that decoding a photo and fitting it in
// TargetSide may take, here and in the sandbox. The decoders (image/jpeg, image/png,
// golang.org/x/image/webp) hold the whole picture, and a small file can describe an
// enormous one: a progressive CMYK JPEG of 7000×7000 px and 0.5 MB takes 1.1 GB, a
// 16-bit PNG of that size 394 MB. So the cost is counted from the header first
// (Header), and a photo over this is not decoded.
//
// 128 MB (of memory, counted in MiB as Bytes prints it) lets through every JPEG a phone or a camera
// writes, up to the 61 MP of the largest full-frame sensors (9504×6336 in the 4:2:2
// those cameras write: 122 MB with the fitting); a 48 MP phone photo (8064×6048,
// 4:2:0) takes 76 MB, a 12 MP one 23 MB. What it refuses is medium format (100 MP:
// 202 MB) and a phone's 200 MP mode (292 MB), which we would rather not decode whole
// on a laptop, and pictures that cost far more a pixel than a camera's: progressive
// JPEGs over about 17 MP (7.5 bytes a pixel with their coefficients), CMYK and 4:4:4
// progressive ones, 8-bit PNGs over 31 MP, 16-bit ones over 15 MP. The client decodes
// one photo at a time (see api/photo.go), so this is about its peak too.
const MaxDecodeBytes = 128 << 20

// TooBigError is a photo whose decode would take more than a limit.
type TooBigError struct {
	Header
	Limit int64
}

// Error says how large the picture is, what decoding it would take, the limit, and
// what to do: export it at a size that fits (worked out for this kind of picture),
// or save it in a form that fits at this size when there is one (Header.Alt).
func (e *TooBigError) Error() string {
	h := e.Header
	msg := fmt.Sprintf("it is %d×%d px (%s megapixels, %s): decoding it would take %s of memory, over the %s that a photo may take here",
		h.Width, h.Height, megapixels(h.Pixels()), h.Kind, Bytes(h.Cost()), Bytes(e.Limit))
	if w, ht := e.fittingSize(); w > 0 {
		msg += fmt.Sprintf("; export it at %d×%d px or smaller", w, ht)
	} else {
		msg += "; export it smaller"
	}
	if alt := (Header{DecodeBytes: h.AltBytes, FitBytes: h.FitBytes}).Cost(); h.Alt != "" && alt <= e.Limit {
		msg += fmt.Sprintf(", or save it %s, which takes %s", h.Alt, Bytes(alt))
	}
	return msg + " (the service shrinks every photo to 1600 px anyway)"
}

// fittingSize is the largest size of the same shape and kind that decodes within the
// limit, or 0×0 when none does. The decode's cost grows with the pixels (the fitting's
// is at most what it is now), so the pixels scale by the ratio of what is left to
// what is taken, less 2% for the rounding up to whole blocks.
func (e *TooBigError) fittingSize() (w, h int) {
	left := e.Limit - e.FitBytes
	if left <= 0 || e.DecodeBytes <= 0 {
		return 0, 0
	}
	s := math.Sqrt(0.98 * float64(left) / float64(e.DecodeBytes))
	w, h = int(float64(e.Width)*s), int(float64(e.Height)*s)
	if w < 1 || h < 1 {
		return 0, 0
	}
	return w, h
}

// Decode decodes a JPEG, PNG or WebP read from r once its header says that it takes
// at most limit bytes: over that, it returns the header and a *TooBigError without
// having decoded a pixel. r must seek, since the header is read first and the
// picture then from the same start.
func Decode(r io.ReadSeeker, f Format, limit int64) (image.Image, Header, error) {
	at, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, Header{}, err
	}
	h, err := ReadHeader(r, f)
	if err != nil {
		return nil, h, err
	}
	if err := h.Fitted(limit); err != nil {
		return nil, h, err
	}
	if _, err := r.Seek(at, io.SeekStart); err != nil {
		return nil, h, err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var img image.Image
	switch f {
	case JPEG:
		img, err = jpeg.Decode(br)
	case PNG:
		img, err = png.Decode(br)
	case WebP:
		img, err = webp.Decode(br)
	}
	if err != nil {
		return nil, h, err
	}
	return img, h, nil
}

// megapixels formats a pixel count in megapixels: "49", "12.2", "0.3", "268".
func megapixels(n int64) string {
	mp := float64(n) / 1e6
	if mp >= 100 || (mp >= 10 && math.Abs(mp-math.Round(mp)) < 0.05) {
		return fmt.Sprintf("%.0f", mp)
	}
	return fmt.Sprintf("%.1f", mp)
}

// Bytes formats an amount of memory in MiB or GiB (powers of 1024: "128 MiB",
// "1.2 GiB"), named so that it is never read as a file's size, which FileSize prints
// in the spec's MB of 10^6 bytes (docs/sandbox.md, "Sizes").
func Bytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 10<<20:
		return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
