// Package media owns what the client and the sandbox both need to know about a media
// file before it is sent: its format sniffed from the content, the spec's limits, a
// video's duration read from its container, EXIF orientation, how much memory a
// photo's decode takes (read from its header before any pixel is decoded: Header,
// MaxDecodeBytes, Decode) and how a photo is fitted in 1600 px (area averaging, plane
// by plane: Fit).
//
// MP4 and MOV are walked by the package's own ISO-BMFF box reader (mp4boxes.go), which
// decodes the handful of header boxes it needs, sums the fragments of a fragmented
// file and steps over everything else. A video comes from anywhere, so the reader is
// checked against github.com/abema/go-mp4, an independent parser fuzzed by its
// authors, on every fixture, on random box trees and in a fuzz test; go-mp4 is a test
// dependency only, as its package init cost every run of the binary about 2 ms. WebM
// is walked by github.com/remko/go-mkvparse, with what it lacks added: the clusters of
// a WebM recorded live without a Duration are scanned, and its weak spots on hostile
// input guarded (webm.go). Photos are decoded by image/jpeg, image/png and
// golang.org/x/image/webp, which hold the whole picture: what the package adds is the
// count of what that costs, so that a small file describing a huge picture is refused
// before it is decoded.
package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"time"
)

// Limits from the spec. Its "12 MB" and "50 MB" are read as 10^6 bytes a megabyte,
// as docs/sandbox.md records: what the spec writes, what a file manager shows, and
// the reading under which a file the client lets through is within the limit
// whichever way the service counts. FileSize prints sizes in that unit.
const (
	MaxPhotoBytes    = 12_000_000
	MaxVideoBytes    = 50_000_000
	MaxVideoDuration = 60 * time.Second
	MaxPhotos        = 12
	TargetSide       = 1600
)

// Format is a file format recognised by its content.
type Format string

const (
	Unknown Format = ""
	JPEG    Format = "jpeg"
	PNG     Format = "png"
	WebP    Format = "webp"
	HEIC    Format = "heic"
	GIF     Format = "gif"
	MP4     Format = "mp4"
	MOV     Format = "mov"
	WebM    Format = "webm"

	// The formats below are recognised only so that a refusal can name them; no upload
	// accepts them.

	AVIF     Format = "avif"
	Matroska Format = "matroska" // EBML with DocType "matroska": not WebM
	BMP      Format = "bmp"
	TIFF     Format = "tiff"
)

// SniffLen is how many leading bytes Sniff needs.
const SniffLen = 64

// ErrNoDuration means the container holds no duration that could be read.
var ErrNoDuration = errors.New("no duration in the container")

// ErrNotVideo means VideoDuration was given a file that is not MP4, MOV or WebM.
var ErrNotVideo = errors.New("not an MP4, MOV or WebM file")

// IsPhoto reports whether the photo upload accepts f.
func (f Format) IsPhoto() bool {
	switch f {
	case JPEG, PNG, WebP, HEIC:
		return true
	}
	return false
}

// IsVideo reports whether the video upload accepts f.
func (f Format) IsVideo() bool {
	switch f {
	case MP4, MOV, WebM:
		return true
	}
	return false
}

// String names the format for messages; Unknown reads "unknown".
func (f Format) String() string {
	if f == Unknown {
		return "unknown"
	}
	return string(f)
}

// Sniff tells the format from the first SniffLen bytes of a file. A shorter head is
// fine; it only lowers the chance of a match.
func Sniff(head []byte) Format {
	if len(head) > SniffLen {
		head = head[:SniffLen]
	}
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return GIF
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return WebP
	case bytes.HasPrefix(head, []byte("BM")) && len(head) >= 14 && binary.LittleEndian.Uint32(head[6:10]) == 0:
		// BMP's reserved words are zero; this keeps random "BM" text out.
		return BMP
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return TIFF
	case bytes.HasPrefix(head, ebmlMagic):
		return sniffEBML(head)
	case len(head) >= 8 && string(head[4:8]) == "ftyp":
		return sniffFtyp(head)
	case len(head) >= 8 && isQuickTimeLeadAtom(head):
		return MOV
	}
	return Unknown
}

// Brands of the ISO base media file format, grouped by what the upload calls them.
var (
	heicBrands = map[string]bool{"heic": true, "heix": true, "hevc": true, "hevx": true,
		"heim": true, "heis": true, "hevm": true, "hevs": true}
	heifBrands = map[string]bool{"mif1": true, "msf1": true}
	avifBrands = map[string]bool{"avif": true, "avis": true}
	movBrands  = map[string]bool{"qt  ": true}
	mp4Brands  = map[string]bool{"isom": true, "iso2": true, "iso3": true, "iso4": true,
		"iso5": true, "iso6": true, "iso7": true, "iso8": true, "iso9": true,
		"mp41": true, "mp42": true, "avc1": true, "dash": true, "msdh": true, "msix": true,
		"M4V ": true, "M4VH": true, "M4VP": true, "mmp4": true, "MSNV": true, "f4v ": true,
		"XAVC": true, "cmfc": true, "cmf2": true, "hvc1": true}
)

