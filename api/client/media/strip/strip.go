// Package strip removes what identifies a photo's owner and place (GPS position,
// camera serial numbers, owner name, maker notes, XMP, IPTC, comments, embedded
// thumbnails) before it leaves the machine, without re-encoding a pixel: JPEG
// segments, PNG and WebP chunks are dropped whole, and in a HEIC file, whose boxes
// point at each other by offset, the Exif and XMP items are overwritten in place at
// the same length. What a picture needs to be shown as it was taken stays: the coded
// data and its tables, colour profiles and colour chunks, transparency, and the Exif
// orientation, written back as a minimal Exif block holding that tag alone.
//
// The work is a plan, not a copy: Plan reads the file once, front to back, through a
// small buffer, and returns the output as a list of ranges of the source and a few
// bytes of its own (a minimal Exif block, a patched WebP header). The result reads
// like a file (ReadAt, WriteTo) and can be read again for a retry, so a 12 MB photo
// costs kilobytes of memory, whatever it holds. The output is never larger than the
// input by more than MaxGrowth bytes.
package strip

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/listings-tui/listings/api/client/media"
)

// MaxGrowth is the most the output can exceed the input by: a minimal Exif block
// where the original had a smaller one (a JPEG APP1 of 34 bytes, a PNG chunk of 38,
// a WebP chunk of 34), a JFIF header rewritten without its thumbnail never grows.
const MaxGrowth = 64

// maxPieces bounds the ranges a plan holds. A photo from a camera or a phone needs a
// handful (a JPEG with Exif, XMP and a comment: four); a crafted file alternating
// thousands of tiny dropped and kept segments is refused rather than planned.
const maxPieces = 4096

// ErrFragmented is a file whose kept parts are split by more dropped parts than any
// real photo has.
var ErrFragmented = errors.New("the file is split into too many parts to clean")

// CannotError says why a photo's metadata cannot be removed here. The file is fine
// as a picture; only its container keeps the data where this package cannot reach it.
type CannotError struct {
	Format media.Format
	Reason string
}

func (e *CannotError) Error() string {
	return fmt.Sprintf("the %s file's location and camera data cannot be removed here: %s", strings.ToUpper(string(e.Format)), e.Reason)
}

// Result is a cleaned photo: the plan of its bytes and what was taken out.
type Result struct {
	// Size is the length of the cleaned file.
	Size int64
	// Orientation is the Exif orientation written back (2..8), or 1 when none was
	// needed.
	Orientation int
	// Removed names what was taken out, once each, in the order met: "Exif", "XMP",
	// "IPTC", "comment", "thumbnail", "text", "timestamp", "trailer", "other".
	Removed []string

	src    io.ReaderAt
	pieces []piece
	starts []int64 // output offset of each piece, for ReadAt
}

// Changed reports whether the cleaned file differs from the source.
func (r *Result) Changed() bool { return len(r.Removed) > 0 }

// piece is a run of the output: n bytes of the source from off, or lit followed by
// fill up to n bytes when lit is not nil (fill pads an item overwritten in place).
type piece struct {
	off  int64
	n    int64
	lit  []byte
	fill byte
	own  bool // the bytes are the package's own (lit and fill), not the source's
}

// Plan reads a photo of size bytes from src and returns how it reads without its
// metadata. f is its format as media.Sniff tells it; a format that is not a photo
// is an error. A *CannotError means the container holds metadata out of reach.
func Plan(src io.ReaderAt, size int64, f media.Format) (*Result, error) {
	b := &builder{src: src, size: size, res: &Result{src: src, Orientation: 1}}
	var err error
	switch f {
	case media.JPEG:
		err = planJPEG(b)
	case media.PNG:
		err = planPNG(b)
	case media.WebP:
		err = planWebP(b)
	case media.HEIC:
		err = planHEIC(b)
	default:
		return nil, fmt.Errorf("strip: %s is not a photo format", f)
	}
	if err != nil {
		return nil, err
	}
	return b.finish()
}

