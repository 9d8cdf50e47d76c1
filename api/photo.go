package api

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"

	"golang.org/x/image/webp"

	"github.com/listings-tui/listings/api/media"
)

// ShrinkAbove is the longer side, in pixels, above which a photo is shrunk locally even
// when it is within the size limit: the service resizes to 1600 px anyway, so sending
// the extra pixels only costs time.
const ShrinkAbove = 2 * media.TargetSide

// maxDecodePixels bounds the photos the client decodes to shrink them (about 200 MB of
// RGBA); a larger one is sent as it is when within the size limit.
const maxDecodePixels = 50_000_000

// jpegQuality is the quality of a shrunk opaque photo.
const jpegQuality = 90

// PhotoCheck is what CheckPhoto learned about a photo.
type PhotoCheck struct {
	Path          string
	Size          int64
	Format        media.Format
	Width, Height int  // 0 for HEIC, whose dimensions are not read here
	Shrink        bool // UploadPhoto shrinks it locally to 1600 px first
}

// CheckPhoto validates a photo before any request is spent: JPG, PNG, WebP or HEIC by
// content, and at most 12 MB unless it can be shrunk locally (JPG, PNG and WebP can;
// HEIC cannot). It also tells whether UploadPhoto will shrink it.
func CheckPhoto(path string) (*PhotoCheck, error) {
	f, size, format, err := openMedia(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !format.IsPhoto() {
		return nil, &FileError{Path: path, Rule: RuleFormat,
			Detail: "is not a JPG, PNG, WebP or HEIC image" + seenAs(format)}
	}
	chk := &PhotoCheck{Path: path, Size: size, Format: format}
	over := size > media.MaxPhotoBytes
	if format == media.HEIC {
		if over {
			return nil, &FileError{Path: path, Rule: RuleSize, Detail: fmt.Sprintf(
				"%s is over the %s limit, and a HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size",
				mb(size), mb(media.MaxPhotoBytes))}
		}
		return chk, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be read: " + pathErrText(err)}
	}
	cfg, err := decodeConfig(bufio.NewReader(f), format)
	if err != nil {
		return nil, &FileError{Path: path, Rule: RuleFormat, Err: err,
			Detail: fmt.Sprintf("looks like %s but its header cannot be read: %v", formatName(format), err)}
	}
	chk.Width, chk.Height = cfg.Width, cfg.Height
	pixels := int64(cfg.Width) * int64(cfg.Height)
	decodable := pixels > 0 && pixels <= maxDecodePixels
	switch {
	case over && !decodable:
		return nil, &FileError{Path: path, Rule: RuleSize, Detail: fmt.Sprintf(
			"%s is over the %s limit, and at %d×%d px it is too large to shrink here",
			mb(size), mb(media.MaxPhotoBytes), cfg.Width, cfg.Height)}
	case over, decodable && max(cfg.Width, cfg.Height) > ShrinkAbove:
		chk.Shrink = true
	}
	return chk, nil
}

func decodeConfig(r io.Reader, f media.Format) (image.Config, error) {
	switch f {
	case media.JPEG:
		return jpeg.DecodeConfig(r)
	case media.PNG:
		return png.DecodeConfig(r)
	case media.WebP:
		return webp.DecodeConfig(r)
	}
	return image.Config{}, fmt.Errorf("no decoder for %s", f)
}

func decode(r io.Reader, f media.Format) (image.Image, error) {
	switch f {
	case media.JPEG:
		return jpeg.Decode(r)
	case media.PNG:
		return png.Decode(r)
	case media.WebP:
		return webp.Decode(r)
	}
	return nil, fmt.Errorf("no decoder for %s", f)
}

func formatName(f media.Format) string {
	switch f {
	case media.JPEG:
		return "a JPEG"
	case media.PNG:
		return "a PNG"
	case media.WebP:
		return "a WebP"
	}
	return "an image"
}

func extOf(f media.Format) string {
	if f == media.PNG {
		return "png"
	}
	return "jpg"
}

// shrinkPhoto decodes a photo, turns it upright by its EXIF orientation, fits it in
// 1600 px and encodes it: JPEG q90, or PNG when it has transparency (which JPEG would
// turn black). At 1600 px either is well under the size limit.
func shrinkPhoto(path string, format media.Format) ([]byte, media.Format, error) {
	fail := func(err error) ([]byte, media.Format, error) {
		return nil, "", &FileError{Path: path, Rule: RuleFormat, Err: err,
			Detail: fmt.Sprintf("cannot be shrunk: %v", err)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be opened: " + pathErrText(err)}
	}
	defer f.Close()
	orientation := 1
	if format == media.JPEG {
		orientation = media.Orientation(f)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fail(err)
		}
	}
	img, err := decode(bufio.NewReaderSize(f, 64<<10), format)
	if err != nil {
		return fail(err)
	}
	img = media.Fit(media.Orient(img, orientation), media.TargetSide)
	var buf bytes.Buffer
	if opaque(img) {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
		format = media.JPEG
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
		format = media.PNG
	}
	if err != nil {
		return fail(err)
	}
	if buf.Len() > media.MaxPhotoBytes {
		return nil, "", &FileError{Path: path, Rule: RuleSize,
			Detail: fmt.Sprintf("is still %s after shrinking, over the %s limit", mb(int64(buf.Len())), mb(media.MaxPhotoBytes))}
	}
	return buf.Bytes(), format, nil
}

// opaque reports whether img has no transparent pixel.
func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}
