package media

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"
)

// errCorrupt reports a container too broken, or too contrived, to read.
var errCorrupt = errors.New("corrupt container")

// errStop ends a parser's walk early; it is never shown to a caller.
var errStop = errors.New("stop")

// errPanic is a parser's panic, made an error by parse.
var errPanic = errors.New("the parser failed")

// maxElements bounds how many boxes or EBML elements one VideoDuration call visits, so
// that a crafted file of millions of tiny elements cannot keep it busy. A real 50 MiB
// minute of video has a few thousand.
const maxElements = 1 << 20

// maxReads bounds the reads of one VideoDuration call for the same reason: the parsers
// read a byte or a field at a time, and not every element they step over is counted.
const maxReads = 4 * maxElements

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
	src := &source{r: r, size: size}
	var d time.Duration
	switch f {
	case MP4, MOV:
		if err := mp4TopBoxes(src); err != nil {
			return 0, f, fmt.Errorf("%s: %w", f, err)
		}
		d, err = mp4Duration(src)
	case WebM:
		d, err = webmDuration(src)
	default:
		return 0, f, fmt.Errorf("%w: the content is %s", ErrNotVideo, f)
	}
	if err != nil {
		return 0, f, fmt.Errorf("%s duration: %w", f, err)
	}
	return d, f, nil
}

// source is the file as the parsers see it. The parsers cannot tell a file that is
// shorter than its stated size (or fails to read) from a container that claims more
// than the file holds: both reach them as an end of file. source keeps the first
// real failure so that it, not the parser's guess, is reported. It also keeps a small
// window of the file, because the parsers read a byte or a field at a time and each
// read of an *os.File is a system call.
type source struct {
	r      io.ReaderAt
	size   int64
	reads  int
	err    error
	window []byte // the bytes at [at, at+len(window))
	at     int64
	buf    [4096]byte
}

func (s *source) ReadAt(p []byte, off int64) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.reads++; s.reads > maxReads {
		s.err = fmt.Errorf("more than %d reads: %w", maxReads, errCorrupt)
		return 0, s.err
	}
	if off < 0 || off >= s.size {
		return 0, io.EOF
	}
	want := p[:min(int64(len(p)), s.size-off)]
	switch {
	case off >= s.at && off+int64(len(want)) <= s.at+int64(len(s.window)):
		copy(want, s.window[off-s.at:])
	case len(want) > len(s.buf):
		if err := s.fill(want, off); err != nil {
			return 0, err
		}
	default:
		s.window, s.at = s.buf[:min(int64(len(s.buf)), s.size-off)], off
		if err := s.fill(s.window, off); err != nil {
			s.window = nil
			return 0, err
		}
		copy(want, s.window)
	}
	if len(want) < len(p) {
		return len(want), io.EOF
	}
	return len(want), nil
}

// fill reads all of dst at off. Only bytes inside the stated size are asked for, so a
// short read means the file is shorter than stated, or failed.
func (s *source) fill(dst []byte, off int64) error {
	n, err := s.r.ReadAt(dst, off)
	if n == len(dst) {
		return nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	s.err = fmt.Errorf("read %d bytes at %d of a %d-byte file: %w", len(dst), off, s.size, err)
	return s.err
}

// parse runs a library parser over src. A panic in it (a bug reached by a crafted
// file) becomes an error rather than taking the caller down, and when the file could
// not be read, that failure is returned rather than the parser's guess at it.
func parse(src *source, run func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errPanic, r)
		}
		if src.err != nil {
			err = src.err
		}
	}()
	return run()
}

// stopped is the error when a walk found no duration. A malformed or truncated
// structure only means that no duration could be read, the same as a file that
// has none, but the message says why.
func stopped(err error) error {
	switch {
	case err == nil, errors.Is(err, errStop):
		return ErrNoDuration
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%w: truncated, an element runs past the end of the file", ErrNoDuration)
	}
	return fmt.Errorf("%w: %v", ErrNoDuration, err)
}

// fullReader makes every Read fill its buffer or fail. go-mkvparse reads a value
// with one Read and does not look at the count, so a value cut by the end of the
// file would otherwise be read as if padded with zeros.
type fullReader struct{ *io.SectionReader }

func (r fullReader) Read(p []byte) (int, error) {
	return io.ReadFull(r.SectionReader, p)
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
