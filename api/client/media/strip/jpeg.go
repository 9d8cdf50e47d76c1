package strip

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"github.com/listings-tui/listings/api/client/media"
)

// JPEG markers this file tells apart (ITU T.81 table B.1).
const (
	mSOI  = 0xD8
	mEOI  = 0xD9
	mSOS  = 0xDA
	mTEM  = 0x01
	mRST0 = 0xD0
	mRST7 = 0xD7
	mAPP0 = 0xE0
	mAPP1 = 0xE1
	mAPP2 = 0xE2
	mAPPD = 0xED // Photoshop: IPTC
	mAPPE = 0xEE // Adobe: the colour transform, which the decoder needs
	mAPPF = 0xEF
	mCOM  = 0xFE
)

var (
	jfifID  = []byte("JFIF\x00")
	iccID   = []byte("ICC_PROFILE\x00")
	adobeID = []byte("Adobe")
	xmpID   = []byte("http://ns.adobe.com/")
)

var errNoSOI = errors.New("strip: not a JPEG (no start of image)")

// jpegReader reads a JPEG front to back and knows where it is in the file.
type jpegReader struct {
	br  *bufio.Reader
	pos int64
	buf []byte // a segment's payload, at most 64 KiB by its 16-bit length
}

func (r *jpegReader) byte() (byte, error) {
	c, err := r.br.ReadByte()
	if err == nil {
		r.pos++
	}
	return c, err
}

func (r *jpegReader) skip(n int) error {
	k, err := r.br.Discard(n)
	r.pos += int64(k)
	return err
}

// read returns the next n bytes, valid until the next call.
func (r *jpegReader) read(n int) ([]byte, error) {
	if cap(r.buf) < n {
		r.buf = make([]byte, n)
	}
	r.buf = r.buf[:n]
	k, err := io.ReadFull(r.br, r.buf)
	r.pos += int64(k)
	return r.buf[:k], err
}

// marker reads up to the next marker and returns its code and the offset of the 0xFF
// that introduces it. Stray bytes before it are skipped, as libjpeg and image/jpeg
// do, and so are fill bytes.
func (r *jpegReader) marker() (code byte, at int64, err error) {
	for {
		c, err := r.byte()
		if err != nil {
			return 0, 0, err
		}
		if c != 0xFF {
			continue
		}
		for c == 0xFF {
			at = r.pos - 1
			if c, err = r.byte(); err != nil {
				return 0, 0, err
			}
		}
		if c != 0 {
			return c, at, nil
		}
	}
}

// scan reads entropy-coded data up to the marker that ends it: 0xFF 0x00 is a
// coded 0xFF and RST0..RST7 belong to the data; any other marker ends it. It returns
// that marker and where it starts; io.EOF when the file ends inside the data.
func (r *jpegReader) scan() (code byte, at int64, err error) {
	for {
		chunk, err := r.br.ReadSlice(0xFF)
		r.pos += int64(len(chunk))
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return 0, 0, err
		}
		at := r.pos - 1
		c, err := r.byte()
		for err == nil && c == 0xFF { // fill bytes before a marker
			at = r.pos - 1
			c, err = r.byte()
		}
		if err != nil {
			return 0, 0, err
		}
		if c == 0 || (c >= mRST0 && c <= mRST7) {
			continue
		}
		return c, at, nil
	}
}

