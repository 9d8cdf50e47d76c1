package media

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"time"
)

// Matroska element IDs (with their length marker, as the specification lists them).
const (
	idEBML            = 0x1A45DFA3
	idDocType         = 0x4282
	idSegment         = 0x18538067
	idInfo            = 0x1549A966
	idTimecodeScale   = 0x2AD7B1
	idDuration        = 0x4489
	idTracks          = 0x1654AE6B
	idTrackEntry      = 0xAE
	idTrackNumber     = 0xD7
	idDefaultDuration = 0x23E383
	idCluster         = 0x1F43B675
	idTimecode        = 0xE7
	idSimpleBlock     = 0xA3
	idBlockGroup      = 0xA0
	idBlock           = 0xA1
	idBlockDuration   = 0x9B
)

// ebmlElem is one element header: its ID and the byte range of its data; size is
// unknownSize for an element written before its length was known (live recording).
type ebmlElem struct {
	id        uint64
	data, end int64
	size      uint64
}

// webmWalker reads a WebM file's elements through a ReaderAt.
type webmWalker struct {
	r       io.ReaderAt
	visited int
	buf     [12]byte

	scale       uint64  // TimecodeScale, ns per tick
	infoDur     float64 // Info/Duration in ticks, 0 when absent
	clusterTime int64
	lastEnd     uint64            // ns, the end of the latest block seen
	defaultDur  map[uint64]uint64 // TrackNumber → DefaultDuration (ns)
}

// webmDuration reads Segment/Info/Duration × TimecodeScale. A live recording has no
// Duration, so then the clusters are scanned for the latest block, whose end is its
// timestamp plus its BlockDuration or its track's DefaultDuration.
func webmDuration(r io.ReaderAt, size int64) (time.Duration, error) {
	w := &webmWalker{r: r, scale: 1_000_000, defaultDur: map[uint64]uint64{}}
	for off := int64(0); off < size; {
		e, ok, err := w.header(off, size)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if e.id == idSegment {
			if err := w.segment(e.data, e.end); err != nil {
				return 0, err
			}
			break
		}
		if e.size == unknownSize {
			return 0, fmt.Errorf("top-level element %#x of unknown size: %w", e.id, errCorrupt)
		}
		off = e.end
	}
	if w.infoDur > 0 {
		ns := w.infoDur * float64(w.scale)
		if ns >= math.MaxInt64 {
			return time.Duration(math.MaxInt64), nil
		}
		if d := time.Duration(ns); d > 0 {
			return d, nil
		}
	}
	if w.lastEnd == 0 {
		return 0, ErrNoDuration
	}
	return time.Duration(min(w.lastEnd, math.MaxInt64)), nil
}

// header reads the element header at off, limited to end. ok is false when no
// complete, sensible header is there, which ends the scan of that range.
func (w *webmWalker) header(off, end int64) (ebmlElem, bool, error) {
	w.visited++
	if w.visited > maxElements {
		return ebmlElem{}, false, fmt.Errorf("more than %d elements: %w", maxElements, errCorrupt)
	}
	p := w.buf[:min(int64(len(w.buf)), end-off)]
	if err := readFull(w.r, p, off); err != nil {
		return ebmlElem{}, false, err
	}
	id, n := decodeVint(p, true)
	if n == 0 {
		return ebmlElem{}, false, nil
	}
	size, m := decodeVint(p[n:], false)
	if m == 0 {
		return ebmlElem{}, false, nil
	}
	e := ebmlElem{id: id, data: off + int64(n+m), size: size, end: end}
	if size != unknownSize && size < uint64(end-e.data) {
		e.end = e.data + int64(size)
	}
	return e, true, nil
}

// segment scans a Segment as one flat stream: Cluster and Tracks, and an Info of
// unknown size, are entered rather than skipped, so clusters of unknown size need no
// special end detection; the next Cluster's header simply follows.
func (w *webmWalker) segment(off, end int64) error {
	for off < end {
		e, ok, err := w.header(off, end)
		if err != nil || !ok {
			return err
		}
		next := e.end
		switch e.id {
		case idCluster, idTracks:
			next = e.data
		case idInfo:
			if e.size == unknownSize {
				next = e.data
				break
			}
			if err := w.each(e, w.infoChild); err != nil {
				return err
			}
			if w.infoDur > 0 {
				return nil // the writer knew the length; no need to read clusters
			}
		case idTimecodeScale, idDuration:
			if err := w.infoChild(e); err != nil {
				return err
			}
		case idTrackEntry:
			if err := w.trackEntry(e); err != nil {
				return err
			}
		case idTimecode:
			v, err := w.uint(e)
			if err != nil {
				return err
			}
			w.clusterTime = int64(min(v, math.MaxInt64/2))
		case idSimpleBlock:
			if err := w.block(e, 0, false); err != nil {
				return err
			}
		case idBlockGroup:
			if err := w.blockGroup(e); err != nil {
				return err
			}
		default:
			if e.size == unknownSize {
				return nil // cannot be skipped; keep what was found so far
			}
		}
		off = next
	}
	return nil
}

