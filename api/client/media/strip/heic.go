package strip

import (
	"encoding/binary"
	"io"
	"slices"

	"github.com/listings-tui/listings/api/client/media"
)

// maxMeta bounds the meta box read into memory. An iPhone's is a few kilobytes (a
// tiled 48 MP photo's item tables included); a megabyte is far beyond any camera's.
const maxMeta = 1 << 20

// emptyXMP is an XMP packet that says nothing, written over an XMP item so that a
// reader finds a valid packet; the rest of the item is padded with spaces, which XML
// allows after it.
const emptyXMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>`

// span is a range of the file overwritten in place.
type span struct {
	off, n int64
	lit    []byte // written first, then fill
	fill   byte
	kind   string // "Exif" or "XMP"
}

// planHEIC overwrites the Exif and XMP items of a HEIF file in place. Items are
// found through the meta box's iinf (their type) and iloc (where their bytes are),
// and the boxes point at the coded pictures by absolute offset, so nothing may move:
// each item keeps its length, the Exif item becomes an empty Exif block padded with
// zeros, the XMP one an empty packet padded with spaces. The orientation of a HEIF
// picture is its irot and imir properties, which stay; Exif's is only informative.
// What stays too: the thumbnail items, which are the same picture, smaller.
func planHEIC(b *builder) error {
	meta, metaAt, err := findMeta(b)
	if err != nil {
		return err
	}
	spans, err := metaSpans(meta, metaAt, b.size)
	if err != nil {
		return err
	}
	slices.SortFunc(spans, func(x, y span) int { return int(x.off - y.off) })
	at := int64(0)
	for _, s := range spans {
		b.removed(s.kind)
		if s.off < at { // overlapping extents: the part already overwritten stays so
			cut := at - s.off
			if cut >= s.n {
				continue
			}
			s.off, s.n, s.lit = at, s.n-cut, nil
		}
		if err := b.keep(at, s.off-at); err != nil {
			return err
		}
		if err := b.insert(s.lit, s.fill, s.n); err != nil {
			return err
		}
		at = s.off + s.n
	}
	return b.keep(at, b.size-at)
}

var errNoMeta = &CannotError{Format: media.HEIC, Reason: "it has no item table (meta box) to find them by"}

// findMeta reads the top-level meta box into memory and returns its payload (after
// the full box header) and where that payload starts in the file.
func findMeta(b *builder) ([]byte, int64, error) {
	var h [16]byte
	for at := int64(0); at+8 <= b.size; {
		if _, err := b.src.ReadAt(h[:8], at); err != nil {
			return nil, 0, err
		}
		size, hl := int64(binary.BigEndian.Uint32(h[:4])), int64(8)
		switch size {
		case 0:
			size = b.size - at
		case 1:
			if _, err := b.src.ReadAt(h[8:16], at+8); err != nil {
				return nil, 0, err
			}
			size, hl = int64(binary.BigEndian.Uint64(h[8:16])), 16
		}
		if size < hl || size > b.size-at {
			return nil, 0, errNoMeta
		}
		if string(h[4:8]) == "meta" {
			if size > maxMeta {
				return nil, 0, &CannotError{Format: media.HEIC, Reason: "its item table is larger than a photo's can be"}
			}
			buf := make([]byte, size-hl)
			if _, err := b.src.ReadAt(buf, at+hl); err != nil {
				return nil, 0, err
			}
			if len(buf) < 4 {
				return nil, 0, errNoMeta
			}
			return buf[4:], at + hl + 4, nil // meta is a full box: version and flags
		}
		at += size
	}
	return nil, 0, errNoMeta
}

// box is a child box in a parent's payload.
type box struct {
	typ     string
	payload []byte
	at      int // offset of the payload in the parent's
}

// children splits a payload into boxes; a malformed one ends the list.
func children(p []byte) []box {
	var out []box
	for at := 0; at+8 <= len(p); {
		size, hl := int(binary.BigEndian.Uint32(p[at:])), 8
		if size == 1 {
			if at+16 > len(p) {
				break
			}
			s := binary.BigEndian.Uint64(p[at+8:])
			if s > uint64(len(p)-at) {
				break
			}
			size, hl = int(s), 16
		} else if size == 0 {
			size = len(p) - at
		}
		if size < hl || size > len(p)-at {
			break
		}
		out = append(out, box{typ: string(p[at+4 : at+8]), payload: p[at+hl : at+size], at: at + hl})
		at += size
	}
	return out
}

// metaSpans finds the Exif and XMP items and the file ranges that hold them.
func metaSpans(meta []byte, metaAt, fileSize int64) ([]span, error) {
	var iinf, iloc []byte
	idat := int64(-1)
	for _, c := range children(meta) {
		switch c.typ {
		case "iinf":
			iinf = c.payload
		case "iloc":
			iloc = c.payload
		case "idat":
			idat = metaAt + int64(c.at)
		}
	}
	if iinf == nil || iloc == nil {
		return nil, errNoMeta
	}
	kinds, err := itemKinds(iinf)
	if err != nil {
		return nil, err
	}
	if len(kinds) == 0 {
		return nil, nil
	}
	exts, err := itemExtents(iloc, kinds)
	if err != nil {
		return nil, err
	}
	var spans []span
	for id, list := range exts {
		var lit []byte
		fill := byte(0)
		if kinds[id] == "Exif" {
			// An Exif item starts with the offset of the TIFF header after it.
			lit = append([]byte{0, 0, 0, 0}, emptyTIFF()...)
		} else {
			lit, fill = []byte(emptyXMP), ' '
		}
		for i, e := range list {
			if e.method == 1 {
				if idat < 0 {
					return nil, &CannotError{Format: media.HEIC, Reason: "an item points into a data box it does not have"}
				}
				e.off += idat
			}
			if e.off < 0 || e.n < 0 || e.off > fileSize || e.n > fileSize-e.off {
				return nil, &CannotError{Format: media.HEIC, Reason: "an item points outside the file"}
			}
			s := span{off: e.off, n: e.n, fill: fill, kind: kinds[id]}
			if i == 0 && int64(len(lit)) <= e.n {
				s.lit = lit
			}
			spans = append(spans, s)
		}
	}
	return spans, nil
}

// itemKinds returns the items whose content is metadata, by id: "Exif", or "XMP"
// for an application/rdf+xml mime item.
func itemKinds(iinf []byte) (map[uint32]string, error) {
	bad := &CannotError{Format: media.HEIC, Reason: "its item list cannot be read"}
	if len(iinf) < 6 {
		return nil, bad
	}
	skip := 6 // version, flags, a 16-bit count
	if iinf[0] != 0 {
		skip = 8
	}
	if len(iinf) < skip {
		return nil, bad
	}
	kinds := map[uint32]string{}
	for _, c := range children(iinf[skip:]) {
		if c.typ != "infe" || len(c.payload) < 4 {
			continue
		}
		v, p := c.payload[0], c.payload[4:]
		if v < 2 {
			continue // versions 0 and 1 name no item type; Exif items are version 2 or 3
		}
		var id uint32
		switch {
		case v == 2 && len(p) >= 8:
			id, p = uint32(binary.BigEndian.Uint16(p)), p[2:]
		case v >= 3 && len(p) >= 10:
			id, p = binary.BigEndian.Uint32(p), p[4:]
		default:
			continue
		}
		typ, rest := string(p[2:6]), p[6:] // after the protection index
		switch typ {
		case "Exif":
			kinds[id] = "Exif"
		case "mime":
			_, rest = cstring(rest) // the item's name
			if ct, _ := cstring(rest); ct == "application/rdf+xml" {
				kinds[id] = "XMP"
			}
		}
	}
	return kinds, nil
}

// cstring splits a NUL-terminated string off b.
func cstring(b []byte) (string, []byte) {
	for i, c := range b {
		if c == 0 {
			return string(b[:i]), b[i+1:]
		}
	}
	return string(b), nil
}

// extent is a range of an item's bytes: in the file (method 0) or in idat (1).
type extent struct {
	off, n int64
	method int
}

// itemExtents reads the iloc box for the items in want.
func itemExtents(iloc []byte, want map[uint32]string) (map[uint32][]extent, error) {
	bad := &CannotError{Format: media.HEIC, Reason: "its item locations cannot be read"}
	r := &bytesReader{b: iloc}
	v := r.n(1)
	r.n(3) // flags
	sizes := r.n(2)
	offSize, lenSize, baseSize, idxSize := int(sizes>>12), int(sizes>>8&15), int(sizes>>4&15), int(sizes&15)
	if v == 0 {
		idxSize = 0
	}
	count := r.n(2)
	if v == 2 {
		count = r.n(4)
	}
	if r.err != nil || v > 2 {
		return nil, bad
	}
	for _, s := range []int{offSize, lenSize, baseSize, idxSize} {
		if s != 0 && s != 4 && s != 8 {
			return nil, bad
		}
	}
	out := map[uint32][]extent{}
	seen := 0 // extents read, bounded: with zero-sized fields they take no bytes
	for range count {
		var id uint64
		if v < 2 {
			id = r.n(2)
		} else {
			id = r.n(4)
		}
		method := 0
		if v > 0 {
			method = int(r.n(2) & 15)
		}
		r.n(2) // data reference index
		base := r.n(baseSize)
		n := r.n(2)
		_, wanted := want[uint32(id)]
		var list []extent
		for range n {
			if seen++; seen > maxPieces {
				return nil, bad
			}
			r.n(idxSize)
			off, l := r.n(offSize), r.n(lenSize)
			if r.err != nil {
				return nil, bad
			}
			if wanted {
				list = append(list, extent{off: int64(base + off), n: int64(l), method: method})
			}
		}
		if r.err != nil {
			return nil, bad
		}
		if !wanted {
			continue
		}
		if method > 1 {
			return nil, &CannotError{Format: media.HEIC, Reason: "its Exif or XMP item is built from other items"}
		}
		for _, e := range list {
			if e.off < 0 || e.n < 0 { // a 64-bit offset past what int64 holds
				return nil, bad
			}
			if e.n == 0 {
				// "The whole of the source": overwriting to the end of the file
				// could take the picture with it.
				return nil, &CannotError{Format: media.HEIC, Reason: "its Exif or XMP item has no stated length"}
			}
		}
		out[uint32(id)] = append(out[uint32(id)], list...)
	}
	return out, nil
}

// bytesReader reads big-endian numbers of 0 to 8 bytes, remembering the first error.
type bytesReader struct {
	b   []byte
	err error
}

func (r *bytesReader) n(size int) uint64 {
	if r.err != nil {
		return 0
	}
	if size > len(r.b) {
		r.err = io.ErrUnexpectedEOF
		return 0
	}
	var v uint64
	for _, c := range r.b[:size] {
		v = v<<8 | uint64(c)
	}
	r.b = r.b[size:]
	return v
}