// ReadAt reads the cleaned file as if it were on disk.
func (r *Result) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("strip: negative offset")
	}
	if off >= r.Size {
		return 0, io.EOF
	}
	i := sort.Search(len(r.starts), func(i int) bool { return r.starts[i] > off }) - 1
	n := 0
	for ; i < len(r.pieces) && n < len(p); i++ {
		pc, at := r.pieces[i], off+int64(n)-r.starts[i]
		want := min(int64(len(p)-n), pc.n-at)
		got, err := pc.readAt(r.src, p[n:n+int(want)], at)
		n += got
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF // the source shrank since it was planned
			}
			return n, err
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// readAt fills p from the piece starting at its byte at.
func (pc piece) readAt(src io.ReaderAt, p []byte, at int64) (int, error) {
	if !pc.own {
		return src.ReadAt(p, pc.off+at)
	}
	for i := range p {
		if j := at + int64(i); j < int64(len(pc.lit)) {
			p[i] = pc.lit[j]
		} else {
			p[i] = pc.fill
		}
	}
	return len(p), nil
}

// WriteTo writes the cleaned file to w.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	return io.Copy(w, io.NewSectionReader(r, 0, r.Size))
}

// builder collects the pieces of a plan in output order.
type builder struct {
	src  io.ReaderAt
	size int64
	res  *Result
	// exifAt is the index of the piece kept free for the minimal Exif, -1 when none.
	exifAt  int
	hasSlot bool
}

// keep adds n bytes of the source from off, merged with the piece before when they
// follow each other.
func (b *builder) keep(off, n int64) error {
	if n <= 0 {
		return nil
	}
	if k := len(b.res.pieces); k > 0 {
		last := &b.res.pieces[k-1]
		if !last.own && last.off+last.n == off {
			last.n += n
			return nil
		}
	}
	return b.add(piece{off: off, n: n})
}

// insert adds bytes of the package's own, padded with fill up to n.
func (b *builder) insert(lit []byte, fill byte, n int64) error {
	return b.add(piece{lit: lit, fill: fill, n: n, own: true})
}

func (b *builder) add(p piece) error {
	if len(b.res.pieces) >= maxPieces {
		return ErrFragmented
	}
	b.res.pieces = append(b.res.pieces, p)
	return nil
}

// slot reserves the place of the minimal Exif block, filled by finish once the
// orientation is known; only the first call counts.
func (b *builder) slot() error {
	if b.hasSlot {
		return nil
	}
	b.hasSlot, b.exifAt = true, len(b.res.pieces)
	return b.add(piece{own: true})
}

// removed records that something of kind was taken out.
func (b *builder) removed(kind string) {
	if !slices.Contains(b.res.Removed, kind) {
		b.res.Removed = append(b.res.Removed, kind)
	}
}

// finish drops empty pieces and works out where each starts.
func (b *builder) finish() (*Result, error) {
	r := b.res
	kept := r.pieces[:0]
	var at int64
	for _, p := range r.pieces {
		if p.n == 0 {
			continue
		}
		kept = append(kept, p)
		r.starts = append(r.starts, at)
		at += p.n
	}
	r.pieces, r.Size = kept, at
	return r, nil
}

// setExif fills the slot reserved by slot with block, the Exif of orientation o,
// when the orientation needs one.
func (b *builder) setExif(block []byte, o int) {
	if !b.hasSlot || block == nil {
		return
	}
	b.res.Orientation = o
	b.res.pieces[b.exifAt] = piece{lit: block, n: int64(len(block)), own: true}
}

// exifRemoved records the removal of an Exif block, unless it is one this package
// writes: a file cleaned before is not changed by a second pass.
func (b *builder) exifRemoved(tiff []byte) {
	if o := media.ExifOrientation(tiff); upright(o) || !bytes.Equal(tiff, orientationTIFF(o)) {
		b.removed("Exif")
	}
}
