package strip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"

	"github.com/listings-tui/listings/api/client/media"
)

// pngKeep are the ancillary chunks a PNG keeps: transparency, colour (profiles,
// gamma, primaries, significant bits, HDR mastering, the background colour and the
// histogram of a palette), the pixels' aspect, a suggested palette and the frames of
// an animated PNG. Every other ancillary chunk goes: eXIf, the text chunks (where
// tools write the author, the software, XMP and comments), tIME, and private ones
// (Apple's iDOT, C2PA's caBX content credentials) whose content is unknown.
var pngKeep = map[string]bool{
	"tRNS": true, "cHRM": true, "gAMA": true, "iCCP": true, "sBIT": true, "sRGB": true,
	"cICP": true, "mDCv": true, "cLLi": true, "bKGD": true, "hIST": true, "pHYs": true,
	"sPLT": true, "acTL": true, "fcTL": true, "fdAT": true,
}

// pngKind names a dropped chunk for Result.Removed.
func pngKind(typ string) string {
	switch typ {
	case "eXIf":
		return "Exif"
	case "tEXt", "zTXt", "iTXt":
		return "text"
	case "tIME":
		return "timestamp"
	}
	return "other"
}

var pngSig = []byte("\x89PNG\r\n\x1a\n")

// maxExifRead is how much of an Exif block is read for its orientation: IFD0 comes
// first, and a thumbnail or maker notes behind it need not be read.
const maxExifRead = 64 << 10

// planPNG walks the chunks by their lengths, reading only their headers (and the
// start of an eXIf), and keeps the critical chunks (IHDR, PLTE, IDAT, IEND and any
// unknown critical one, which a decoder refuses to skip) and those in pngKeep. The
// orientation comes back as an eXIf chunk where the first one was. Whatever follows
// IEND is dropped.
func planPNG(b *builder) error {
	var head [8]byte
	if _, err := b.src.ReadAt(head[:], 0); err != nil || !bytes.Equal(head[:], pngSig) {
		return errors.New("strip: not a PNG (no signature)")
	}
	if err := b.keep(0, 8); err != nil {
		return err
	}
	orientation := 0
	for at := int64(8); at < b.size; {
		n, err := b.src.ReadAt(head[:], at)
		if n < 8 {
			if err == nil || errors.Is(err, io.EOF) {
				return b.keep(at, b.size-at) // a torn chunk header ends the file
			}
			return err
		}
		length := int64(binary.BigEndian.Uint32(head[:4]))
		typ := string(head[4:8])
		end := at + 12 + length
		if length > 1<<31-1 || end > b.size {
			end = b.size // a torn chunk: kept or dropped as a whole one would be
		}
		switch {
		case typ == "IEND":
			if err := b.keep(at, end-at); err != nil {
				return err
			}
			if end < b.size {
				b.removed("trailer")
			}
			b.setExif(pngExif(orientation), orientation)
			return nil
		case head[4]&0x20 == 0 || pngKeep[typ]: // critical, or kept
			if err := b.keep(at, end-at); err != nil {
				return err
			}
		case typ == "eXIf":
			tiff := readExif(b.src, at+8, min(end-at-8, maxExifRead))
			b.exifRemoved(tiff)
			if orientation == 0 {
				if err := b.slot(); err != nil {
					return err
				}
				orientation = media.ExifOrientation(tiff)
			}
		default:
			b.removed(pngKind(typ))
		}
		at = end
	}
	b.setExif(pngExif(orientation), orientation)
	return nil
}

// readExif reads the TIFF structure of an Exif block of n bytes at off, nil when
// there is none.
func readExif(src io.ReaderAt, off, n int64) []byte {
	if n <= 0 {
		return nil
	}
	buf := make([]byte, n)
	k, _ := src.ReadAt(buf, off)
	return exifTIFF(buf[:k])
}

// pngExif is an eXIf chunk recording orientation o alone, nil when none is needed.
func pngExif(o int) []byte {
	if upright(o) {
		return nil
	}
	tiff := orientationTIFF(o)
	c := binary.BigEndian.AppendUint32(nil, uint32(len(tiff)))
	c = append(c, "eXIf"...)
	c = append(c, tiff...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}