// each calls fn for the children of a master element of known size.
func (w *webmWalker) each(m ebmlElem, fn func(ebmlElem) error) error {
	for off := m.data; off < m.end; {
		e, ok, err := w.header(off, m.end)
		if err != nil || !ok {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
		if e.size == unknownSize {
			return nil
		}
		off = e.end
	}
	return nil
}

func (w *webmWalker) infoChild(e ebmlElem) error {
	switch e.id {
	case idTimecodeScale:
		v, err := w.uint(e)
		if err == nil && v > 0 {
			w.scale = v
		}
		return err
	case idDuration:
		f, err := w.float(e)
		if err == nil && f > 0 && !math.IsInf(f, 0) {
			w.infoDur = f
		}
		return err
	}
	return nil
}

func (w *webmWalker) trackEntry(t ebmlElem) error {
	if t.size == unknownSize {
		return nil
	}
	var num, dur uint64
	err := w.each(t, func(e ebmlElem) error {
		var err error
		switch e.id {
		case idTrackNumber:
			num, err = w.uint(e)
		case idDefaultDuration:
			dur, err = w.uint(e)
		}
		return err
	})
	if err == nil && dur > 0 && len(w.defaultDur) < maxTracks {
		w.defaultDur[num] = dur
	}
	return err
}

func (w *webmWalker) blockGroup(g ebmlElem) error {
	if g.size == unknownSize {
		return nil
	}
	var blk ebmlElem
	var dur uint64
	var hasBlock, hasDur bool
	err := w.each(g, func(e ebmlElem) error {
		var err error
		switch e.id {
		case idBlock:
			blk, hasBlock = e, true
		case idBlockDuration:
			dur, err = w.uint(e)
			hasDur = err == nil
		}
		return err
	})
	if err != nil || !hasBlock {
		return err
	}
	return w.block(blk, dur, hasDur)
}

// block notes the end of one (Simple)Block: track number vint, then a signed 16-bit
// timecode relative to its cluster.
func (w *webmWalker) block(e ebmlElem, dur uint64, hasDur bool) error {
	p := w.buf[:min(int64(len(w.buf)), e.end-e.data)]
	if err := readFull(w.r, p, e.data); err != nil {
		return err
	}
	track, n := decodeVint(p, false)
	if n == 0 || len(p) < n+2 {
		return nil
	}
	ticks := w.clusterTime + int64(int16(binary.BigEndian.Uint16(p[n:])))
	start := mulSat(uint64(max(ticks, 0)), w.scale)
	var length uint64
	if hasDur {
		length = mulSat(dur, w.scale)
	} else {
		length = w.defaultDur[track]
	}
	w.lastEnd = max(w.lastEnd, addSat(start, length))
	return nil
}

// uint reads an unsigned integer element of up to 8 bytes.
func (w *webmWalker) uint(e ebmlElem) (uint64, error) {
	n := e.end - e.data
	if e.size == unknownSize || n > 8 || n < 0 {
		return 0, nil
	}
	p := w.buf[:n]
	if err := readFull(w.r, p, e.data); err != nil {
		return 0, err
	}
	var v uint64
	for _, c := range p {
		v = v<<8 | uint64(c)
	}
	return v, nil
}

// float reads a 4- or 8-byte float element; other lengths read as 0.
func (w *webmWalker) float(e ebmlElem) (float64, error) {
	n := e.end - e.data
	if e.size == unknownSize || (n != 4 && n != 8) {
		return 0, nil
	}
	p := w.buf[:n]
	if err := readFull(w.r, p, e.data); err != nil {
		return 0, err
	}
	if n == 4 {
		return float64(math.Float32frombits(binary.BigEndian.Uint32(p))), nil
	}
	return math.Float64frombits(binary.BigEndian.Uint64(p)), nil
}
