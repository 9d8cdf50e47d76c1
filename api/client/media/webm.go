package media

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/remko/go-mkvparse"
)

// The elements the scan for a live recording's length reads.
const (
	idInfo          = uint64(mkvparse.InfoElement)
	idTracks        = uint64(mkvparse.TracksElement)
	idCluster       = uint64(mkvparse.ClusterElement)
	idTimecode      = uint64(mkvparse.TimecodeElement)
	idSimpleBlock   = uint64(mkvparse.SimpleBlockElement)
	idBlockGroup    = uint64(mkvparse.BlockGroupElement)
	idBlock         = uint64(mkvparse.BlockElement)
	idBlockDuration = uint64(mkvparse.BlockDurationElement)
)

// errLost reports that go-mkvparse lost its place. It does not step over an element
// whose ID is missing from its Matroska table (newer ones such as FlagOriginal or
// BlockAdditionMapping), so it goes on reading that element's data as elements while
// its offsets still count it as skipped.
var errLost = errors.New("an element the parser does not know threw it off")

// webmHeaders takes what the duration needs from go-mkvparse's events, up to the
// first Cluster: Segment/Info (TimecodeScale, Duration) and each TrackEntry's
// DefaultDuration. Nothing else is entered. Every event first checks that the
// reader is where the event's offsets say (see errLost), so that a value read from
// the wrong bytes is never used.
type webmHeaders struct {
	mkvparse.DefaultHandler
	webmPlace
	visited    int
	segStart   int64 // where the Segment's data starts, 0 when none was found
	segEnd     int64
	inInfo     bool
	scale      uint64  // TimecodeScale, ns per tick
	infoDur    float64 // Info/Duration in ticks, 0 when absent
	track      uint64  // the TrackEntry being read
	trackDur   uint64
	defaultDur map[uint64]uint64 // TrackNumber → DefaultDuration (ns)
}

// webmDuration reads Segment/Info/Duration × TimecodeScale. A live recording has no
// Duration, so then the clusters are scanned for the latest block, whose end is its
// timestamp plus its BlockDuration or its track's DefaultDuration.
func webmDuration(src *source) (time.Duration, error) {
	h := &webmHeaders{webmPlace: webmPlace{io.NewSectionReader(src, 0, src.size)}, scale: 1_000_000, defaultDur: map[uint64]uint64{}}
	err := parse(src, func() error { return mkvparse.Parse(fullReader{h.r}, h) })
	if src.err != nil || errors.Is(err, errCorrupt) {
		return 0, err // the file cannot be read, or a bound was passed
	}
	if h.infoDur > 0 {
		ns := h.infoDur * float64(h.scale)
		if ns >= math.MaxInt64 {
			return time.Duration(math.MaxInt64), nil
		}
		if d := time.Duration(ns); d > 0 {
			return d, nil
		}
	}
	if h.segStart == 0 {
		return 0, stopped(err)
	}
	// From the Segment's start rather than the first Cluster go-mkvparse reported,
	// so that the scan does not depend on it having kept its place.
	s := &clusterScan{src: src, scale: h.scale, defaultDur: h.defaultDur}
	if err := s.run(h.segStart, h.segEnd); err != nil {
		return 0, err
	}
	if s.lastEnd == 0 {
		return 0, stopped(err)
	}
	return time.Duration(min(s.lastEnd, math.MaxInt64)), nil
}

// webmPlace is the reader a go-mkvparse handler reads through, to check its place.
type webmPlace struct{ r *io.SectionReader }

// at checks that the reader is at off, where go-mkvparse believes it is.
func (p webmPlace) at(off int64) error {
	if pos, _ := p.r.Seek(0, io.SeekCurrent); pos != off {
		return fmt.Errorf("%w before offset %d", errLost, pos)
	}
	return nil
}

func (h *webmHeaders) HandleMasterBegin(id mkvparse.ElementID, info mkvparse.ElementInfo) (bool, error) {
	if h.visited++; h.visited > maxElements {
		return false, fmt.Errorf("more than %d elements: %w", maxElements, errCorrupt)
	}
	if err := h.at(info.Offset); err != nil {
		return false, err
	}
	switch {
	case info.Level == 0 && id == mkvparse.SegmentElement:
		h.segStart, h.segEnd = info.Offset, h.r.Size()
		if info.Size >= 0 && info.Size < h.segEnd-info.Offset {
			h.segEnd = info.Offset + info.Size
		}
		return true, nil
	case info.Level == 1 && (id == mkvparse.InfoElement || id == mkvparse.TracksElement):
		h.inInfo = id == mkvparse.InfoElement
		return true, nil
	case info.Level == 2 && id == mkvparse.TrackEntryElement && !h.inInfo:
		h.track, h.trackDur = 0, 0
		return true, nil
	case info.Level == 1 && id == mkvparse.ClusterElement:
		return false, errStop // the clusters are scanned by hand, if at all
	}
	return false, nil
}

func (h *webmHeaders) HandleMasterEnd(id mkvparse.ElementID, info mkvparse.ElementInfo) error {
	if info.Size >= 0 {
		if err := h.at(info.Offset + info.Size); err != nil {
			return err
		}
	}
	switch {
	case info.Level == 0 && id == mkvparse.SegmentElement:
		return errStop // a second Segment is a second file, not more of this one
	case info.Level == 1 && id == mkvparse.InfoElement:
		h.inInfo = false
		if h.infoDur > 0 {
			return errStop // the writer knew the length; no need to read clusters
		}
	case info.Level == 2 && id == mkvparse.TrackEntryElement:
		if h.trackDur > 0 && len(h.defaultDur) < maxTracks {
			h.defaultDur[h.track] = h.trackDur
		}
	}
	return nil
}

