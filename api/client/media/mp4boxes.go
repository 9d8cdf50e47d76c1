package media

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
)

// boxHead is the header of one ISO-BMFF box (ISO/IEC 14496-12 §4.2): the box spans
// [off, end) of the file and its body starts at body. A full box's version and flags
// are the first four bytes of its body.
type boxHead struct {
	typ            [4]byte
	off, body, end int64
}

// name is how a message names the box. A box with its body at 0 stands for the file
// itself, as a parent of the top-level boxes; a real box's body follows its header.
func (h boxHead) name() string {
	if h.body == 0 {
		return "the file"
	}
	return "the " + h.quoted() + " box"
}

// quoted is the box's type as Go would quote it, since a crafted one may be any bytes.
func (h boxHead) quoted() string { return strconv.Quote(string(h.typ[:])) }

// readBoxHead reads the header of the box at off, which must lie in a parent ending at
// parent.end (at the top, the file: a box with only an end): a size of 0 runs to the end of the
// file, 1 means a 64-bit size follows, and a "uuid" box carries 16 bytes of extended
// type. The error names the box and what its size claims, or is the failure to read.
// b is room for the header, so that a header read costs no allocation.
func readBoxHead(r io.ReaderAt, b *[16]byte, off int64, parent boxHead, fileSize int64) (boxHead, error) {
	h := boxHead{off: off, body: off + 8}
	if err := readFull(r, b[:8], off); err != nil {
		return h, err
	}
	copy(h.typ[:], b[4:8])
	left := parent.end - off
	size := uint64(binary.BigEndian.Uint32(b[:4]))
	switch size {
	case 0:
		size = uint64(fileSize - off)
	case 1:
		if left < 16 {
			return h, fmt.Errorf("the %s box at %d is cut short", h.quoted(), off)
		}
		if err := readFull(r, b[8:16], off+8); err != nil {
			return h, err
		}
		size, h.body = binary.BigEndian.Uint64(b[8:16]), off+16
	}
	if h.typ == [4]byte{'u', 'u', 'i', 'd'} {
		h.body += 16
	}
	switch {
	case size < uint64(h.body-off):
		return h, fmt.Errorf("the %s box at %d states a size of %d bytes, less than its header", h.quoted(), off, size)
	case size > uint64(left):
		return h, fmt.Errorf("the %s box claims %d bytes, and %s has %d from there: it is cut short or damaged",
			h.quoted(), size, parent.name(), left)
	}
	h.end = off + int64(size)
	return h, nil
}

// mp4TopBoxes checks that the file's top-level boxes (ftyp, moov, mdat, …) tile it:
// each box's stated size fits in what is left of the file. A moov that claims 4 GB in
// a 140-byte file, or an mdat that claims 49 MB in 1 KB, would otherwise be read as far
// as the file goes, so such a file would be sent and refused by the service, or taken
// as a video it is not; it is refused here, saying which box claims what. The walkers
// then need not tell a cut file from a damaged box at the top level.
func mp4TopBoxes(src *source) error {
	size := src.size
	var b [16]byte
	for off, n := int64(0), 0; off < size; n++ {
		if n > maxBoxes {
			return fmt.Errorf("more than %d top-level boxes: %w", maxBoxes, errCorrupt)
		}
		if size-off < 8 {
			return fmt.Errorf("%d stray bytes after the last box: the file is cut short or damaged: %w", size-off, errCorrupt)
		}
		h, err := readBoxHead(src, &b, off, boxHead{end: size}, size)
		switch {
		case src.err != nil:
			return src.err
		case err != nil:
			return fmt.Errorf("%w: %w", err, errCorrupt)
		}
		off = h.end
	}
	return nil
}

// boxWalk walks the boxes of one file, counting every box it meets against maxBoxes.
// A malformed box ends only the walk of its parent's children, and the first one met is
// kept in problem, for when nothing is found: a damaged fragment must not hide the
// fragments after it, which would make a long video look short.
type boxWalk struct {
	src     *source
	visited int
	problem error
	buf     [112]byte // the largest body decoded: a version 1 mvhd
	hbuf    [16]byte
}

// each calls fn for every child of parent (for the file, every top-level box) in
// file order. fn returns nil to go on, or an error that ends the whole walk: a failure
// to read, a passed bound (errCorrupt) or errStop. Fewer than 8 bytes after the last
// child are ignored, as QuickTime ends some lists with a 4-byte zero.
func (w *boxWalk) each(parent boxHead, fn func(boxHead) error) error {
	for off := parent.body; parent.end-off >= 8; {
		if w.visited++; w.visited > maxBoxes {
			return fmt.Errorf("more than %d boxes: %w", maxBoxes, errCorrupt)
		}
		h, err := readBoxHead(w.src, &w.hbuf, off, parent, w.src.size)
		if w.src.err != nil {
			return w.src.err
		}
		if err != nil {
			if w.problem == nil {
				w.problem = err
			}
			return nil
		}
		if err := fn(h); err != nil {
			return err
		}
		off = h.end
	}
	return nil
}

// head reads the first n bytes of h's body (n at most the size of buf), or none when
// the body is shorter. err is only a failure to read.
func (w *boxWalk) head(h boxHead, n int) ([]byte, error) {
	if h.end-h.body < int64(n) {
		return nil, nil
	}
	if err := readFull(w.src, w.buf[:n], h.body); err != nil {
		return nil, err
	}
	return w.buf[:n], nil
}

// fullBody reads a full box's body when its version is 0, or 1 where v1 allows, and
// the body holds at least size(w, flags) bytes, w being the width of the version's
// time fields (4 bytes in version 0, 8 in version 1); ok is false otherwise, and the
// box is passed over like any box that cannot be decoded. err is only a failure to
// read.
func (w *boxWalk) fullBody(h boxHead, v1 bool, size func(width int, flags uint32) int) (b []byte, width int, ok bool, err error) {
	if b, err = w.head(h, 4); len(b) < 4 {
		return nil, 0, false, err
	}
	switch {
	case b[0] == 0:
		width = 4
	case b[0] == 1 && v1:
		width = 8
	default:
		return nil, 0, false, nil
	}
	n := size(width, binary.BigEndian.Uint32(b)&0xFFFFFF)
	if n > len(w.buf) {
		return nil, 0, false, nil
	}
	if b, err = w.head(h, n); len(b) < n {
		return nil, 0, false, err
	}
	return b, width, true, nil
}

// field reads the big-endian field of width bytes (4 or 8) at at.
func field(b []byte, at, width int) uint64 {
	if width == 8 {
		return binary.BigEndian.Uint64(b[at:])
	}
	return uint64(binary.BigEndian.Uint32(b[at:]))
}
