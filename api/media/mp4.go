package media

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"
)

// maxTracks bounds the per-track state kept for one file; real files have a handful.
const maxTracks = 64

// box is one ISO-BMFF box: its type and the byte range of its payload.
type box struct {
	typ       string
	body, end int64
}

// mp4Track is what the duration needs from one track.
type mp4Track struct {
	scale   uint64 // mdhd timescale, ticks per second
	mdhdDur uint64
	trexDur uint64 // trex default sample duration, for fragments
	fragCum uint64 // sum of all fragment durations seen so far
	fragEnd uint64 // latest fragment end, using tfdt when present
}

// mp4Walker walks the boxes of an MP4 or QuickTime file through a ReaderAt, reading
// only box headers and the few small boxes the duration comes from.
type mp4Walker struct {
	r          io.ReaderAt
	size       int64
	visited    int
	buf        [32]byte
	chunk      []byte
	movieScale uint64
	movieDur   uint64
	mehdDur    uint64
	tracks     map[uint64]*mp4Track
}

// mp4Duration finds the duration from, in order of trust: the movie header, the
// fragment header (mehd) and the sum of fragment runs, taking the longest, so a
// fragmented file cannot hide its length behind a short init segment. Only when all
// are missing do the per-track media headers decide.
func mp4Duration(r io.ReaderAt, size int64) (time.Duration, error) {
	w := &mp4Walker{r: r, size: size, tracks: map[uint64]*mp4Track{}}
	err := w.walk(0, size, func(b box) error {
		switch b.typ {
		case "moov":
			return w.walk(b.body, b.end, w.moovChild)
		case "moof":
			return w.walk(b.body, b.end, w.moofChild)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	d := max(ticksToDuration(w.movieDur, w.movieScale), ticksToDuration(w.mehdDur, w.movieScale))
	for _, t := range w.tracks {
		d = max(d, ticksToDuration(max(t.fragEnd, t.fragCum), t.scale))
	}
	if d == 0 {
		for _, t := range w.tracks {
			d = max(d, ticksToDuration(t.mdhdDur, t.scale))
		}
	}
	if d == 0 {
		return 0, ErrNoDuration
	}
	return d, nil
}

// walk calls fn for each box in [off, end). A malformed header ends the walk quietly,
// as trailing garbage after the last box is common; too many boxes is an error.
func (w *mp4Walker) walk(off, end int64, fn func(box) error) error {
	for end-off >= 8 {
		w.visited++
		if w.visited > maxElements {
			return fmt.Errorf("more than %d boxes: %w", maxElements, errCorrupt)
		}
		if err := readFull(w.r, w.buf[:8], off); err != nil {
			return err
		}
		size := uint64(binary.BigEndian.Uint32(w.buf[:4]))
		typ := string(w.buf[4:8])
		hdr := int64(8)
		switch size {
		case 0:
			size = uint64(end - off)
		case 1:
			if end-off < 16 {
				return nil
			}
			if err := readFull(w.r, w.buf[:8], off+8); err != nil {
				return err
			}
			size, hdr = binary.BigEndian.Uint64(w.buf[:8]), 16
		}
		if size < uint64(hdr) {
			return nil
		}
		boxEnd := end
		if size < uint64(end-off) {
			boxEnd = off + int64(size)
		}
		if err := fn(box{typ: typ, body: off + hdr, end: boxEnd}); err != nil {
			return err
		}
		off = boxEnd
	}
	return nil
}

// read returns n (at most len(w.buf)) payload bytes of b from offset at, or nil when
// the box is too short to hold them.
func (w *mp4Walker) read(b box, at int64, n int) ([]byte, error) {
	if b.end-b.body < at+int64(n) {
		return nil, nil
	}
	p := w.buf[:n]
	if err := readFull(w.r, p, b.body+at); err != nil {
		return nil, err
	}
	return p, nil
}

// track returns the state of track id, or nil once maxTracks are known.
func (w *mp4Walker) track(id uint64) *mp4Track {
	if t, ok := w.tracks[id]; ok {
		return t
	}
	if len(w.tracks) >= maxTracks {
		return nil
	}
	t := &mp4Track{}
	w.tracks[id] = t
	return t
}

// fullHeaderTimes reads the version-dependent (timescale, duration) pair that mvhd
// and mdhd share: after version+flags come two times of 4 or 8 bytes each.
func (w *mp4Walker) fullHeaderTimes(b box) (scale, dur uint64, err error) {
	p, err := w.read(b, 0, 1)
	if p == nil || err != nil {
		return 0, 0, err
	}
	if p[0] == 1 {
		if p, err = w.read(b, 20, 12); p == nil || err != nil {
			return 0, 0, err
		}
		scale, dur = uint64(binary.BigEndian.Uint32(p)), binary.BigEndian.Uint64(p[4:])
		if dur == math.MaxUint64 {
			dur = 0 // all ones means "unknown"
		}
		return scale, dur, nil
	}
	if p, err = w.read(b, 12, 8); p == nil || err != nil {
		return 0, 0, err
	}
	scale, dur = uint64(binary.BigEndian.Uint32(p)), uint64(binary.BigEndian.Uint32(p[4:]))
	if dur == math.MaxUint32 {
		dur = 0
	}
	return scale, dur, nil
}

func (w *mp4Walker) moovChild(b box) error {
	switch b.typ {
	case "mvhd":
		scale, dur, err := w.fullHeaderTimes(b)
		w.movieScale, w.movieDur = scale, dur
		return err
	case "mvex":
		return w.walk(b.body, b.end, w.mvexChild)
	case "trak":
		return w.trak(b)
	}
	return nil
}

func (w *mp4Walker) mvexChild(b box) error {
	switch b.typ {
	case "mehd":
		p, err := w.read(b, 0, 1)
		if p == nil || err != nil {
			return err
		}
		if p[0] == 1 {
			if p, err = w.read(b, 4, 8); p != nil {
				w.mehdDur = binary.BigEndian.Uint64(p)
			}
			return err
		}
		if p, err = w.read(b, 4, 4); p != nil {
			w.mehdDur = uint64(binary.BigEndian.Uint32(p))
		}
		return err
	case "trex":
		// version+flags, track_ID, default_sample_description_index, default_sample_duration
		p, err := w.read(b, 0, 16)
		if p == nil || err != nil {
			return err
		}
		if t := w.track(uint64(binary.BigEndian.Uint32(p[4:]))); t != nil {
			t.trexDur = uint64(binary.BigEndian.Uint32(p[12:]))
		}
	}
	return nil
}

// trak collects a track's id (tkhd) and media header (mdia/mdhd).
func (w *mp4Walker) trak(b box) error {
	var id, scale, dur uint64
	err := w.walk(b.body, b.end, func(c box) error {
		switch c.typ {
		case "tkhd":
			p, err := w.read(c, 0, 1)
			if p == nil || err != nil {
				return err
			}
			at := int64(12) // version 0: two 4-byte times before track_ID
			if p[0] == 1 {
				at = 20
			}
			if p, err = w.read(c, at, 4); p != nil {
				id = uint64(binary.BigEndian.Uint32(p))
			}
			return err
		case "mdia":
			return w.walk(c.body, c.end, func(m box) error {
				if m.typ != "mdhd" {
					return nil
				}
				var err error
				scale, dur, err = w.fullHeaderTimes(m)
				return err
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if t := w.track(id); t != nil {
		t.scale, t.mdhdDur = scale, dur
	}
	return nil
}

func (w *mp4Walker) moofChild(b box) error {
	if b.typ == "traf" {
		return w.traf(b)
	}
	return nil
}

// traf adds one track fragment's sample durations to its track. tfhd, tfdt and trun
// are read in any order; the default duration applies only after all are seen.
func (w *mp4Walker) traf(b box) error {
	var (
		id, tfhdDur, base, explicit, defaulted uint64
		hasTfhdDur, hasBase                    bool
	)
	err := w.walk(b.body, b.end, func(c box) error {
		switch c.typ {
		case "tfhd":
			p, err := w.read(c, 0, 8)
			if p == nil || err != nil {
				return err
			}
			flags := binary.BigEndian.Uint32(p) & 0xFFFFFF
			id = uint64(binary.BigEndian.Uint32(p[4:]))
			if flags&0x08 == 0 {
				return nil
			}
			at := int64(8)
			if flags&0x01 != 0 {
				at += 8 // base_data_offset
			}
			if flags&0x02 != 0 {
				at += 4 // sample_description_index
			}
			if p, err = w.read(c, at, 4); p != nil {
				tfhdDur, hasTfhdDur = uint64(binary.BigEndian.Uint32(p)), true
			}
			return err
		case "tfdt":
			p, err := w.read(c, 0, 12)
			if p != nil && p[0] == 1 {
				base, hasBase = binary.BigEndian.Uint64(p[4:]), true
				return err
			}
			if p, err = w.read(c, 0, 8); p != nil {
				base, hasBase = uint64(binary.BigEndian.Uint32(p[4:])), true
			}
			return err
		case "trun":
			e, d, err := w.trun(c)
			explicit, defaulted = addSat(explicit, e), addSat(defaulted, d)
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	t := w.track(id)
	if t == nil {
		return nil
	}
	def := t.trexDur
	if hasTfhdDur {
		def = tfhdDur
	}
	sum := addSat(explicit, mulSat(defaulted, def))
	start := t.fragCum
	if hasBase {
		start = base
	}
	t.fragCum = addSat(t.fragCum, sum)
	t.fragEnd = max(t.fragEnd, addSat(start, sum))
	return nil
}

// trun returns the sum of the durations a track run states per sample, and how many
// samples take the default duration instead. A count larger than the box can hold is
// cut to what it holds.
func (w *mp4Walker) trun(b box) (explicit, defaulted uint64, err error) {
	p, err := w.read(b, 0, 8)
	if p == nil || err != nil {
		return 0, 0, err
	}
	flags := binary.BigEndian.Uint32(p) & 0xFFFFFF
	count := uint64(binary.BigEndian.Uint32(p[4:]))
	at := int64(8)
	if flags&0x001 != 0 {
		at += 4 // data_offset
	}
	if flags&0x004 != 0 {
		at += 4 // first_sample_flags
	}
	entry := int64(4 * bits.OnesCount32(flags&0xF00))
	if flags&0x100 == 0 {
		return 0, count, nil
	}
	room := max(b.end-b.body-at, 0) / entry
	count = min(count, uint64(room))
	if w.chunk == nil {
		w.chunk = make([]byte, 4096/entry*entry)
	}
	off := b.body + at
	for count > 0 {
		n := min(uint64(len(w.chunk))/uint64(entry), count)
		p := w.chunk[:n*uint64(entry)]
		if err := readFull(w.r, p, off); err != nil {
			return explicit, 0, err
		}
		for i := 0; i < len(p); i += int(entry) {
			explicit = addSat(explicit, uint64(binary.BigEndian.Uint32(p[i:])))
		}
		off += int64(len(p))
		count -= n
	}
	return explicit, 0, nil
}
