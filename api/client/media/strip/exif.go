package strip

import "bytes"

// exifHeader starts the payload of a JPEG's Exif APP1 segment (and, by some writers'
// habit, of a WebP EXIF chunk).
var exifHeader = []byte("Exif\x00\x00")

// orientationTIFF is a big-endian TIFF structure whose IFD0 holds only the
// Orientation tag (0x0112, SHORT, one value) set to o: 26 bytes that keep the photo
// upright in every viewer that reads Exif, and say nothing else.
func orientationTIFF(o int) []byte {
	return []byte{
		'M', 'M', 0, 42, 0, 0, 0, 8, // byte order, magic, IFD0 at 8
		0, 1, // one entry
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, // Orientation, SHORT, 1, o
		0, 0, 0, 0, // no IFD1: no thumbnail
	}
}

// emptyTIFF is a TIFF structure with an empty IFD0: the smallest Exif block that
// readers take as valid, for a HEIC Exif item that must stay in place.
func emptyTIFF() []byte {
	return []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0}
}

// exifTIFF returns the TIFF structure of an Exif payload, skipping the "Exif\0\0"
// header when it has one.
func exifTIFF(payload []byte) []byte {
	return bytes.TrimPrefix(payload, exifHeader)
}

// upright reports whether an orientation needs no Exif block to be shown right.
func upright(o int) bool { return o < 2 || o > 8 }