func (h *webmHeaders) HandleInteger(id mkvparse.ElementID, v int64, info mkvparse.ElementInfo) error {
	if err := h.at(info.Offset + info.Size); err != nil {
		return err
	}
	switch {
	case info.Level == 2 && id == mkvparse.TimecodeScaleElement && h.inInfo && v != 0:
		h.scale = uint64(v)
	case info.Level == 3 && id == mkvparse.TrackNumberElement:
		h.track = uint64(v)
	case info.Level == 3 && id == mkvparse.DefaultDurationElement:
		h.trackDur = uint64(v)
	}
	return nil
}

func (h *webmHeaders) HandleFloat(id mkvparse.ElementID, f float64, info mkvparse.ElementInfo) error {
	if err := h.at(info.Offset + info.Size); err != nil {
		return err
	}
	if info.Level == 2 && id == mkvparse.DurationElement && h.inInfo && f > 0 && !math.IsInf(f, 0) {
		h.infoDur = f
	}
	return nil
}

// clusterScan finds the end of the latest block. go-mkvparse would read the clusters
// too, but it hands over every block's whole payload, which would pass all the media
// data through memory (and a crafted 50 MB block at once); this reads only the few
// header bytes of each block.
type clusterScan struct {
	src         *source
	visited     int
	buf         [12]byte
	scale       uint64
	defaultDur  map[uint64]uint64
	clusterTime int64
	lastEnd     uint64 // ns
}

// ebmlElem is one element header: its ID and the byte range of its data; size is
// unknownSize for an element written before its length was known (live recording).
type ebmlElem struct {
	id        uint64
	data, end int64
	size      uint64
}

// run reads [off, end) as one flat stream: a Cluster's header (and Info's and
// Tracks', which live writers may leave of unknown size too) is stepped into rather
// than over, so clusters of unknown size need no end detection; the next Cluster's
// header simply follows.
func (s *clusterScan) run(off, end int64) error {
	for off < end {
		e, ok, err := s.header(off, end)
		if err != nil || !ok {
			return err
		}
		next := e.end
		switch e.id {
		case idCluster, idInfo, idTracks:
			next = e.data
		case idTimecode:
			v, err := s.uint(e)
			if err != nil {
				return err
			}
			s.clusterTime = int64(min(v, math.MaxInt64/2))
		case idSimpleBlock:
			err = s.block(e, 0, false)
		case idBlockGroup:
			err = s.blockGroup(e)
		default:
			if e.size == unknownSize {
				return nil // cannot be skipped; keep what was found so far
			}
		}
		if err != nil {
			return err
		}
		off = next
	}
	return nil
}

// header reads the element header at off, limited to end. ok is false when no
// complete, sensible header is there, which ends the scan.
func (s *clusterScan) header(off, end int64) (ebmlElem, bool, error) {
	if s.visited++; s.visited > maxElements {
		return ebmlElem{}, false, fmt.Errorf("more than %d elements: %w", maxElements, errCorrupt)
	}
	p := s.buf[:min(int64(len(s.buf)), end-off)]
	if err := readFull(s.src, p, off); err != nil {
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

func (s *clusterScan) blockGroup(g ebmlElem) error {
	if g.size == unknownSize {
		return nil
	}
	var blk ebmlElem
	var dur uint64
	var hasBlock, hasDur bool
	for off := g.data; off < g.end; {
		e, ok, err := s.header(off, g.end)
		if err != nil || !ok {
			return err
		}
		switch e.id {
		case idBlock:
			blk, hasBlock = e, true
		case idBlockDuration:
			if dur, err = s.uint(e); err != nil {
				return err
			}
			hasDur = true
		}
		if e.size == unknownSize {
			break
		}
		off = e.end
	}
	if !hasBlock {
		return nil
	}
	return s.block(blk, dur, hasDur)
}

// block notes the end of one (Simple)Block: track number vint, then a signed 16-bit
// timecode relative to its cluster.
func (s *clusterScan) block(e ebmlElem, dur uint64, hasDur bool) error {
	p := s.buf[:min(int64(len(s.buf)), e.end-e.data)]
	if err := readFull(s.src, p, e.data); err != nil {
		return err
	}
	track, n := decodeVint(p, false)
	if n == 0 || len(p) < n+2 {
		return nil
	}
	ticks := s.clusterTime + int64(int16(binary.BigEndian.Uint16(p[n:])))
	start := mulSat(uint64(max(ticks, 0)), s.scale)
	length := s.defaultDur[track]
	if hasDur {
		length = mulSat(dur, s.scale)
	}
	s.lastEnd = max(s.lastEnd, addSat(start, length))
	return nil
}

// uint reads an unsigned integer element of up to 8 bytes; a longer one reads as 0.
func (s *clusterScan) uint(e ebmlElem) (uint64, error) {
	n := e.end - e.data
	if e.size == unknownSize || n > 8 || n < 0 {
		return 0, nil
	}
	p := s.buf[:n]
	if err := readFull(s.src, p, e.data); err != nil {
		return 0, err
	}
	var v uint64
	for _, c := range p {
		v = v<<8 | uint64(c)
	}
	return v, nil
}
