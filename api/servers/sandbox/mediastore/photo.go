package mediastore

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"strings"

	gwebp "github.com/gen2brain/webp"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/listings-tui/listings/api/client/media"
)

// Bounds on the memory that converting a photo may take, counted from its header
// before any pixel is decoded, whatever its file size: a small file can claim an
// enormous canvas. JPEG, PNG and WebP are decoded in Go within media.MaxDecodeBytes,
// as by the client. The WebAssembly decoders cost more a pixel, measured with the
// release build: gen2brain/heic (libheif and libde265) holds 474 MB for a noisy 12 MP
// HEIC and 548 MB for a smooth 24 MP one, so it is counted at 36 bytes a pixel and
// given 1 GiB, which lets a phone's HEIC through up to 24 MP (the default of recent
// iPhones: 5712×4284, 881 MB) and refuses a 48 MP one, with the advice to send it as
// JPEG; gen2brain/webp, used for the WebPs x/image/webp cannot decode (animated
// ones), allocates 9 bytes a pixel.
var (
	maxDecodeBytes int64 = media.MaxDecodeBytes
	maxHEICBytes   int64 = 1 << 30
)

const (
	heicBytesPerPixel     = 36
	wasmWebPBytesPerPixel = 10
)

// WebP settings: quality close to what photo sites use; method 1 of libwebp's 0..6
// speed/size scale, because method 4 (its default) takes four to seven times as long
// in WebAssembly for files only about 10% smaller.
const (
	webpQuality = 80
	webpMethod  = 1
)

// Photo is a stored photo: names are relative to /media/.
type Photo struct {
	Name, NameWM  string
	Width, Height int
}

// PutPhoto converts and stores a photo read from r. It reads at most one byte past the
// limit; a larger photo is ErrTooLarge, a format other than JPEG, PNG, WebP or HEIC
// (by content) ErrUnsupportedImage, as is a file of those formats that cannot be
// decoded.
func (s *Store) PutPhoto(r io.Reader) (Photo, error) {
	data, err := io.ReadAll(io.LimitReader(r, media.MaxPhotoBytes+1))
	if err != nil {
		return Photo{}, fmt.Errorf("read photo: %w", err)
	}
	if len(data) > media.MaxPhotoBytes {
		return Photo{}, fmt.Errorf("%w: a photo may have at most %d bytes", ErrTooLarge, media.MaxPhotoBytes)
	}
	f := media.Sniff(data)
	if !f.IsPhoto() {
		return Photo{}, fmt.Errorf("%w: the content is %s, not JPG, PNG, WebP or HEIC", ErrUnsupportedImage, describe(f))
	}

	s.work <- struct{}{}
	defer func() { <-s.work }()

	img, err := decodePhoto(f, data)
	if err != nil {
		return Photo{}, err
	}
	orientation := 1
	if f == media.JPEG {
		orientation = media.Orientation(bytes.NewReader(data))
	}
	// Shrinking first and turning second gives the same picture with far less work.
	img = media.Orient(media.Fit(img, media.TargetSide), orientation)

	plain, err := encodeWebP(img)
	if err != nil {
		return Photo{}, err
	}
	marked, err := encodeWebP(watermark(img))
	if err != nil {
		return Photo{}, err
	}
	id := newID()
	p := Photo{
		Name:   photoDir + "/" + id + ".webp",
		NameWM: photoDir + "/" + id + "_wm.webp",
		Width:  img.Bounds().Dx(),
		Height: img.Bounds().Dy(),
	}
	if err := s.put(p.Name, plain); err != nil {
		return Photo{}, err
	}
	if err := s.put(p.NameWM, marked); err != nil {
		s.remove(p.Name) // half a photo is of no use to anyone
		return Photo{}, err
	}
	return p, nil
}

// describe names a sniffed format for a refusal.
func describe(f media.Format) string {
	if f == media.Unknown {
		return "not a recognised image"
	}
	return strings.ToUpper(string(f))
}

