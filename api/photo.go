package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"runtime/debug"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/media/strip"
)

// ShrinkAbove is the longer side, in pixels, above which a photo is shrunk locally even
// when it is within the size limit: the service resizes to 1600 px anyway, so sending
// the extra pixels only costs time.
const ShrinkAbove = 2 * media.TargetSide

// maxDecodeBytes bounds the memory a shrink may take, counted from the photo's header
// (media.Header): a photo over it is not decoded, and is sent as it is when within the
// size limit. A variable so that tests can exercise it with small pictures.
var maxDecodeBytes int64 = media.MaxDecodeBytes

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
		return nil, &FileError{Path: path, Rule: RuleFormat, Case: FileNotPhoto, Seen: format,
			Detail: "is not a JPG, PNG, WebP or HEIC image" + seenAs(format)}
	}
	chk := &PhotoCheck{Path: path, Size: size, Format: format}
	over := size > media.MaxPhotoBytes
	if format == media.HEIC {
		if over {
			return nil, &FileError{Path: path, Rule: RuleSize, Case: FileOverHEIC, Size: size, Limit: media.MaxPhotoBytes, Detail: media.OverLimit(size, media.MaxPhotoBytes) +
				", and a HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size"}
		}
		return chk, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be read: " + pathErrText(err)}
	}
	hdr, err := media.ReadHeader(f, format)
	if err != nil {
		return nil, &FileError{Path: path, Rule: RuleFormat, Err: err,
			Detail: fmt.Sprintf("looks like %s but its header cannot be read: %v", formatName(format), err)}
	}
	chk.Width, chk.Height = hdr.Width, hdr.Height
	tooBig := hdr.Fitted(maxDecodeBytes)
	switch {
	case over && tooBig != nil:
		return nil, &FileError{Path: path, Rule: RuleSize, Err: tooBig, Case: FileOverDecode, Size: size, Limit: media.MaxPhotoBytes, Detail: fmt.Sprintf(
			"%s, and it cannot be shrunk here: %v", media.OverLimit(size, media.MaxPhotoBytes), tooBig)}
	case tooBig != nil:
		// Too large to decode here but within the size limit: sent as it is, and
		// the service shrinks it.
	case over, max(hdr.Width, hdr.Height) > ShrinkAbove:
		chk.Shrink = true
	}
	return chk, nil
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

// shrinkSlot lets one shrink run at a time in the process, however many uploads run
// at once: the photo being decoded (up to maxDecodeBytes: a 12 MP camera JPEG takes
// 23 MB, a 12 MP PNG 61 MB, a progressive 12 MP JPEG 92 MB with its coefficients) is
// then the only one in memory, and the uploads are limited by the network, not by
// the shrinking.
var shrinkSlot = make(chan struct{}, 1)

// shrinkPhoto waits for the shrink slot, then shrinks the photo. Before giving the
// slot up it collects the garbage the shrink left and hands the freed pages back to
// the system: otherwise the next shrink would allocate next to that garbage before
// the collector came round, and a long-running process would keep the pages; it
// costs a few milliseconds a photo.
func shrinkPhoto(ctx context.Context, path string, format media.Format) ([]byte, media.Format, error) {
	select {
	case shrinkSlot <- struct{}{}:
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	defer func() {
		debug.FreeOSMemory()
		<-shrinkSlot
	}()
	return shrink(path, format)
}

// shrink decodes a photo, fits it in 1600 px, turns it upright by its Exif orientation
// and encodes it with no metadata (no location, no camera data, no orientation left
// to apply): JPEG q90, or PNG when it has transparency (which JPEG would turn
// black). At 1600 px either is well under the size limit. The file is read through a
// small buffer, never whole. The picture is decoded whole, after its header has said
// what that takes (media.Decode refuses one over maxDecodeBytes without decoding it),
// and scaled plane by plane (media.Fit), never copied at full size. The turn comes
// last, on the small picture.
func shrink(path string, format media.Format) ([]byte, media.Format, error) {
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
	if st, err := f.Stat(); err == nil {
		// The orientation of any format, read where strip finds it (a JPEG's Exif,
		// a PNG's eXIf, a WebP's EXIF); the picture is encoded afresh below with no
		// metadata at all, so it is turned to stand upright without it.
		if res, err := strip.Plan(f, st.Size(), format); err == nil {
			orientation = res.Orientation
		}
	}
	img, _, err := media.Decode(f, format, maxDecodeBytes)
	var tooBig *media.TooBigError
	if errors.As(err, &tooBig) {
		// CheckPhoto said it fits, but the file changed since.
		return nil, "", &FileError{Path: path, Rule: RuleSize, Err: err, Detail: "cannot be shrunk here: " + err.Error()}
	}
	if err != nil {
		return fail(err)
	}
	img = media.Fit(img, media.TargetSide)
	// Fitting first and turning second gives the same picture, and the turn copies
	// 2 megapixels instead of 12.
	img = media.Orient(img, orientation)
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
		return nil, "", &FileError{Path: path, Rule: RuleSize, Case: FileOverShrunk, Size: int64(buf.Len()), Limit: media.MaxPhotoBytes,
			Detail: "after shrinking, " + media.OverLimit(int64(buf.Len()), media.MaxPhotoBytes)}
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
