package media

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
)

// mp4TopBoxes checks that the file's top-level boxes (ftyp, moov, mdat, …) tile it:
// each box's stated size fits in what is left of the file. go-mp4 reads a moov that
// claims 4 GB in a 140-byte file, or an mdat that claims 49 MB in 1 KB, as far as the
// file goes and finds a duration in it, so such a file would be sent and refused by
// the service, or taken as a video it is not; it is refused here, saying which box
// claims what.
func mp4TopBoxes(r io.ReaderAt, size int64) error {
	var head [16]byte
	for off, n := int64(0), 0; off < size; n++ {
		if n > maxBoxes {
			return fmt.Errorf("more than %d top-level boxes: %w", maxBoxes, errCorrupt)
		}
		if size-off < 8 {
			return fmt.Errorf("%d stray bytes after the last box: the file is cut short or damaged: %w", size-off, errCorrupt)
		}
		if _, err := r.ReadAt(head[:8], off); err != nil {
			return fmt.Errorf("read the box at %d: %w", off, err)
		}
		boxSize, hdr := int64(binary.BigEndian.Uint32(head[:4])), int64(8)
		typ := strconv.Quote(string(head[4:8]))
		switch boxSize {
		case 0: // to the end of the file
			return nil
		case 1: // a 64-bit size follows
			if size-off < 16 {
				return fmt.Errorf("the %s box at %d is cut short: %w", typ, off, errCorrupt)
			}
			if _, err := r.ReadAt(head[8:16], off+8); err != nil {
				return fmt.Errorf("read the box at %d: %w", off, err)
			}
			large := binary.BigEndian.Uint64(head[8:16])
			if large > uint64(size) {
				return fmt.Errorf("the %s box claims %d bytes, and the file has %d: it is cut short or damaged: %w", typ, large, size-off, errCorrupt)
			}
			boxSize, hdr = int64(large), 16
		}
		if boxSize < hdr {
			return fmt.Errorf("the %s box at %d states a size of %d bytes, less than its header: %w", typ, off, boxSize, errCorrupt)
		}
		if boxSize > size-off {
			return fmt.Errorf("the %s box claims %d bytes, and the file has %d from there: it is cut short or damaged: %w", typ, boxSize, size-off, errCorrupt)
		}
		off += boxSize
	}
	return nil
}
