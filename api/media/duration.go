package media

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"
)

// errCorrupt reports a container too broken, or too contrived, to walk.
var errCorrupt = errors.New("corrupt container")

// maxElements bounds how many boxes or EBML elements one VideoDuration call visits, so
// that a crafted file of millions of tiny elements cannot keep it busy. A real 50 MiB
// minute of video has a few thousand.
const maxElements = 1 << 20

// VideoDuration reads the duration of an MP4, MOV or WebM file from its container.
// It reads only headers (never the media data), so its memory does not grow with the
// file. The Format is returned also on error, so a caller can name what it found;
// a file of another format gives ErrNotVideo, a container without a usable duration
// ErrNoDuration.
func VideoDuration(r io.ReaderAt, size int64) (time.Duration, Format, error) {
	if size < 0 {
		return 0, Unknown, fmt.Errorf("video size %d: %w", size, errCorrupt)
	}
	head := make([]byte, min(size, SniffLen))
	n, err := r.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, Unknown, fmt.Errorf("read video head: %w", err)
	}
	f := Sniff(head[:n])
	var d time.Duration
	switch f {
	case MP4, MOV:
		d, err = mp4Duration(r, size)
	case WebM:
		d, err = webmDuration(r, size)
	default:
		return 0, f, fmt.Errorf("%w: the content is %s", ErrNotVideo, f)
	}
	if err != nil {
		return 0, f, fmt.Errorf("%s duration: %w", f, err)
	}
	return d, f, nil
}

// ticksToDuration converts ticks of 1/scale second into a Duration without overflow;
// a value past what Duration holds saturates.
func ticksToDuration(ticks, scale uint64) time.Duration {
	if scale == 0 {
		return 0
	}
	secs, rem := ticks/scale, ticks%scale
	if secs >= uint64(math.MaxInt64/int64(time.Second)) {
		return time.Duration(math.MaxInt64)
	}
	// rem < scale; rem*1e9 may pass 64 bits when scale does, so go through 128 bits.
	hi, lo := bits.Mul64(rem, uint64(time.Second))
	frac, _ := bits.Div64(hi, lo, scale)
	return time.Duration(secs)*time.Second + time.Duration(frac)
}

// addSat adds without wrapping past the largest uint64.
func addSat(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// mulSat multiplies without wrapping past the largest uint64.
func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// readFull reads exactly len(p) bytes at off; a short read is an error, since every caller
// has already checked that the bytes lie inside the file.
func readFull(r io.ReaderAt, p []byte, off int64) error {
	n, err := r.ReadAt(p, off)
	if n == len(p) {
		return nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("read %d bytes at %d: %w", len(p), off, err)
}
