package strip

import (
	"encoding/binary"
	"errors"
	"io"

	"github.com/listings-tui/listings/api/client/media"
)

// VP8X flags (WebP container specification).
const (
	vp8xXMP  = 0x04
	vp8xEXIF = 0x08
)

// webpKeep are the chunks a WebP keeps: the extended header (its flags rewritten),
// the colour profile, animation and the image data with its alpha. EXIF, XMP and
// unknown chunks go.
var webpKeep = map[string]bool{
	"VP8X": true, "ICCP": true, "ANIM": true, "ANMF": true, "ALPH": true, "VP8 ": true, "VP8L": true,
}

// planWebP walks the RIFF chunks, keeping those in webpKeep. The RIFF header is
// written again with the new length, and so is the VP8X chunk, with the EXIF and XMP
// flags cleared, or EXIF set again when an orientation is written back (as a minimal
// EXIF chunk where the first one was; a simple WebP without VP8X cannot say it has
// one, and has no metadata to begin with). What follows the RIFF's stated length is
// dropped.
func planWebP(b *builder) error {
	var riff [12]byte
	if n, _ := b.src.ReadAt(riff[:], 0); n < 12 || string(riff[:4]) != "RIFF" || string(riff[8:]) != "WEBP" {
		return errors.New("strip: not a WebP (no RIFF WEBP header)")
	}
	end := min(8+int64(binary.LittleEndian.Uint32(riff[4:8])), b.size)
	if end < b.size {
		b.removed("trailer")
	}
	header := append([]byte(nil), riff[:]...)
	if err := b.insert(header, 0, 12); err != nil {
		return err
	}
	var vp8x []byte // the rewritten VP8X chunk, patched once the orientation is known
	orientation := 0
	var head [8]byte
	for at := int64(12); at < end; {
		n, err := b.src.ReadAt(head[:], at)
		if n < 8 {
			if err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			if err := b.keep(at, end-at); err != nil { // a torn chunk header ends the file
				return err
			}
			break
		}
		typ := string(head[:4])
		size := int64(binary.LittleEndian.Uint32(head[4:]))
		next := min(at+8+size+size&1, end) // chunks are padded to an even length
		switch {
		case typ == "VP8X" && vp8x == nil && size == 10 && next-at == 18:
			vp8x = make([]byte, 18)
			if _, err := b.src.ReadAt(vp8x, at); err != nil {
				return err
			}
			if err := b.insert(vp8x, 0, 18); err != nil {
				return err
			}
		case webpKeep[typ] && typ != "VP8X":
			if err := b.keep(at, next-at); err != nil {
				return err
			}
		case typ == "EXIF":
			tiff := readExif(b.src, at+8, min(next-at-8, maxExifRead))
			b.exifRemoved(tiff)
			if orientation == 0 && vp8x != nil {
				if err := b.slot(); err != nil {
					return err
				}
				orientation = media.ExifOrientation(tiff)
			}
		case typ == "XMP ":
			b.removed("XMP")
		default:
			b.removed("other")
		}
		at = next
	}
	chunk := webpExif(orientation)
	if vp8x != nil {
		vp8x[8] &^= vp8xEXIF | vp8xXMP
		if chunk != nil {
			vp8x[8] |= vp8xEXIF
		}
	}
	b.setExif(chunk, orientation)
	// The RIFF length counts everything after its own 8 bytes.
	var total int64
	for _, p := range b.res.pieces {
		total += p.n
	}
	binary.LittleEndian.PutUint32(header[4:], uint32(total-8))
	return nil
}

// webpExif is an EXIF chunk recording orientation o alone, nil when none is needed.
func webpExif(o int) []byte {
	if upright(o) {
		return nil
	}
	tiff := orientationTIFF(o) // 26 bytes: even, so no padding
	c := append([]byte("EXIF"), binary.LittleEndian.AppendUint32(nil, uint32(len(tiff)))...)
	return append(c, tiff...)
}