// planJPEG keeps the segments a decoder needs (frame and scan headers, tables,
// restart intervals, the coded data, JFIF, the ICC profile in APP2, Adobe's APP14)
// and drops the other application segments and comments, and whatever follows the
// end of the image (phones append a second picture or a video there, with their own
// metadata). The Exif orientation comes back in a minimal APP1 right after the start
// of the image, or after a JFIF header that comes first, as JFIF wants.
func planJPEG(b *builder) error {
	r := &jpegReader{br: bufio.NewReaderSize(io.NewSectionReader(b.src, 0, b.size), 32<<10)}
	soi, err := r.read(2)
	if err != nil || !bytes.Equal(soi, []byte{0xFF, mSOI}) {
		return errNoSOI
	}
	if err := b.keep(0, 2); err != nil {
		return err
	}
	first, orientation, seenExif := true, 1, false
	code, at, err := r.marker()
	for err == nil {
		if !first || code != mAPP0 {
			if err := b.slot(); err != nil {
				return err
			}
		}
		switch {
		case code == mEOI:
			if err := b.keep(at, 2); err != nil {
				return err
			}
			if r.pos < b.size {
				b.removed("trailer")
			}
			b.setExif(jpegExif(orientation), orientation)
			return nil
		case code == mSOI:
			// A second start of image inside the first: not the picture's, dropped.
		case code == mTEM || (code >= mRST0 && code <= mRST7):
			err = b.keep(at, r.pos-at)
		default:
			var o int
			o, err = jpegSegment(b, r, code, at, !seenExif)
			if o > 0 {
				orientation, seenExif = o, true
			}
		}
		if err != nil {
			break
		}
		first = false
		if code == mSOS {
			scanAt := r.pos
			code, at, err = r.scan()
			end := at
			if err != nil {
				end = r.pos // the file ends inside the data: keep what there is
			}
			if kerr := b.keep(scanAt, end-scanAt); kerr != nil {
				return kerr
			}
			continue
		}
		code, at, err = r.marker()
	}
	if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return err
	}
	// The file ends without an end of image; what was kept is what there is.
	b.setExif(jpegExif(orientation), orientation)
	return nil
}

// jpegSegment reads the length of the segment whose marker is at at and keeps or
// drops it. It returns the orientation of an Exif segment when exif is true (0
// otherwise): only the first Exif block counts.
func jpegSegment(b *builder, r *jpegReader, code byte, at int64, exif bool) (int, error) {
	l, err := r.read(2)
	if err != nil {
		return 0, err
	}
	n := int(l[0])<<8 | int(l[1]) - 2
	if n < 0 {
		return 0, errors.New("strip: a JPEG segment shorter than its length field")
	}
	isApp := code >= mAPP0 && code <= mAPPF
	if !isApp && code != mCOM {
		// Frame and scan headers, tables, restart intervals and the reserved
		// markers carry the picture, not metadata.
		if err := r.skip(n); err != nil {
			return 0, err
		}
		return 0, b.keep(at, r.pos-at)
	}
	payload, err := r.read(n)
	if err != nil {
		return 0, err
	}
	switch {
	case code == mAPP0 && bytes.HasPrefix(payload, jfifID):
		if len(payload) >= 14 && (payload[12] != 0 || payload[13] != 0) {
			// A JFIF thumbnail: the header is written again without it.
			b.removed("thumbnail")
			return 0, b.insert(jfifWithoutThumbnail(payload), 0, 18)
		}
		return 0, b.keep(at, r.pos-at)
	case code == mAPP2 && bytes.HasPrefix(payload, iccID), code == mAPPE && bytes.HasPrefix(payload, adobeID):
		return 0, b.keep(at, r.pos-at)
	case code == mAPP1 && bytes.HasPrefix(payload, exifHeader):
		b.exifRemoved(payload[len(exifHeader):])
		if exif {
			return media.ExifOrientation(payload[len(exifHeader):]), nil
		}
	case code == mAPP1 && bytes.HasPrefix(payload, xmpID):
		b.removed("XMP")
	case code == mAPPD:
		b.removed("IPTC")
	case code == mCOM:
		b.removed("comment")
	case code == mAPP0:
		b.removed("thumbnail") // JFXX: a thumbnail and nothing else
	default:
		b.removed("other")
	}
	return 0, nil
}

// jfifWithoutThumbnail is the 18-byte APP0 segment of a JFIF header with its version
// and density kept and no thumbnail.
func jfifWithoutThumbnail(payload []byte) []byte {
	seg := []byte{0xFF, mAPP0, 0, 16}
	seg = append(seg, payload[:12]...)
	return append(seg, 0, 0)
}

// jpegExif is the APP1 segment that records orientation o alone, nil when the photo
// is upright without one.
func jpegExif(o int) []byte {
	if upright(o) {
		return nil
	}
	tiff := orientationTIFF(o)
	n := 2 + len(exifHeader) + len(tiff)
	seg := []byte{0xFF, mAPP1, byte(n >> 8), byte(n)}
	seg = append(seg, exifHeader...)
	return append(seg, tiff...)
}