// decodePhoto decodes a sniffed photo after checking from its header what decoding
// it takes. A photo over the bound is ErrTooLarge wrapping a *media.TooBigError,
// which says what to do; decoder failures, and panics inside the WebAssembly-based
// decoders, become ErrUnsupportedImage: the file claimed a format it does not hold.
func decodePhoto(f media.Format, data []byte) (img image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, fmt.Errorf("%w: the %s decoder failed: %v", ErrUnsupportedImage, describe(f), p)
		}
	}()
	switch f {
	case media.JPEG, media.PNG:
		img, _, err = media.Decode(bytes.NewReader(data), f, maxDecodeBytes)
	case media.WebP:
		// The pure-Go decoder covers still images; animated ones need libwebp's demuxer
		// and keep their first frame.
		img, _, err = media.Decode(bytes.NewReader(data), f, maxDecodeBytes)
		if err != nil && !errors.As(err, new(*media.TooBigError)) {
			img, err = decodeWASM(f, data, gwebp.DecodeConfig, gwebp.Decode, wasmWebPBytesPerPixel, maxDecodeBytes,
				"an animated WebP, which libwebp decodes here", "", 0)
		}
	case media.HEIC:
		img, err = decodeHEIC(data)
	}
	var tooBig *media.TooBigError
	if errors.As(err, &tooBig) {
		return nil, fmt.Errorf("%w: %w", ErrTooLarge, tooBig)
	}
	var refused *Refusal
	if errors.As(err, &refused) {
		return nil, err // a sentence already
	}
	if err != nil {
		return nil, decodeError(f, err)
	}
	return img, nil
}

// decodeWASM decodes with one of the WebAssembly-based decoders, after counting from
// the header perPixel bytes a pixel against limit. alt names a form of the picture
// that takes altPerPixel bytes a pixel, to suggest when that would fit.
func decodeWASM(f media.Format, data []byte, config func(io.Reader) (image.Config, error),
	decode func(io.Reader) (image.Image, error), perPixel, limit int64, kind, alt string, altPerPixel float64,
) (image.Image, error) {
	c, err := config(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if c.Width <= 0 || c.Height <= 0 {
		return nil, fmt.Errorf("it states a size of %d×%d", c.Width, c.Height)
	}
	h := media.Header{Format: f, Width: c.Width, Height: c.Height, Kind: kind,
		FitBytes: media.FitBytesOf(c.Width, c.Height, 4, true)}
	h.DecodeBytes = perPixel * h.Pixels()
	if alt != "" {
		h.Alt, h.AltBytes = alt, int64(altPerPixel*float64(h.Pixels()))
	}
	if err := h.Fitted(limit); err != nil {
		return nil, err
	}
	return decode(bytes.NewReader(data))
}

func decodeError(f media.Format, err error) error {
	return fmt.Errorf("%w: the file looks like %s but does not decode: %v", ErrUnsupportedImage, describe(f), err)
}

func encodeWebP(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := gwebp.Encode(&buf, img, gwebp.Options{Quality: webpQuality, Method: webpMethod}); err != nil {
		return nil, fmt.Errorf("encode WebP: %w", err)
	}
	return buf.Bytes(), nil
}

// watermarkText is what the watermarked copy says across its bottom-right corner.
const watermarkText = "listings sandbox"

// watermark returns a copy of img with a semi-transparent "listings sandbox" mark in
// its bottom-right corner, about a third of the image wide, on a darkened band so it
// reads on light and dark photos alike.
func watermark(img image.Image) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	w, h := dst.Rect.Dx(), dst.Rect.Dy()

	mask := textMask(watermarkText)
	mw0, mh0 := mask.Rect.Dx(), mask.Rect.Dy()
	margin := max(1, min(w, h)/40)
	// A third of the width, or half the shorter side for portraits, within the margins.
	mw := max(1, min(max(w/3, min(w, h)/2), w-2*margin))
	mh := max(1, mw*mh0/mw0)
	if limit := max(1, h/4); mh > limit { // very wide, short images
		mh, mw = limit, max(1, limit*mw0/mh0)
	}
	at := image.Rect(w-margin-mw, h-margin-mh, w-margin, h-margin).Intersect(dst.Rect)

	draw.Draw(dst, at, image.NewUniform(color.NRGBA{0, 0, 0, 110}), image.Point{}, draw.Over)
	scaled := image.NewAlpha(image.Rect(0, 0, mw, mh))
	var scaler xdraw.Scaler = xdraw.ApproxBiLinear
	if mw >= mw0 {
		scaler = xdraw.NearestNeighbor // keeps the bitmap font's pixels crisp when enlarged
	}
	scaler.Scale(scaled, scaled.Rect, mask, mask.Rect, xdraw.Src, nil)
	draw.DrawMask(dst, at, image.NewUniform(color.NRGBA{255, 255, 255, 210}), image.Point{}, scaled, image.Point{}, draw.Over)
	return dst
}

// textMask renders s in the 7x13 bitmap font with a little padding, as an alpha mask.
func textMask(s string) *image.Alpha {
	face := basicfont.Face7x13
	const pad = 3
	width := font.MeasureString(face, s).Ceil()
	m := image.NewAlpha(image.Rect(0, 0, width+2*pad, face.Height+2*pad))
	d := font.Drawer{Dst: m, Src: image.Opaque, Face: face, Dot: fixed.P(pad, pad+face.Ascent)}
	d.DrawString(s)
	return m
}