// sniffFtyp classifies an ISO-BMFF file by its major brand first, because that is the
// brand the writer chose; compatible brands only decide when the major one is generic
// (mif1, msf1) or unfamiliar. AVIF also lists mif1, so it is told apart explicitly.
func sniffFtyp(head []byte) Format {
	if len(head) < 12 {
		return Unknown
	}
	major := head[8:12]
	switch {
	case heicBrands[string(major)]:
		return HEIC
	case avifBrands[string(major)]:
		return AVIF
	case movBrands[string(major)]:
		return MOV
	case mp4Brands[string(major)]:
		return MP4
	}
	end := len(head)
	if size := int(binary.BigEndian.Uint32(head)); size >= 16 && size < end {
		end = size
	}
	generic := heifBrands[string(major)]
	for i := 16; i+4 <= end; i += 4 {
		b := head[i : i+4]
		switch {
		case heicBrands[string(b)]:
			return HEIC
		case avifBrands[string(b)]:
			return AVIF
		case heifBrands[string(b)]:
			generic = true
		}
	}
	if generic {
		return HEIC
	}
	for i := 16; i+4 <= end; i += 4 {
		b := head[i : i+4]
		switch {
		case movBrands[string(b)]:
			return MOV
		case mp4Brands[string(b)]:
			return MP4
		}
	}
	return Unknown
}

// isQuickTimeLeadAtom recognises old QuickTime files, which have no ftyp and start
// straight with one of these atoms.
func isQuickTimeLeadAtom(head []byte) bool {
	switch string(head[4:8]) {
	case "moov", "mdat", "wide", "free", "skip", "pnot":
	default:
		return false
	}
	size := binary.BigEndian.Uint32(head)
	return size == 0 || size == 1 || size >= 8
}

var ebmlMagic = []byte{0x1A, 0x45, 0xDF, 0xA3}

// idDocType is the EBML header's DocType element, with its length marker as the
// Matroska tables write IDs.
const idDocType = 0x4282

// sniffEBML reads the DocType out of the EBML header. WebM is a subset of Matroska
// that browsers play; a file that calls itself "matroska" is not accepted as WebM.
func sniffEBML(head []byte) Format {
	e := ebmlBuf{b: head, off: len(ebmlMagic)}
	size, ok := e.vint(false)
	if !ok {
		return Unknown
	}
	end := len(head)
	if size != unknownSize && size < uint64(end-e.off) {
		end = e.off + int(size)
	}
	for e.off < end {
		id, ok := e.vint(true)
		if !ok {
			return Unknown
		}
		n, ok := e.vint(false)
		if !ok || e.off > end || n > uint64(end-e.off) {
			return Unknown
		}
		if id == idDocType {
			doc := string(bytes.TrimRight(head[e.off:e.off+int(n)], "\x00"))
			switch doc {
			case "webm":
				return WebM
			case "matroska":
				return Matroska
			}
			return Unknown
		}
		e.off += int(n)
	}
	return Unknown
}

// ebmlBuf decodes EBML variable-length integers from a byte slice.
type ebmlBuf struct {
	b   []byte
	off int
}

// unknownSize marks an EBML element whose size field is all ones.
const unknownSize = ^uint64(0)

// vint reads one EBML variable-length integer. IDs keep their length marker bit, as
// the Matroska element tables write them; sizes drop it, and an all-ones size becomes
// unknownSize.
func (e *ebmlBuf) vint(keepMarker bool) (uint64, bool) {
	if e.off >= len(e.b) {
		return 0, false
	}
	v, n := decodeVint(e.b[e.off:], keepMarker)
	if n == 0 {
		return 0, false
	}
	e.off += n
	return v, true
}

// decodeVint decodes a vint at the start of b and returns its value and length, or a
// length of 0 when b does not hold a complete, valid one.
func decodeVint(b []byte, keepMarker bool) (uint64, int) {
	if len(b) == 0 || b[0] == 0 {
		return 0, 0
	}
	n := 1
	for mask := byte(0x80); b[0]&mask == 0; mask >>= 1 {
		n++
	}
	if len(b) < n || (keepMarker && n > 4) {
		return 0, 0
	}
	v := uint64(b[0])
	if !keepMarker {
		v &= uint64(0xFF >> n)
	}
	allOnes := v == uint64(0xFF>>n)
	for _, c := range b[1:n] {
		v = v<<8 | uint64(c)
		allOnes = allOnes && c == 0xFF
	}
	if !keepMarker && allOnes {
		return unknownSize, n
	}
	return v, n
}
